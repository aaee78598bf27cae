package org.fdrsim.cpu.core;

import org.fdrsim.cpu.mem.SparseMemory;

/**
 * A processor's path to cacheable data memory. The functional machine answers every access
 * at once from flat memory; the timed machine answers from the processor's caches and
 * starts a coherence miss when the block is absent or lacks permission.
 *
 * <p>An access is two steps, as in hardware: {@link #acquire} checks tags and permission,
 * then the word is read or written. If acquire returns {@link #MISS}, the instruction does
 * not commit; the owner of the port wakes the processor when the block arrives and the
 * instruction executes again (and then hits).
 */
public interface MemoryPort {
    /** Returned by {@link #acquire} when the processor must stall for a miss. */
    int MISS = -1;

    /**
     * Makes the block holding {@code address} readable (or writable, if {@code write}) for
     * the instruction that will commit as instruction count {@code ic}, at the processor's
     * cycle {@code cycle} (a miss leaves at that time).
     *
     * @return extra cycles the access costs beyond the instruction's own cycle, or {@link #MISS}
     */
    int acquire(long address, boolean write, long ic, long cycle);

    long loadWord(long address);

    void storeWord(long address, long value);

    /** The byte at {@code address}, zero-extended. */
    int loadByte(long address);

    void storeByte(long address, int value);

    /**
     * The extra cycles of an access that repeats the last {@link #acquire}, which hit, with
     * nothing else in between: the block is then in the nearest cache. {@link #MISS} if this
     * port cannot repeat hits with {@link #repeatHits}; the processor then acquires every access.
     */
    default int repeatedHitCycles() {
        return MISS;
    }

    /**
     * Records {@code times} more accesses to the block of the last {@link #acquire}, which hit,
     * as if each were acquired in turn with nothing else in between, the last as instruction
     * count {@code lastIc}: what a spin loop does that reads a block, or swaps into it the value
     * it holds, until another processor changes it. Statistics count every access; what keeps
     * only the latest (the replacement order, a frame's last access) sees the last. Only called
     * when {@link #repeatedHitCycles} is not {@link #MISS}.
     */
    default void repeatHits(long address, boolean write, long lastIc, long times) {
        throw new UnsupportedOperationException("this port does not repeat hits");
    }

    /**
     * The memory itself if this port is flat memory that never misses and adds no latency
     * (every access hits at once), else null: a processor over such a port runs a loop that
     * reads and writes the memory directly.
     */
    default SparseMemory flatMemory() {
        return null;
    }
}
