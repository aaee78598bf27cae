package org.fdrsim.debugadapter;

import java.util.List;
import org.fdrsim.cpu.isa.Csr;
import org.fdrsim.cpu.program.ProgramImage;

/**
 * What the DAP server needs of a replay debugger: the replay's agents and their state at the
 * current position, forward and reverse motion that ends in a {@link Stop}, breakpoints on code
 * indices, watched words and gdb's {@code print}. The server speaks the protocol; the
 * implementation behind this drives the replay engine (it never replays by itself).
 *
 * <p>Agents are numbered as in the replay: processors {@code 0..cpus()-1}, then DMA engines.
 */
public interface DebugTarget {
    ProgramImage program();

    int cpus();

    /** Processors and DMA engines. */
    int agents();

    /** The current interval's number. */
    int interval();

    /** Agent {@code a}'s IC in the current interval. */
    long ic(int a);

    /** The code index processor {@code cpu} runs next. */
    int pc(int cpu);

    long register(int cpu, int r);

    long csr(int cpu, Csr c);

    /** The 8-byte word at {@code address} of the replayed memory. */
    long loadWord(long address);

    /** Processor {@code cpu}'s call frames, innermost (the pc) first. */
    List<Frame> backtrace(int cpu);

    /** Agent {@code a} commits one more instruction (block); the others only as the arcs require. */
    Stop stepInstruction(int a);

    /** Back one instruction of agent {@code a}. */
    Stop reverseStepInstruction(int a);

    /** All agents on until a breakpoint, a watchpoint, the trigger or the end. */
    Stop resume();

    /** Back to the previous breakpoint or watchpoint hit, or to the start of the replay. */
    Stop reverseResume();

    /** Replaces the code breakpoints: stop when a processor is about to run one of these code indices. */
    void setCodeBreakpoints(int[] codeIndices);

    /** Replaces the watched words: stop after a store or DMA write changes one of them. */
    void setWatchpoints(long[] addresses);

    /** gdb's {@code print EXPR} as seen from processor {@code cpu}: "EXPR = DEC (0xHEX)". */
    String print(int cpu, String expression);
}
