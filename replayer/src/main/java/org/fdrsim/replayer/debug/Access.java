package org.fdrsim.replayer.debug;

/** One committed access to a word, for {@code trace}: who, at which interval and IC, the pc (-1 for DMA) and the value. */
public record Access(int agent, boolean dma, int interval, long ic, int pc, boolean write, long value) {
    public String describe() {
        return (dma ? "dma " : "cpu ") + agent + " interval " + interval + " ic " + ic + " pc " + pc
                + (write ? " write " : " read ") + value;
    }
}
