package org.fdrsim.io.log;

import java.util.Arrays;

/** One DMA data log entry: the 64-byte block written at {@code address} (8 words). */
public record DmaDataEntry(long address, long[] data) {
    public DmaDataEntry {
        data = data.clone();
    }

    @Override
    public long[] data() {
        return data.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DmaDataEntry e && e.address == address && Arrays.equals(e.data, data);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(address) * 31 + Arrays.hashCode(data);
    }

    @Override
    public String toString() {
        return "DmaDataEntry[0x" + Long.toHexString(address) + " " + Arrays.toString(data) + "]";
    }
}
