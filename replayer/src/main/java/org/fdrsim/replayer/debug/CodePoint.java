package org.fdrsim.replayer.debug;

import org.fdrsim.cpu.program.SourceLocation;

/**
 * Where one processor is: its IC in the current interval, the code index it runs next, the
 * nearest code label with the offset ({@code loop+3}), the instruction disassembled and the
 * source location from the program image's line table (null if unknown).
 */
public record CodePoint(int cpu, long ic, int pc, String symbol, String disassembly, SourceLocation source) {
    /** {@code cpu C ic N pc P  <label+off>  <disassembly>  (<file:line>)}: the stop line of issue 13. */
    public String line() {
        return "cpu " + cpu + " ic " + ic + " pc " + pc + "  <" + symbol + ">  " + disassembly
                + (source == null ? "" : "  (" + source.file() + ":" + source.line() + ")");
    }
}
