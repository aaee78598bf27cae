package org.fdrsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Timeout;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/**
 * Coverage-guided fuzz target for the {@code fdr} command line, what every user types: any
 * bytes, taken as up to 24 arguments, one a line, run through {@link Main#execute} in this JVM.
 * An argument {@code @name} stands for a file of a small pool (a program, a dump, a config, an
 * empty file, a directory, a missing file, bytes that are not UTF-8; {@code @out} and any
 * characters after it, a fresh output name), so
 * mutations reach the commands' checks of real files ({@code @@name}: an argument file, picocli's
 * {@code @FILE}, naming one of them); nothing else may name a path outside the
 * working directory (an argument holding '/' makes the input skipped).
 *
 * <p>The property: the exit status is one of the documented ones, never 70 (internal error) nor
 * a Throwable out of {@code execute}; neither standard error nor standard output holds a stack
 * trace or, unless the arguments hold them, the JDK's or picocli's Java words; no control
 * character of an argument reaches either except the line break (and tab on standard output);
 * a refusal (status 2) ends with one line naming the command (a debugger command's in the
 * session's transcript, as gdb's). With {@code --debug}, which asks for the stack trace,
 * standard error may hold the Java words and a frame's tab, and the refusal's line is its last.
 * And determinism: a {@code record} or {@code view} that succeeded, run again with its outputs
 * under other fresh names, writes the same bytes.
 *
 * <p>Inputs that would only be slow, not wrong, are skipped after picocli has parsed them: an
 * experiment or sweep that would run (not {@code --emit-slurm}), verify beyond 4 runs or on a
 * commercial proxy or a workloads program, test-protocol beyond 20,000 operations, replay beyond
 * 8 schedules, a debugger serving on a port (it waits for a client) or on the terminal (it reads
 * this JVM's own standard input, which never ends here). Seeds and findings:
 * {@code src/test/resources/org/fdrsim/cli/CommandLineFuzzTestInputs/execute/}.
 *
 * <p>Under {@code -Pfuzz} the module's fuzz profile runs this in {@code cli/.fuzz-cwd}, so that
 * outputs named by a bare word land there; in the default test run only the kept inputs run,
 * in the module's directory, and an input that writes anything there fails.
 */
class CommandLineFuzzTest {
    private static final int MAX_ARGS = 24;
    private static final Path EXAMPLES = examples();
    private static final Path POOL = pool();
    /** True under {@code -Pfuzz}, which runs this in {@code cli/.fuzz-cwd}, where a made-up output name may land. */
    private static final boolean FUZZING = System.getenv("JAZZER_FUZZ") != null;
    /** The working directory's names before the first input: in the default test run the module's own files. */
    private static final Set<String> WORKING_DIRECTORY = names(Path.of(""));
    private static int inputs;

