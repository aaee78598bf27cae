package org.fdrsim.cpu.program;

/** Initial bytes of data memory starting at {@code address}. */
public record DataSegment(long address, byte[] bytes) {
    public long end() {
        return address + bytes.length;
    }
}
