package org.fdrsim.cpu.isa;

/**
 * The fixed physical address layout: data memory from 0, device registers from
 * {@link #IO_BASE} (uncached, 8-byte accesses). Console and timer addresses are fixed by the ISA.
 */
public final class AddressMap {
    /** Bytes in a word. */
    public static final int WORD_BYTES = 8;
    /** Bytes in a cache block. */
    public static final int BLOCK_BYTES = 64;
    /** Where data starts unless {@code .org} says otherwise. */
    public static final long DEFAULT_DATA_BASE = 0x10000L;
    /** Memory per processor by default (512 MB, FDR1). */
    public static final long DEFAULT_MEMORY_PER_CPU = 512L << 20;

    /** First device register address. */
    public static final long IO_BASE = 0xFFFF_0000_0000L;
    /** One past the last device register address. */
    public static final long IO_END = 0x1_0000_0000_0000L;

    public static final long CONSOLE_BASE = 0xFFFF_0000_0000L;
    /** Store: write the low byte to the console. */
    public static final long CONSOLE_PUTC = CONSOLE_BASE;
    /** Store: write the value as signed decimal and a newline. */
    public static final long CONSOLE_PUTINT = CONSOLE_BASE + 0x08;
    /** Load: next input byte, or -1. */
    public static final long CONSOLE_GETC = CONSOLE_BASE + 0x10;

    /** Timer of processor p: {@code TIMER_BASE + TIMER_STRIDE * p}; store = interval in cycles. */
    public static final long TIMER_BASE = 0xFFFF_0000_1000L;
    public static final long TIMER_STRIDE = 0x100L;
    /** Interrupt number of the per-processor timer. */
    public static final int TIMER_INTERRUPT = 1;

    private AddressMap() {}

    public static boolean isIo(long address) {
        return address >= IO_BASE && address < IO_END;
    }

    public static long blockOf(long address) {
        return address & ~(long) (BLOCK_BYTES - 1);
    }
}
