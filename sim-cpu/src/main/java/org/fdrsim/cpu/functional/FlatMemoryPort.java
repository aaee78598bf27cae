package org.fdrsim.cpu.functional;

import org.fdrsim.cpu.core.MemoryPort;
import org.fdrsim.cpu.mem.SparseMemory;

/** Ideal memory: every access hits at once in one flat memory shared by all processors. */
public final class FlatMemoryPort implements MemoryPort {
    private final SparseMemory memory;

    public FlatMemoryPort(SparseMemory memory) {
        this.memory = memory;
    }

    @Override
    public SparseMemory flatMemory() {
        return memory;
    }

    @Override
    public int acquire(long address, boolean write, long ic, long cycle) {
        return 0;
    }

    @Override
    public long loadWord(long address) {
        return memory.loadWord(address);
    }

    @Override
    public void storeWord(long address, long value) {
        memory.storeWord(address, value);
    }

    @Override
    public int loadByte(long address) {
        return memory.loadByte(address);
    }

    @Override
    public void storeByte(long address, int value) {
        memory.storeByte(address, value);
    }
}