    @FuzzTest(maxDuration = "10m")
    @DictionaryEntries({"run", "record", "replay", "inspect", "arcs", "view", "asm", "config", "protocol", "debug",
        "verify", "demo", "test-protocol", "experiment", "sweep", "paper", "merge", "help", "@hello", "@racy",
        "@mp", "@dump", "@yaml", "@json", "@empty", "@dir", "@missing", "@binary", "@batch", "@out", "@outdir",
        "@out.html", "@out\u001b[2J", "@@dir", "@@batch", "@@binary",
        "--cpus", "-p", "--seed", "-s", "--set", "--config", "-c", "--memory", "ideal", "timed", "--max-instructions",
        "--max-cycles", "-o", "--output", "--checkpoint-interval", "--validate", "--validate-every", "--schedules",
        "--from-checkpoint", "--policy", "--cic16", "--compare", "--explain", "-l", "--list", "--input", "--stats",
        "--stats-json", "--quiet", "--console-output", "--record", "--batch", "-ex", "--dap", "--runs", "-w",
        "--workload", "-j", "--jobs", "--seeds", "--ops", "--blocks", "--words", "--torus", "--window", "--force",
        "--scale", "--work", "--param", "--emit-slurm", "--slurm-time", "--slurm-mem", "--slurm-command", "--index",
        "--help", "--version", "--debug",
        // every setting of 'fdr config', so that runs meet configurations the loader accepts
        "cpus=", "seed=", "processor.clockGHz=", "processor.systemClockGHz=", "processor.deviceAccessCycles=",
        "caches.l1.sizeKB=", "caches.l1.ways=", "caches.l1.hitCycles=", "caches.l2.sizeKB=", "caches.l2.ways=",
        "caches.l2.hitCycles=", "memory.model=", "memory.perCpuMB=", "memory.directoryCycles=", "memory.dramCycles=",
        "memory.perturbationCycles=", "memory.idealMaxSlice=", "network.dimX=", "network.dimY=", "network.linkGBps=",
        "network.hopCycles=", "network.interfaceCycles=", "network.controlBytes=", "network.dataBytes=",
        "limits.maxInstructions=", "limits.maxCycles=", "recorder.enabled=", "recorder.policy=", "recorder.cic16=",
        "recorder.reservedMemoryPercent=", "recorder.chunkBytes=", "recorder.buffers.memoryRace.sizeKB=",
        "recorder.buffers.memoryRace.drainMBps=", "recorder.buffers.input.sizeKB=", "recorder.buffers.interrupt.sizeKB=",
        "recorder.buffers.dmaRace.sizeKB=", "recorder.buffers.cacheCheckpoint.sizeKB=",
        "recorder.buffers.cacheCheckpoint.drainMBps=", "recorder.buffers.memoryCheckpoint.sizeKB=",
        "recorder.buffers.memoryCheckpoint.drainMBps=", "recorder.validate=", "recorder.validateEvery=",
        "recorder.compressor=", "recorder.raceEncoding=", "devices.enabled=", "devices.consoleInput=",
        "devices.dmaHostNode=", "devices.disk.sectors=", "devices.nic.packets=", "devices.nic.meanArrivalCycles=",
        "devices.interrupts.routing=", "checkpoint.interval=", "checkpoint.quiesce=", "checkpoint.retained=",
        "checkpoint.replayIntervalTarget=", "checkpoint.warmup=",
        "true", "false", "lz4", "none", "fixed9", "1 ms", "100 us", "cycles", "0x", "1e3", "-1", "0", "0.001",
        "NaN", "65", "2147483648", "9223372036854775808", "tiny", "oltp", "random-tester", "splash/fft",
        "all-arcs", "netzer", "fdr", "0:1-20", "goto end", "info arcs", "step", ","})
    @Timeout(60)
    void execute(byte[] input) throws IOException {
        String text = new String(input, StandardCharsets.UTF_8);
        String[] lines = text.isEmpty() ? new String[0] : text.split("\n", -1);
        if (lines.length > MAX_ARGS) {
            return;
        }
        int n = inputs++;
        String[] argv = argv(lines, n);
        if (argv == null) {
            return;
        }
        ParseResult leaf = leaf(argv); // null: picocli refuses the arguments
        if (skipped(leaf)) {
            return;
        }
        String command = leaf == null ? null : leaf.commandSpec().qualifiedName();
        int again = -1;
        try {
            CommandOutcome first = CommandOutcome.of(argv);
            first.check(List.of(argv), command, "");
            if (first.status() == ExitCodes.OK && ("fdr record".equals(command) || "fdr view".equals(command))) {
                again = inputs++;
                assertSameFiles(lines, argv, argv(lines, again));
            }
        } finally {
            clean(n);
            if (again >= 0) {
                clean(again);
            }
        }
        if (!FUZZING) {
            assertNothingNewInTheWorkingDirectory(argv);
        }
    }

