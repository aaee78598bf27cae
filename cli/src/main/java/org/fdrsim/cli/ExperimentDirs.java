package org.fdrsim.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.fdrsim.cpu.files.AtomicFile;
import org.fdrsim.results.KeptJson;
import org.fdrsim.results.Outputs;
import org.fdrsim.results.PaperExperiment;
import org.fdrsim.results.RunStore;

/**
 * An experiment's output directory as a resumable store: {@code experiment.json} names the
 * scale and settings its runs were made with, and {@code runs/} keeps each finished run. A
 * directory of another configuration is refused, so runs of two configurations never mix.
 */
final class ExperimentDirs {
    static final String IDENTITY = "experiment.json";

    private ExperimentDirs() {}

    /** The run store of {@code dir} for {@code o}; writes the identity on first use, refuses a different one. */
    static RunStore claim(Path dir, PaperExperiment.Options o) throws IOException {
        PaperExperiment.Identity mine = PaperExperiment.Identity.of(o);
        Path f = dir.resolve(IDENTITY);
        if (Files.isRegularFile(f)) {
            PaperExperiment.Identity kept;
            try {
                kept = KeptJson.read(f, PaperExperiment.Identity.class);
            } catch (IOException e) {
                throw new UserError("'" + f + "' is not an experiment identity file (" + e.getMessage()
                        + "; use another --output directory)", e);
            }
            String diff = kept.difference(mine);
            if (diff != null) {
                throw new UserError("'" + dir + "' holds runs of another configuration: " + diff
                        + "; use another --output directory");
            }
        } else {
            Files.createDirectories(dir);
            AtomicFile.write(f, Outputs.toJson(mine).getBytes(StandardCharsets.UTF_8));
        }
        return new RunStore(dir);
    }
}
