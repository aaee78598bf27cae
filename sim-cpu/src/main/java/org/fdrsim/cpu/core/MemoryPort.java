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
     * The memory itself if this port is flat memory that never misses and adds no latency
     * (every access hits at once), else null: a processor over such a port runs a loop that
     * reads and writes the memory directly.
     */
    default SparseMemory flatMemory() {
        return null;
    }
}
