package org.fdrsim.cli;

import java.io.PrintStream;
import org.fdrsim.cpu.core.FaultKind;
import org.fdrsim.cpu.run.RunResult;
import org.fdrsim.machine.config.MachineConfig;

/** One-line hints after a run that failed in a way a setting explains. */
final class Hints {
    private Hints() {}

    /** A program that touched a device register while the devices are off: say how to turn them on. */
    static void afterRun(PrintStream err, RunResult result, MachineConfig config) {
        if (result.fault() != null && result.fault().kind() == FaultKind.UNMAPPED_DEVICE && !config.devices().enabled()) {
            err.println("hint: the disk, NIC and interrupt controller are off; programs that use them (the kernel, "
                    + "fullsys/*, commercial/*) need --set devices.enabled=true");
        }
    }
}
