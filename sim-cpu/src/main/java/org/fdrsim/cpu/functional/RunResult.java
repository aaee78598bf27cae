package org.fdrsim.cpu.functional;

import org.fdrsim.cpu.core.Fault;

/**
 * The outcome of a run: why it stopped, instructions committed per processor, the largest
 * local cycle reached, and the fault or trigger that stopped it (null otherwise).
 */
public record RunResult(
        StopCause cause,
        long[] instructionsPerCpu,
        long cycles,
        Fault fault,
        int triggerCpu,
        long triggerCode,
        String consoleOutput) {

    public long instructions() {
        long sum = 0;
        for (long n : instructionsPerCpu) {
            sum += n;
        }
        return sum;
    }

    /** One line saying why the run stopped. */
    public String describeStop() {
        return switch (cause) {
            case FAULT -> "stopped: " + fault.describe();
            case TRIGGER -> "stopped: trigger " + triggerCode + " on cpu " + triggerCpu;
            default -> "stopped: " + cause.description();
        };
    }
}
