package org.fdrsim.cli;

import org.fdrsim.results.SweepReport;
import picocli.CommandLine.Option;

/** The Slurm job options shared by every command that can write a job array ({@code --emit-slurm}). */
final class SlurmOptions {
    @Option(names = "--slurm-command", paramLabel = "CMD",
            description = "How the Slurm tasks run fdr (default: this launcher's absolute path, or java -jar on this jar).")
    String command;

    @Option(names = "--slurm-time", paramLabel = "TIME",
            description = "Each task's time limit, Slurm's --time (default ${DEFAULT-VALUE}).")
    String time = SweepReport.SlurmJob.DEFAULT_TIME;

    @Option(names = "--slurm-mem", paramLabel = "SIZE", description = "Each task's memory, Slurm's --mem (default ${DEFAULT-VALUE}).")
    String memory = SweepReport.SlurmJob.DEFAULT_MEMORY;

    /** The job these options describe; a malformed time or size is refused (IllegalArgumentException, one line). */
    SweepReport.SlurmJob job() {
        return new SweepReport.SlurmJob(command != null ? command : SelfCommand.get(), time, memory);
    }
}
