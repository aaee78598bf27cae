package org.fdrsim.results;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.fdrsim.cpu.files.AtomicFile;
import org.fdrsim.machine.config.ConfigException;

/**
 * Finished runs kept as JSON, one file per run ({@code runs/WORKLOAD-sSEED-KIND.json}), so an
 * interrupted experiment resumes where it stopped: a rerun reads the runs already there and
 * runs only the others. Files are written atomically, so a run is either there whole or not.
 * The directory must belong to one configuration; {@code PaperExperiment} checks that.
 */
public final class RunStore {
    public static final String RUNS = "runs";

    private final Path dir;

    public RunStore(Path experimentDir) {
        this.dir = experimentDir.resolve(RUNS);
    }

    /** The file of {@code spec}. */
    public Path file(RunSpec spec) {
        String kind = spec.trace() ? "traced" : spec.fdr() ? "fdr" : "base";
        return dir.resolve(spec.workload() + "-s" + spec.seed() + "-" + kind + ".json");
    }

    /** The kept measurement of {@code spec}, or null if it has not finished yet. */
    public Measurement load(RunSpec spec) {
        Path f = file(spec);
        if (!Files.isRegularFile(f)) {
            return null;
        }
        try {
            return usable(spec, KeptJson.read(f, Measurement.class));
        } catch (IOException e) {
            // one line (KeptFileException escapes it), whatever of the file the reason quotes
            throw new UncheckedIOException(new KeptFileException("cannot read finished run '" + f
                    + "' (delete it to run it again): " + e.getMessage(), e));
        }
    }

    /**
     * {@code m} if it is the run {@code spec} names and the report can use it: a file copied from
     * another run, or edited so that the report would divide by zero processors, sum an infinite
     * time (JSON's 1e400) or print a negative count, is refused rather than averaged in.
     */
    private static Measurement usable(RunSpec spec, Measurement m) throws IOException {
        int cpus;
        try {
            cpus = Runner.config(spec).cpus();
        } catch (ConfigException e) { // the experiment checks every run's configuration before it loads one
            throw new IOException("its run's configuration is refused: " + e.getMessage(), e);
        }
        String unusable = m.unusableAs(spec, cpus);
        if (unusable != null) {
            throw new IOException(unusable);
        }
        return m;
    }

    /**
     * The host time one run took, kept beside it ({@code NAME.host.json}: CPU seconds of the
     * thread that ran it, and wall seconds); not part of the measurement, which depends only
     * on the configuration and seed.
     */
    public void saveHostTime(RunSpec spec, double cpuSeconds, double wallSeconds) {
        String name = file(spec).getFileName().toString().replace(".json", ".host.json");
        String json = String.format(Locale.ROOT, "{\"cpuSeconds\": %.3f, \"wallSeconds\": %.3f}%n", cpuSeconds, wallSeconds);
        try {
            AtomicFile.write(dir.resolve(name), json.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public void save(RunSpec spec, Measurement m) {
        try {
            Files.createDirectories(dir);
            AtomicFile.write(file(spec), Outputs.toJson(m).getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
