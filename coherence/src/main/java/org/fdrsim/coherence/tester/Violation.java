package org.fdrsim.coherence.tester;

/**
 * A value that disagrees with sequential consistency: processor {@code cpu} read
 * {@code actual} from {@code address} at {@code time} where the shadow memory, updated in
 * commit order, holds {@code expected}. {@code cpu == -1} marks the final memory check.
 */
public record Violation(String op, int cpu, long time, long address, long expected, long actual) {
    public long block() {
        return address & ~63L;
    }

    public int word() {
        return (int) ((address >>> 3) & 7);
    }

    @Override
    public String toString() {
        return String.format("%s by %s at cycle %d: block 0x%x word %d expected 0x%x actual 0x%x", op,
                cpu < 0 ? "final check" : "cpu " + cpu, time, block(), word(), expected, actual);
    }
}
