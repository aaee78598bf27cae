package org.fdrsim.cpu.core;

import org.fdrsim.cpu.mem.SparseMemory;

/**
 * The two memory pages {@link FlatLoop} keeps for its accesses (a software TLB): the page
 * arrays of the page last accessed off the loop's fast path and of the one before it (arrays
 * alternate between two pages, e.g. fft's real and imaginary parts). The loop reads and swaps
 * them in locals and stores them back when it stops; a {@link TranslatedLoop} reaches them
 * through {@link #wordPage} and {@link #bytePage}; {@link FlatSlowInstructions} replaces them
 * after an access the loop left to it.
 *
 * <p>A kept array is the memory's own, writable in place: only a page wholly inside memory that
 * the memory has made writable, and none while a listener watches memory accesses (it must see
 * every access), so an access that hits a kept page needs no other check. A call into the
 * memory may pack a page and reuse its array: the second page survives an access only if the
 * memory packed nothing during it, and anything else that may reach the memory (a device,
 * {@code rdcycle}'s I/O port, an interrupt's listener, the caller between two runs) drops both
 * ({@link SystemInstructions#mayReachMemory}).
 */
final class KeptPages {
    /** A page's number is {@code address >>> PAGE_SHIFT}. */
    static final int PAGE_SHIFT = SparseMemory.PAGE_SHIFT;

    /** The first page's number ({@code address >>> PAGE_SHIFT}), -1 for none, and its array. */
    long number = -1;
    long[] page;
    /** The second page's number, -1 for none, and its array. */
    long number2 = -1;
    long[] page2;

    /**
     * The kept page array holding the aligned word at {@code a}, the second page swapped in
     * first if it is that one; null if neither holds it or {@code a} is not aligned.
     */
    long[] wordPage(long a) {
        return (a & 7) == 0 ? bytePage(a) : null;
    }

    /** The kept page array holding the byte at {@code a} (as {@link #wordPage}, any alignment); null if neither. */
    long[] bytePage(long a) {
        long pn = a >>> PAGE_SHIFT;
        if (pn == number) {
            return page;
        }
        if (pn != number2) {
            return null;
        }
        long[] t = page;
        page = page2;
        page2 = t;
        number2 = number;
        number = pn;
        return page;
    }

    /** Forgets both pages. */
    void clear() {
        number = -1;
        page = null;
        number2 = -1;
        page2 = null;
    }

    /**
     * Keeps the page of {@code address} (just accessed through the memory) first, and the old first
     * page second if the memory's packing count is still {@code packingsBefore}, the count read
     * before that access.
     */
    void keep(Processor cpu, long address, long packingsBefore) {
        SparseMemory mem = cpu.flat;
        long pn = address >>> PAGE_SHIFT;
        long[] fresh = cpu.accessListener == null && pn < cpu.memorySize >>> PAGE_SHIFT
                ? mem.writablePageOrNull(address) : null;
        if (mem.packings() == packingsBefore) {
            if (pn != number) {
                number2 = number;
                page2 = page;
            }
        } else {
            number2 = -1;
            page2 = null;
        }
        if (pn == number2) {
            number2 = -1;
            page2 = null;
        }
        number = fresh == null ? -1 : pn;
        page = fresh;
    }
}
