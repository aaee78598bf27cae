package org.fdrsim.machine.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.fdrsim.cpu.asm.Assembler;
import org.fdrsim.cpu.asm.AssemblyException;
import org.fdrsim.cpu.asm.IncludeResolver;
import org.fdrsim.cpu.io.Console;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.cpu.run.StopCause;
import org.fdrsim.cpu.text.OneLine;
import org.fdrsim.machine.RunOptions;
import org.fdrsim.machine.Simulation;

/**
 * Coverage-guided fuzz target for the configuration loader: a YAML file, a JSON file or
 * {@code --set} assignments give a configuration or one {@link ConfigException} with a
 * one-line message in the configuration's words (none of Jackson's), never another exception.
 * Since stop 52 a configuration the loader accepts must also build its machine and run a small
 * racy program on it to the end, recorded, with the program's own result: the checks the loader
 * makes are the only ones a setting meets before the machine (a latency near the int range had
 * wrapped round, a 4 GiB cache overflowed its size, and 2^31 NIC packets ran the host out of memory).
 *
 * <p>Input: the first byte picks the form (0 YAML, 1 JSON, 2 {@code --set} lines; taken
 * modulo 3), the rest is the file or the assignments, one a line. Seeds and findings:
 * {@code src/test/resources/org/fdrsim/machine/config/ConfigLoaderFuzzTestInputs/load/}.
 */
class ConfigLoaderFuzzTest {
    private static final Path DIR = tempDir();
    /**
     * Words of Jackson's own messages: its quoting, type and token names, features and range
     * wording; and (since stop 51) those of SnakeYAML, its YAML parser: package and event class names.
     */
    private static final List<String> JACKSON_WORDS = List.of("`", "JsonToken", "Deserializ", "Coercion",
            "com.fasterxml", "java.lang", "out of range of", "Cannot deserialize", "Cannot map", "Cannot coerce",
            "For input string", "org.yaml", "snakeyaml", "Event(");

    /** The parsers whose reading of the input a refusal may quote: YAML's, and JSON's for a JSON file. */
    private static final JsonFactory[] PARSERS = {new YAMLFactory(), new JsonFactory()};

    /**
     * A refusal said in the configuration's words: none of Jackson's, unless the input holds that
     * word itself (a message may quote the value it refuses) as a message writes it or as a parser
     * reads it. Escaped, an escape's last hex digit can start a word (a form feed, written
     * {@code 000c} after a backslash and a u, then "om.fasterxml"); YAML folds a plain value's
     * line breaks into spaces ("out of\r range of long" is the value "out of range of long");
     * a quoted value's escapes spell what they stand for (a backslash, u0020 is a space). The
     * words hold no control character and no run of spaces, so a word the input holds as it is
     * survives the escaped and folded forms.
     */
    static void assertOwnWords(String message, String input) {
        String quoted = OneLine.escape(input);
        String folded = input.replaceAll("\\s+", " ");
        String parsed = null; // parsed only when a word is in question: the fuzzer calls this for every refusal
        for (String word : JACKSON_WORDS) {
            if (message.contains(word) && !quoted.contains(word) && !folded.contains(word)) {
                parsed = parsed != null ? parsed
                        : ParsedText.of(input.getBytes(StandardCharsets.UTF_8), PARSERS);
                if (!parsed.contains(word)) {
                    fail("Jackson's word '%s' in a refusal: %s", word, message);
                }
            }
        }
    }

    @FuzzTest(maxDuration = "10m")
    void load(byte[] input) throws IOException {
        int form = input.length == 0 ? 0 : Byte.toUnsignedInt(input[0]) % 3;
        loadAs(form, input.length == 0 ? input : Arrays.copyOfRange(input, 1, input.length));
    }

    /**
     * The same property over configuration files that stay JSON ({@link JsonEdits} of FDR1's every
     * setting, as {@code fdr config} prints them): a setting given a value of another type, a
     * section emptied or removed, a list where a number goes, reach the loader's checks and the
     * machine, which raw bytes seldom do past the parser.
     */
    @FuzzTest(maxDuration = "10m")
    void edit(FuzzedDataProvider data) throws IOException {
        loadAs(1, JsonEdits.apply(SOUND, data));
    }

    /** FDR1's every setting as a JSON file. */
    private static final byte[] SOUND = sound();

