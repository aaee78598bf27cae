package org.fdrsim.replayer;

import java.util.List;

/**
 * The first point where replay and the recording disagree (or where the logs cannot be
 * replayed at all).
 *
 * @param kind        what disagreed
 * @param interval    checkpoint interval (its number in the dump; 0 = the start)
 * @param agent       processor (0..P-1) or DMA engine (P..P+D-1); -1 for memory
 * @param ic          the agent's instruction count at the divergence
 * @param pc          the processor's pc (-1 if not a processor)
 * @param instruction the instruction at pc, disassembled ("" if none)
 * @param what        one line naming the divergence
 * @param expected    the recorded value
 * @param actual      the replayed value
 * @param nearbyLog   log entries around the divergence (race arcs, inputs, interrupts)
 */
public record Divergence(Kind kind, int interval, int agent, long ic, int pc, String instruction, String what,
        String expected, String actual, List<String> nearbyLog) {

    public enum Kind {
        /** Registers, CSRs, pc, IC or run state differ from the recording's at the end. */
        PROCESSOR_STATE,
        /** The registers saved at a checkpoint differ from the replayed ones there. */
        CHECKPOINT_REGISTERS,
        /** A memory word differs at the end. */
        MEMORY,
        /** The logs are not consistent with the replayed execution (input log exhausted or left over,
         *  interrupt not deliverable where logged, a processor stopped before its end IC, a malformed entry). */
        LOG_MISMATCH,
        /** No agent can make progress: a cycle of arcs or an arc that can never be satisfied. */
        DEADLOCK,
        /** The validation trace names an earlier point than the final comparison. */
        VALIDATION_TRACE
    }

    public Divergence {
        nearbyLog = List.copyOf(nearbyLog);
    }

    /** A multi-line report for people. */
    public String describe() {
        StringBuilder b = new StringBuilder();
        b.append("DIVERGENCE (").append(kind.name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ')).append("): ")
                .append(what).append('\n');
        b.append("  interval ").append(interval);
        if (agent >= 0) {
            b.append(", agent ").append(agent).append(", IC ").append(ic);
        }
        if (pc >= 0) {
            b.append(", pc ").append(pc);
            if (!instruction.isEmpty()) {
                b.append(": ").append(instruction);
            }
        }
        b.append('\n');
        if (!expected.isEmpty() || !actual.isEmpty()) {
            b.append("  expected ").append(expected).append(", replayed ").append(actual).append('\n');
        }
        if (!nearbyLog.isEmpty()) {
            b.append("  log entries around it:\n");
            for (String s : nearbyLog) {
                b.append("    ").append(s).append('\n');
            }
        }
        return b.toString();
    }
}
