package org.fdrsim.cpu.run;

import org.fdrsim.cpu.core.Fault;
import org.fdrsim.cpu.core.Processor;
import org.fdrsim.cpu.core.ProcessorState;

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

    /** The result of a run that stopped for {@code cause}, read off the processors. */
    public static RunResult of(StopCause cause, Processor[] cpus, String consoleOutput) {
        long[] ics = new long[cpus.length];
        long cycles = 0;
        int triggerCpu = -1;
        long triggerCode = 0;
        Fault fault = null;
        for (int i = 0; i < cpus.length; i++) {
            Processor p = cpus[i];
            ics[i] = p.instructionCount();
            cycles = Math.max(cycles, p.cycle());
            if (p.state() == ProcessorState.TRIGGERED && triggerCpu < 0) {
                triggerCpu = i;
                triggerCode = p.triggerCode();
            }
            if (p.state() == ProcessorState.FAULTED && fault == null) {
                fault = p.fault();
            }
        }
        return new RunResult(cause, ics, cycles, fault, triggerCpu, triggerCode, consoleOutput);
    }

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
