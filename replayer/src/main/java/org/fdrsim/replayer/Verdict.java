package org.fdrsim.replayer;

/**
 * The result of verifying a replay: bit-exact, or the first divergence (which includes a
 * deadlock or a log that cannot be replayed).
 */
public record Verdict(ReplayOutcome outcome, Divergence divergence) {
    public boolean bitExact() {
        return divergence == null;
    }

    /** One line: the verdict, instructions replayed and replay speed. */
    public String summary() {
        String speed = String.format("%,d instructions replayed in %.1f ms (%.1f M instructions/s), %d DMA blocks, "
                + "%d interval(s)", outcome.instructions(), outcome.hostNanos() / 1e6,
                outcome.instructionsPerSecond() / 1e6, outcome.dmaBlocks(), outcome.intervals());
        return (bitExact() ? "BIT-EXACT: " : "DIVERGED: ") + speed;
    }

    /** The summary, and the divergence report if there is one. */
    public String describe() {
        return bitExact() ? summary() : summary() + "\n" + divergence.describe();
    }
}
