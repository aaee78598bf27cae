package org.fdrsim.recorder.check;

/**
 * What the soundness checker found.
 *
 * @param accesses        committed accesses examined
 * @param pairsChecked    conflicting pairs on different agents checked directly (the others
 *                        follow by transitivity through these)
 * @param violations      pairs not ordered by the arcs plus program order
 * @param firstViolation  the first such pair, readable; empty if none
 * @param cyclic          the arcs plus program order contain a cycle (a replayer would deadlock)
 */
public record SoundnessReport(long accesses, long pairsChecked, long violations, String firstViolation,
        boolean cyclic) {
    public boolean sound() {
        return violations == 0 && !cyclic;
    }

    @Override
    public String toString() {
        return sound()
                ? "sound: " + pairsChecked + " conflicting pairs ordered over " + accesses + " accesses"
                : (cyclic ? "cyclic arcs; " : "") + violations + " unordered conflicting pairs, first: " + firstViolation;
    }
}
