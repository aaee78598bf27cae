package org.fdrsim.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fdrsim.machine.config.ConfigException;

/**
 * {@code fdr experiment paper} as a Slurm job array: the options go to
 * {@code paper-options.json}, array task i runs run i of {@link PaperExperiment#plan} and keeps
 * it in the directory's {@link RunStore}, and {@code fdr experiment merge} assembles the report
 * once every run is there (the same report a local run writes from the same runs).
 */
public final class PaperSlurm {
    public static final String OPTIONS = "paper-options.json";
    public static final String SCRIPT = "paper.sbatch";

    private PaperSlurm() {}

    /** Writes the options and the array script; returns the number of array tasks. */
    public static int write(Outputs out, PaperExperiment.Options o, SweepReport.SlurmJob job) throws IOException {
        String fdrCommand = job.command();
        // before anything is written: a directory no script can name is refused whole
        String dir = SlurmQuoting.checkScriptable("--emit-slurm", out.dir().toAbsolutePath().normalize().toString());
        int n = PaperExperiment.plan(o).size();
        out.json(OPTIONS, o);
        Files.createDirectories(out.dir().resolve("logs"));
        String shellDir = SlurmQuoting.shell(dir);
        out.text(SCRIPT, "#!/bin/bash\n"
                + "# fdr experiment paper as a Slurm job array: task i runs run i and keeps it in runs/.\n"
                + "# Submit: sbatch " + SlurmQuoting.shell(dir + "/" + SCRIPT) + "   Then: " + fdrCommand
                + " experiment merge " + shellDir + "\n"
                + job.directives("fdr-paper", n, SlurmQuoting.directivePath(dir) + "/logs/run-%a.out")
                + "set -euo pipefail\n"
                + fdrCommand + " experiment run " + shellDir + " --index \"$SLURM_ARRAY_TASK_ID\"\n");
        return n;
    }

    public static PaperExperiment.Options readOptions(Path dir) throws IOException {
        Path p = dir.resolve(OPTIONS);
        if (!Files.isRegularFile(p)) {
            throw new IOException("no " + OPTIONS + " in '" + dir + "' (expected a directory written by 'fdr experiment paper --emit-slurm')");
        }
        try {
            return KeptJson.read(p, PaperExperiment.Options.class);
        } catch (IOException e) {
            throw new KeptFileException("cannot read '" + p + "': " + e.getMessage(), e);
        }
    }

    /** Runs run {@code index} of the plan (one array task) unless it is already kept; returns its file. */
    public static Path runOne(PaperExperiment.Options o, int index, RunStore store) throws ConfigException {
        List<RunSpec> specs = PaperExperiment.plan(o);
        if (index < 0 || index >= specs.size()) {
            throw new IllegalArgumentException("run " + index + " does not exist: the experiment has runs 0.." + (specs.size() - 1));
        }
        RunSpec s = specs.get(index);
        Parallel.run(List.of(s), 1, Progress.NONE, store);
        return store.file(s);
    }

    /** The result from the kept runs; refuses (one line) if any is missing. */
    public static PaperExperiment.Result merge(PaperExperiment.Options o, RunStore store) throws ConfigException {
        List<RunSpec> specs = PaperExperiment.plan(o);
        List<Measurement> ms = new ArrayList<>();
        List<Integer> missing = new ArrayList<>();
        for (int i = 0; i < specs.size(); i++) {
            Measurement m = store.load(specs.get(i));
            if (m == null) {
                missing.add(i);
            }
            ms.add(m);
        }
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException(missing.size() + " of " + specs.size() + " runs are missing (array tasks "
                    + (missing.size() > 10 ? missing.subList(0, 10) + " ..." : missing) + "); rerun them, then merge again");
        }
        return PaperExperiment.assemble(o, ms);
    }
}
