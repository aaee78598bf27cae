package org.fdrsim.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.workloads.WorkloadRegistry;

/**
 * Programs named on the command line by {@code --workload}: a file, or a workload of
 * {@link WorkloadRegistry} (an example such as {@code random-tester}, {@code splash/fft},
 * {@code fullsys/disk-checksum}, {@code oltp}).
 */
final class Workloads {
    private Workloads() {}

    static ProgramImage load(String name) {
        String canonical = WorkloadRegistry.canonical(name);
        Path file = Path.of(canonical);
        if (canonical.endsWith(".s") && Files.isRegularFile(file)) {
            return ProgramLoader.load(file);
        }
        try {
            return WorkloadRegistry.shipped(name);
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage(), e);
        }
    }
}
