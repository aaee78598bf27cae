package org.fdrsim.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fdrsim.cpu.files.AtomicFile;
import org.fdrsim.cpu.text.OneLine;
import org.fdrsim.results.Measurement;
import org.fdrsim.results.Outputs;
import org.fdrsim.results.Progress;
import org.fdrsim.results.RunSpec;

/**
 * Progress of an experiment or sweep that also keeps every finished run, so that Ctrl-C
 * loses only the runs in flight: {@link #saveOnCtrlC} writes the finished ones as JSON
 * (each run's spec and measurement) and exits 130.
 */
final class FinishedRuns implements Progress {
    /** The file, in the output directory, that holds the runs finished before Ctrl-C. */
    static final String FILE = "finished-runs.json";

    /** One finished run as saved. */
    record Run(RunSpec spec, Measurement measurement) {}

    private final Progress display;
    private final String command;
    private final Path dir;
    private final PrintStream err;
    private final List<Run> runs = new ArrayList<>();

    /** {@code command} names the command in messages on {@code err}; {@code dir} is its output directory. */
    FinishedRuns(Progress display, String command, Path dir, PrintStream err) {
        this.display = display;
        this.command = command;
        this.dir = dir;
        this.err = err;
    }

    @Override
    public void start(String task, long total) {
        // One line, terminal or not: a batch log shows what started and what Ctrl-C would do.
        err.printf("%s: %d runs; Ctrl-C keeps the finished ones in %s%n", command, total, OneLine.of(dir.resolve(FILE)));
        display.start(task, total);
    }

    @Override
    public void step() {
        display.step();
    }

    @Override
    public void finished(RunSpec spec, Measurement m) {
        synchronized (runs) {
            runs.add(new Run(spec, m));
        }
        display.step();
    }

    @Override
    public void finish() {
        display.finish();
    }

    /** The runs finished so far, in the order they finished. */
    List<Run> runs() {
        synchronized (runs) {
            return List.copyOf(runs);
        }
    }

    /**
     * Installs the Ctrl-C behaviour of long experiments: save the finished runs to
     * the output directory's {@value #FILE}, say so, exit 130.
     */
    CtrlC saveOnCtrlC() {
        return CtrlC.onFirst(() -> {
            display.finish();
            List<Run> done = runs();
            Path file = dir.resolve(FILE);
            try {
                AtomicFile.write(file, Outputs.toJson(done).getBytes(StandardCharsets.UTF_8));
                err.printf("%s: interrupted: %d finished runs kept in %s; the runs in flight are lost%n", command,
                        done.size(), OneLine.of(file));
            } catch (IOException e) {
                err.printf("%s: interrupted: could not keep the finished runs in %s: %s%n", command, OneLine.of(file),
                        OutputPaths.reason(e));
            }
            System.exit(ExitCodes.INTERRUPTED);
        });
    }
}