    /**
     * A kept input writes only to the pool's output names: one that names an output by a bare
     * word would write it among the module's files on every default test run. Such a file is
     * deleted and the input fails, saying to write {@code @out} instead.
     */
    private static void assertNothingNewInTheWorkingDirectory(String[] argv) throws IOException {
        Set<String> stray = new TreeSet<>(names(Path.of("")));
        stray.removeAll(WORKING_DIRECTORY);
        for (String name : stray) {
            delete(Path.of(name));
        }
        assertThat(stray).as("what %s wrote into the working directory (a kept input names its outputs @out...)",
                List.of(argv)).isEmpty();
    }

    private static Set<String> names(Path dir) {
        try (Stream<Path> files = Files.list(dir.toAbsolutePath())) {
            Set<String> names = new TreeSet<>();
            for (Path f : (Iterable<Path>) files::iterator) {
                names.add(f.getFileName().toString());
            }
            return names;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The arguments of {@code lines} for input number {@code n}, or null when the input is skipped for a path. */
    private static String[] argv(String[] lines, int n) {
        List<String> args = new ArrayList<>();
        for (String line : lines) {
            if (line.indexOf('\0') >= 0 || line.indexOf('/') >= 0) {
                return null; // no argv holds NUL; a path outside the working directory only through the pool
            }
            args.add(pooled(line, n));
        }
        return args.toArray(new String[0]);
    }

    /**
     * Determinism as a property: the same command again, its outputs under other fresh names,
     * writes the same bytes (a dump of {@code record}, a page of {@code view}).
     */
    private static void assertSameFiles(String[] lines, String[] first, String[] second) throws IOException {
        CommandOutcome again = CommandOutcome.of(second);
        assertThat(again.status()).as("status of %s run again; stderr: %s", List.of(second), again.err())
                .isEqualTo(ExitCodes.OK);
        for (int k = 0; k < lines.length; k++) {
            Path a = Path.of(first[k]);
            if (lines[k].startsWith("@out") && Files.isRegularFile(a)) {
                assertThat(Files.readAllBytes(Path.of(second[k]))).as("%s written again by %s", a, List.of(second))
                        .isEqualTo(Files.readAllBytes(a));
            }
        }
    }

    /** The innermost command picocli finds in {@code argv}, or null when it refuses them. */
    private static ParseResult leaf(String[] argv) {
        ParseResult parsed;
        try {
            parsed = new CommandLine(new Main(System.out, System.err)).parseArgs(argv);
        } catch (ParameterException | CommandLine.InitializationException e) {
            return null; // refused (an argument file that cannot be read among them)
        }
        while (parsed.hasSubcommand()) {
            parsed = parsed.subcommand();
        }
        return parsed;
    }

    /**
     * {@code @name} of the pool as its path; {@code @out...} a fresh name in the pool for this
     * input ({@code @out} and any characters after it but '/', e.g. {@code @outdir});
     * {@code @@name} the pool's path after an {@code @}, picocli's argument file.
     */
    private static String pooled(String arg, int n) {
        if (arg.startsWith("@@") && arg.length() > 2) { // picocli's argument file: '@' and the pool's path
            String path = pooled(arg.substring(1), n);
            return path.equals(arg.substring(1)) ? arg : "@" + path;
        }
        if (arg.startsWith("@out")) {
            return POOL.resolve("out-" + n + "-" + arg.substring(4)).toString();
        }
        String name = arg.startsWith("@") ? POOL_FILES.get(arg.substring(1)) : null;
        return name == null ? arg : POOL.resolve(name).toString();
    }

    private static final Map<String, String> POOL_FILES = Map.ofEntries(Map.entry("hello", "hello.s"),
            Map.entry("racy", "racy-counter.s"), Map.entry("mp", "message-passing.s"), Map.entry("dump", "hello.fdr"),
            Map.entry("yaml", "two.yaml"), Map.entry("json", "two.json"), Map.entry("empty", "empty.s"),
            Map.entry("dir", "dir"), Map.entry("missing", "missing.s"), Map.entry("binary", "binary.s"),
            Map.entry("batch", "commands.txt"));

    /** Inputs skipped (the class's Javadoc), from picocli's parse of them. */
    private static boolean skipped(ParseResult leaf) {
        if (leaf == null || leaf.isUsageHelpRequested() || leaf.isVersionHelpRequested()) { // refused or help: quick
            return false;
        }
        String command = leaf.commandSpec().qualifiedName();
        return switch (command) {
            case "fdr experiment paper", "fdr sweep" -> !leaf.hasMatchedOption("--emit-slurm");
            case "fdr verify" -> leaf.matchedOptionValue("--runs", 100) > 4
                    || leaf.matchedOptionValue("-w", "random-tester").matches("(?i).*(oltp|jbb|web|splash|fullsys).*");
            case "fdr test-protocol" -> (long) leaf.matchedOptionValue("--seeds", 20)
                    * leaf.matchedOptionValue("--ops", 500_000L) > 20_000;
            case "fdr replay" -> leaf.matchedOptionValue("--schedules", 1) > 8;
            // a port waits for a client; the terminal session reads the JVM's own standard input,
            // which here is surefire's channel and never ends (DebugCommandTest pipes one in a JVM of its own)
            case "fdr debug" -> leaf.hasMatchedOption("--dap-port") || !(leaf.hasMatchedOption("--batch")
                    || leaf.hasMatchedOption("-ex") || leaf.hasMatchedOption("--dap"));
            default -> false;
        };
    }

    @AfterAll
    static void deleteThePool() throws IOException {
        delete(POOL);
    }

    /** Deletes what the input wrote to the pool (every name {@link #pooled} made for it). */
    private static void clean(int n) throws IOException {
        try (Stream<Path> files = Files.list(POOL)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                if (f.getFileName().toString().startsWith("out-" + n + "-")) {
                    delete(f);
                }
            }
        }
    }

    private static void delete(Path p) throws IOException {
        if (Files.isDirectory(p)) {
            try (Stream<Path> files = Files.list(p)) {
                for (Path f : (Iterable<Path>) files::iterator) {
                    delete(f);
                }
            }
        }
        Files.deleteIfExists(p);
    }

    /** The project's examples: ../examples from the module, ../../examples from cli/.fuzz-cwd. */
    private static Path examples() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("examples/hello.s"))) {
                return dir.resolve("examples");
            }
        }
        throw new IllegalStateException("examples/hello.s not found above " + Path.of("").toAbsolutePath());
    }

    private static Path pool() {
        try {
            Path dir = Files.createTempDirectory("fdr-cli-fuzz");
            for (String example : new String[] {"hello.s", "racy-counter.s", "message-passing.s"}) {
                Files.copy(EXAMPLES.resolve(example), dir.resolve(example));
            }
            Files.writeString(dir.resolve("two.yaml"), "cpus: 2\nseed: 3\n");
            Files.writeString(dir.resolve("two.json"), "{\"cpus\": 2, \"recorder\": {\"enabled\": true}}\n");
            Files.writeString(dir.resolve("empty.s"), "");
            Files.createDirectory(dir.resolve("dir"));
            Files.write(dir.resolve("binary.s"), new byte[] {(byte) 0xff, (byte) 0xfe, 0x41, 0x0a});
            Files.writeString(dir.resolve("commands.txt"), "step\ninfo arcs\ngoto end\n");
            int status = Main.execute(new String[] {"record", dir.resolve("hello.s").toString(), "--cpus", "2", "-o",
                dir.resolve("hello.fdr").toString()}, new PrintStream(OutputStream.nullOutputStream()),
                    new PrintStream(OutputStream.nullOutputStream()));
            if (status != 0) {
                throw new IllegalStateException("recording the pool's dump failed: " + status);
            }
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
