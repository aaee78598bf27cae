package org.fdrsim.machine.config;

import org.fdrsim.checkpoint.CheckpointConfig;

/**
 * Logical checkpoints, taken while the recorder is on (FDR section 6, Table 3). Times carry
 * their unit ({@link SimTime}: {@code 1/3 s}, {@code 10 us}, {@code 333333333 system cycles},
 * {@code N cycles} for processor cycles) and are converted once, at the processor clock. The
 * logs of retained checkpoints are charged to {@code recorder.reservedMemoryPercent}; see
 * docs/checkpoints.md for what happens when that reservation fills.
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
public record CheckpointSettings(String interval, String quiesce, int retained, String replayIntervalTarget,
        String warmup) {

    public static CheckpointSettings fdr1() {
        return new CheckpointSettings("1/3 s", "10 us", 4, "1 s", "off");
    }

    /** The checkpoint module's configuration in processor cycles (validate first). */
    public CheckpointConfig toConfig(ProcessorConfig p) {
        return new CheckpointConfig(cycles("checkpoint.interval", interval, p), cycles("checkpoint.quiesce", quiesce, p),
                retained, cycles("checkpoint.replayIntervalTarget", replayIntervalTarget, p),
                cycles("checkpoint.warmup", warmup, p));
    }

    private static long cycles(String path, String text, ProcessorConfig p) {
        return SimTime.cycles(path, text, p.clockGHz(), p.systemClockGHz());
    }
}