    private static byte[] sound() {
        try {
            return new ObjectMapper().writeValueAsBytes(new YAMLMapper().readTree(ConfigLoader.toYaml(ConfigLoader.fdr1().build())));
        } catch (IOException | ConfigException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void loadAs(int form, byte[] body) throws IOException {
        try {
            MachineConfig config = switch (form) {
                case 0 -> ConfigLoader.fdr1().file(write("fuzz.yaml", body)).build();
                case 1 -> ConfigLoader.fdr1().file(write("fuzz.json", body)).build();
                default -> ConfigLoader.fdr1().set(lines(body)).build();
            };
            assertThat(config.cpus()).isPositive();
            runs(config);
            if (form == 2) { // since stop 51: a control character in a --set is refused, not taken for a space
                for (String line : lines(body)) {
                    assertThat(line.replace('\t', ' ')).as("an accepted --set").doesNotContainPattern("[\\p{Cc}\\p{Zl}\\p{Zp}]");
                }
            }
        } catch (ConfigException e) {
            assertThat(e.getMessage()).isNotBlank().doesNotContainPattern("[\\p{Cc}\\p{Zl}\\p{Zp}]"); // no line break of any kind
            assertOwnWords(e.getMessage(), new String(body, StandardCharsets.UTF_8));
        }
    }

    /**
     * Each processor adds one to a shared word atomically, copies the sum racily into the next
     * word (the last writer wins), and counts itself in on another block.
     */
    private static final ProgramImage RACY = assemble("racy.s", """
                    .data
                    .align 64
            shared: .word 0, 0
                    .align 64
            done:   .word 0
                    .text
            _start: la   r2, shared
                    li   r3, 1
                    fadd r0, r3, 0(r2)
                    ld   r4, 0(r2)
                    st   r4, 8(r2)
                    la   r5, done
                    fadd r0, r3, 0(r5)
                    halt
            """);

    private static ProgramImage assemble(String name, String source) {
        try {
            return Assembler.assemble(name, source, IncludeResolver.none());
        } catch (AssemblyException e) {
            throw new IllegalStateException(e);
        }
    }

    /** {@code config}'s machine, recorded, runs {@link #RACY} to the end: every processor counted in. */
    private static void runs(MachineConfig config) throws ConfigException {
        // the fuzzer's limits and checkpoints could end the run early or make it long; the program needs neither
        MachineConfig small = new ConfigLoader(config).set("limits.maxInstructions", "0").set("limits.maxCycles", "0")
                .set("recorder.enabled", Boolean.toString(config.memory().model().equals(MemoryConfig.TIMED)))
                .set("devices.consoleInput", "").build();
        Simulation run = Simulation.run(RACY, small, Console.silent(), RunOptions.LOGS);
        assertThat(run.result().cause()).as("the run's end").isEqualTo(StopCause.ALL_HALTED);
        if (config.memory().model().equals(MemoryConfig.TIMED)) {
            // the first access misses to memory: a latency that wrapped round to below zero ran faster
            assertThat(run.result().cycles()).as("cycles, with a miss to DRAM")
                    .isGreaterThanOrEqualTo(Math.max(config.memory().dramCycles(), config.memory().directoryCycles()));
        }
        long[] ics = run.result().instructionsPerCpu();
        assertThat(ics).hasSize(config.cpus());
        // ICs restart at each checkpoint (a latency of hundreds of millions of cycles spans one):
        // the machine counts the run's instructions in all
        assertThat(run.machine().instructionsSoFar()).as("every processor ran the program")
                .isEqualTo(config.cpus() * RACY_INSTRUCTIONS);
        long inInterval = 0;
        for (long ic : ics) {
            inInterval += ic;
        }
        if (inInterval == run.machine().instructionsSoFar()) { // no checkpoint in the run: each processor's IC is all of it
            for (long ic : ics) {
                assertThat(ic).as("each processor ran the program").isEqualTo(RACY_INSTRUCTIONS);
            }
        }
    }

    /** The instructions one processor commits running {@link #RACY} (straight-line code), on the functional machine alone. */
    private static final long RACY_INSTRUCTIONS = racyInstructions();

    private static long racyInstructions() {
        try {
            MachineConfig one = ConfigLoader.fdr1().set("cpus", "1").set("memory.model", MemoryConfig.IDEAL).build();
            return Simulation.run(RACY, one, Console.silent(), RunOptions.LOGS).result().instructionsPerCpu()[0];
        } catch (ConfigException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<String> lines(byte[] body) {
        return List.of(new String(body, StandardCharsets.UTF_8).split("\n", -1));
    }

    private static Path write(String name, byte[] body) throws IOException {
        return Files.write(DIR.resolve(name), body);
    }

    private static Path tempDir() {
        try {
            Path dir = Files.createTempDirectory("fdr-config-fuzz");
            dir.toFile().deleteOnExit(); // deleted last: the JVM deletes in the reverse order of registering
            dir.resolve("fuzz.yaml").toFile().deleteOnExit();
            dir.resolve("fuzz.json").toFile().deleteOnExit();
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
