package org.fdrsim.debugadapter;

import java.util.ArrayList;
import java.util.List;
import org.fdrsim.cpu.isa.Csr;
import org.fdrsim.cpu.isa.Registers;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.replayer.ReplayInput;
import org.fdrsim.replayer.ReplayPosition;
import org.fdrsim.replayer.ReplaySession;

/**
 * Test double of the replay debugger, over the real {@link ReplaySession}: forward motion
 * steps agents in turn, reverse motion re-runs a fresh session to a position visited before.
 * Only for the adapter's own tests while the engine is not merged.
 */
final class SessionTarget implements DebugTarget {
    private final ReplayInput input;
    private final ProgramImage program;
    private ReplaySession s;
    /** Every position after a step, with the agent that stepped and its pc then (-1: an engine). */
    private final List<ReplayPosition> trail = new ArrayList<>();
    private final List<int[]> trailAgentPc = new ArrayList<>();
    private int at = -1;
    private int[] breakpoints = new int[0];
    private long[] watched = new long[0];
    private int next;

    SessionTarget(ReplayInput input, ProgramImage program) {
        this.input = input;
        this.program = program;
        this.s = new ReplaySession(input);
    }

    @Override
    public ProgramImage program() {
        return program;
    }

    @Override
    public int cpus() {
        return s.cpus();
    }

    @Override
    public int agents() {
        return s.agentCount();
    }

    @Override
    public int interval() {
        return s.interval();
    }

    @Override
    public long ic(int a) {
        return s.ic(a);
    }

    @Override
    public int pc(int cpu) {
        return s.pc(cpu);
    }

    @Override
    public long register(int cpu, int r) {
        return s.register(cpu, r);
    }

    @Override
    public long csr(int cpu, Csr c) {
        return s.csr(cpu, c);
    }

    @Override
    public long loadWord(long address) {
        return s.loadWord(address);
    }

    @Override
    public List<Frame> backtrace(int cpu) {
        return List.of(new Frame(s.pc(cpu), "pc " + s.pc(cpu)));
    }

    @Override
    public Stop stepInstruction(int a) {
        if (!forward(a)) {
            return new Stop(Stop.Kind.END, a, "the end of the replay");
        }
        return new Stop(Stop.Kind.STEP, a, "");
    }

    private boolean forward(int a) {
        if (at < trail.size() - 1) {
            // Stepping after a reverse motion: the future is re-made from here.
            trail.subList(at + 1, trail.size()).clear();
            trailAgentPc.subList(at + 1, trailAgentPc.size()).clear();
        }
        if (!s.step(a)) {
            return false;
        }
        trail.add(s.position());
        trailAgentPc.add(new int[] {a, a < s.cpus() ? s.pc(a) : -1});
        at = trail.size() - 1;
        return true;
    }

    @Override
    public Stop resume() {
        while (true) {
            int a = next;
            next = (next + 1) % s.agentCount();
            long[] before = words();
            if (!forward(a)) {
                return new Stop(Stop.Kind.END, a, "the end of the replay");
            }
            if (a < s.cpus() && isBreakpoint(s.pc(a))) {
                return new Stop(Stop.Kind.BREAKPOINT, a, "breakpoint");
            }
            long[] after = words();
            for (int i = 0; i < after.length; i++) {
                if (after[i] != before[i]) {
                    return new Stop(Stop.Kind.WATCHPOINT, a, "watch: " + before[i] + " -> " + after[i]);
                }
            }
        }
    }

    private long[] words() {
        long[] w = new long[watched.length];
        for (int i = 0; i < w.length; i++) {
            w[i] = s.loadWord(watched[i]);
        }
        return w;
    }

    private boolean isBreakpoint(int pc) {
        for (int b : breakpoints) {
            if (b == pc) {
                return true;
            }
        }
        return false;
    }

    @Override
    public Stop reverseStepInstruction(int a) {
        long want = s.ic(a) - 1;
        for (int i = at - 1; i >= 0; i--) {
            if (trail.get(i).ic(a) == want) {
                goTo(i);
                return new Stop(Stop.Kind.STEP, a, "");
            }
        }
        goTo(-1);
        return new Stop(Stop.Kind.START, a, "the start of the replay");
    }

    @Override
    public Stop reverseResume() {
        for (int i = at - 1; i >= 0; i--) {
            int[] ap = trailAgentPc.get(i);
            if (ap[1] >= 0 && isBreakpoint(ap[1])) {
                goTo(i);
                return new Stop(Stop.Kind.BREAKPOINT, ap[0], "breakpoint");
            }
        }
        goTo(-1);
        return new Stop(Stop.Kind.START, 0, "the start of the replay");
    }

    private void goTo(int index) {
        s = new ReplaySession(input);
        if (index >= 0) {
            s.runTo(trail.get(index));
        }
        at = index;
    }

    @Override
    public void setCodeBreakpoints(int[] codeIndices) {
        breakpoints = codeIndices.clone();
    }

    @Override
    public void setWatchpoints(long[] addresses) {
        watched = addresses.clone();
    }

    @Override
    public String print(int cpu, String expression) {
        long v;
        if (expression.equals("ic")) {
            v = s.ic(cpu);
        } else if (expression.equals("pc")) {
            v = s.pc(cpu);
        } else if (Registers.parse(expression) >= 0) {
            v = s.register(cpu, Registers.parse(expression));
        } else if (Variables.dataAddress(this, expression) >= 0) {
            v = s.loadWord(Variables.dataAddress(this, expression));
        } else {
            throw new IllegalArgumentException("no symbol \"" + expression + "\"");
        }
        return expression + " = " + v + " (0x" + Long.toHexString(v) + ")";
    }
}
