package org.fdrsim.replayer;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.fdrsim.cpu.asm.Disassembler;
import org.fdrsim.cpu.core.Processor;
import org.fdrsim.cpu.program.ProgramImage;

/**
 * Words for what went wrong in a replay: the {@link Divergence} of a log that does not fit the
 * execution, of a deadlock (with every waiting agent and the arc it waits for), and of a
 * probe's finding, each with the log entries around the point.
 */
final class AgentReports {
    private final ReplayAgents agents;

    AgentReports(ReplayAgents agents) {
        this.agents = agents;
    }

    /** The instruction at {@code pc} of {@code program}, disassembled ("" outside the code). */
    static String instructionAt(ProgramImage program, int pc) {
        if (pc < 0 || pc >= program.code().length()) {
            return "";
        }
        return Disassembler.format(program.code().get(pc), program.symbols());
    }

    static String describeStop(Processor p) {
        return switch (p.state()) {
            case FAULTED -> "fault: " + p.fault();
            case TRIGGERED -> "trigger " + p.triggerCode();
            default -> p.state().name().toLowerCase(Locale.ROOT);
        };
    }

    /** A probe's divergence, with the log entries around it added to the probe's own lines. */
    Divergence fromProbe(Divergence d) {
        if (d.agent() < 0 || d.agent() >= agents.cpuCount) {
            return d;
        }
        List<String> lines = new ArrayList<>(d.nearbyLog());
        lines.addAll(nearby(d.agent(), d.ic()));
        return new Divergence(d.kind(), d.interval(), d.agent(), d.ic(), d.pc(), d.instruction(), d.what(),
                d.expected(), d.actual(), lines);
    }

    Divergence logMismatch(int agent, String what) {
        long ic = agents.committed[agent];
        int pc = agent < agents.cpuCount ? agents.cpus[agent].pc() : -1;
        if (agent < agents.cpuCount) {
            ic = agents.cpus[agent].instructionCount();
        }
        return new Divergence(Divergence.Kind.LOG_MISMATCH, agents.intervalIndex, agent, ic, pc,
                instructionAt(agents.program, pc), what, "", "", nearby(agent, ic));
    }

    /**
     * The wait stack closed a cycle, or an agent waits for an IC its source never reaches:
     * every agent on the stack with the arc it waits for.
     */
    Divergence deadlock(int[] stack, int depth, int current, int blockedOn) {
        long[] committed = agents.committed;
        ArcTable arcs = agents.arcs;
        List<String> lines = new ArrayList<>();
        int[] chain = Arrays.copyOf(stack, depth + 1);
        chain[depth] = current;
        String unsatisfiable = null;
        for (int a : chain) {
            long next = committed[a] + 1;
            for (int w = agents.wp[a]; w < arcs.own[a].length && arcs.own[a][w] <= next; w++) {
                int from = arcs.src[a][w];
                long fromIc = arcs.srcIc[a][w];
                if (committed[from] < fromIc) {
                    lines.add(String.format("%s waits at IC %d for arc %d:%d -> %d:%d (agent %d is at IC %d of %d)",
                            agentName(a), committed[a], from, fromIc, a, arcs.own[a][w], from, committed[from],
                            agents.end[from]));
                    if (fromIc > agents.end[from] && unsatisfiable == null) {
                        unsatisfiable = String.format("arc %d:%d -> %d:%d can never be satisfied: agent %d "
                                + "commits only %d instructions in this interval", from, fromIc, a, arcs.own[a][w],
                                from, agents.end[from]);
                    }
                }
            }
        }
        String cycle = null;
        for (int i = 0; i < chain.length; i++) {
            if (chain[i] == blockedOn) {
                StringBuilder b = new StringBuilder();
                for (int j = i; j < chain.length; j++) {
                    b.append(chain[j]).append(" -> ");
                }
                cycle = b.append(blockedOn).toString();
                break;
            }
        }
        String what = "replay deadlock: no agent can make progress"
                + (cycle != null ? "; cycle " + cycle : "") + (unsatisfiable != null ? "; " + unsatisfiable : "");
        long ic = committed[current];
        int pc = current < agents.cpuCount ? agents.cpus[current].pc() : -1;
        return new Divergence(Divergence.Kind.DEADLOCK, agents.intervalIndex, current, ic, pc,
                instructionAt(agents.program, pc), what, "", "", lines);
    }

    private String agentName(int a) {
        return a < agents.cpuCount ? "processor " + a : "DMA engine " + a;
    }

    /** Log entries of the current interval around agent {@code a}'s IC {@code ic}. */
    List<String> nearby(int a, long ic) {
        return LogExcerpt.around(agents.log, a, ic, a < agents.cpuCount ? agents.io.consumed(a) : 0);
    }
}
