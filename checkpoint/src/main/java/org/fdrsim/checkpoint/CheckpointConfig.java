package org.fdrsim.checkpoint;

import java.util.ArrayList;
import java.util.List;
import org.fdrsim.cpu.sim.SimTime;

/**
 * Logical checkpoints, taken while the recorder is on (FDR section 6, Table 3), as a
 * configuration writes them. Times carry their unit ({@link SimTime}: {@code 1/3 s},
 * {@code 10 us}, {@code 333333333 system cycles}, {@code N cycles} for processor cycles) and are
 * converted once, by {@link #schedule}. The logs of retained checkpoints are charged to
 * {@code recorder.reservedMemoryPercent}; see docs/checkpoints.md for what happens when that
 * reservation fills.
 *
 * @param interval             time between checkpoints; {@code off} = only the initial one at time 0
 *                             (FDR1: 1/3 s = 333,333,333 system cycles)
 * @param quiesce              fixed cost of the 2-phase quiesce and register save, on top of the
 *                             measured drain (Table 3: 10 us = 10,000 system cycles)
 * @param retained             checkpoints kept at most (FDR1: 4)
 * @param replayIntervalTarget drop the oldest once the second-oldest is this old (FDR1: 1 s)
 * @param warmup               time before the first periodic checkpoint ({@code off}: one interval);
 *                             experiments warm up here and measure from that checkpoint on
 */
public record CheckpointConfig(String interval, String quiesce, int retained, String replayIntervalTarget,
        String warmup) {

    /** FDR1 (section 6, Table 3). */
    public static CheckpointConfig fdr1() {
        return new CheckpointConfig("1/3 s", "10 us", 4, "1 s", "off");
    }

    /**
     * The schedule in processor cycles at a processor clock of {@code cpuGHz} and a system clock of
     * {@code systemGHz} (the unit of {@code system cycles}); check {@link #problems} first.
     */
    public CheckpointSchedule schedule(double cpuGHz, double systemGHz) {
        return new CheckpointSchedule(SimTime.cycles("checkpoint.interval", interval, cpuGHz, systemGHz),
                SimTime.cycles("checkpoint.quiesce", quiesce, cpuGHz, systemGHz), retained,
                SimTime.cycles("checkpoint.replayIntervalTarget", replayIntervalTarget, cpuGHz, systemGHz),
                SimTime.cycles("checkpoint.warmup", warmup, cpuGHz, systemGHz));
    }

    /**
     * What is wrong with these settings, one line each naming the setting ({@code checkpoint.*});
     * the times are checked only when the clocks are valid (their own problems are reported).
     */
    public List<String> problems(double cpuGHz, double systemGHz) {
        // an infinite clock (YAML's 1e400) is its own problem, and no time converts at it
        boolean clocks = cpuGHz > 0 && systemGHz > 0 && Double.isFinite(cpuGHz) && Double.isFinite(systemGHz);
        List<String> problems = new ArrayList<>();
        if (clocks) {
            time(problems, "checkpoint.interval", interval, false, cpuGHz, systemGHz);
            time(problems, "checkpoint.quiesce", quiesce, false, cpuGHz, systemGHz);
        }
        if (retained < 2 || retained > 1 << 16) {
            problems.add("checkpoint.retained must be 2.." + (1 << 16) + ", got " + retained);
        }
        if (clocks) {
            time(problems, "checkpoint.replayIntervalTarget", replayIntervalTarget, true, cpuGHz, systemGHz);
            time(problems, "checkpoint.warmup", warmup, false, cpuGHz, systemGHz);
        }
        return problems;
    }

    /** A time with a unit; {@code positive}: more than zero cycles. */
    private static void time(List<String> problems, String path, String text, boolean positive, double cpuGHz,
            double systemGHz) {
        try {
            long cycles = SimTime.cycles(path, text, cpuGHz, systemGHz);
            if (positive && cycles <= 0) {
                problems.add(path + " must be positive, got '" + text + "'");
            }
        } catch (IllegalArgumentException e) {
            problems.add(e.getMessage());
        }
    }
}
