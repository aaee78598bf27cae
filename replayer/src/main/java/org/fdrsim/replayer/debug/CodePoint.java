package org.fdrsim.replayer.debug;

import org.fdrsim.cpu.program.SourceLocation;

/**
 * Where one processor is: the interval (its checkpoint number) and its IC in it, the code index it runs next, the
 * nearest code label with the offset ({@code loop+3}), the instruction disassembled and the
 * source location from the program image's line table (null if unknown).
 */
public record CodePoint(int cpu, int interval, long ic, int pc, String symbol, String disassembly, SourceLocation source) {
    /**
     * {@code cpu C ic N pc P  <label+off>  <disassembly>  (<file:line>)}: the stop line of
     * issue 13, kept to that fixed form for scripts and handouts; the interval is
     * {@link #interval()} ({@code info cpus} prints it).
     */
    public String line() {
        return "cpu " + cpu + " ic " + ic + " " + place();
    }


    /** {@code pc P  <label+off>  <disassembly>  (<file:line>)}: the code place alone, for any processor. */
    public String place() {
        return "pc " + pc + "  <" + symbol + ">  " + disassembly
                + (source == null ? "" : "  (" + source.file() + ":" + source.line() + ")");
    }
}
