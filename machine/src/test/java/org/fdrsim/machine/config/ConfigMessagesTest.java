package org.fdrsim.machine.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Configuration mistakes a new user makes, and the one line each gets. */
class ConfigMessagesTest {
    @TempDir
    Path dir;

    private String fileError(String yaml) throws IOException {
        Path f = Files.writeString(dir.resolve("c.yaml"), yaml);
        ConfigException e = catchThrowableOfType(ConfigException.class, () -> ConfigLoader.fdr1().file(f).build());
        assertThat(e).as("refused").isNotNull();
        assertThat(e.getMessage()).doesNotContain("\n");
        return e.getMessage();
    }

    @Test
    void malformedYamlSaysWhere() throws IOException {
        String m = fileError("cpus: 4\ncaches: {l2: {sizeKB: 1024\nseed: 3\n");
        assertThat(m).containsPattern("c\\.yaml, line \\d+, column \\d+: not valid YAML or JSON");
    }

    /**
     * SnakeYAML reports most syntax errors as a context ("while parsing a block mapping") and a
     * problem on a later line; until stop 51 only the context reached the user, at the context's
     * place or Jackson's: a misindented key was "not valid YAML or JSON: while parsing a block mapping".
     */
    @Test
    void aYamlSyntaxErrorSaysTheProblemWhereItIsAndTheContextWhereItBegan() throws IOException {
        assertThat(fileError("caches:\n  l2:\n    ways: 4\n   sizeKB: 1024\n")).endsWith(
                "c.yaml, line 4, column 4: not valid YAML or JSON: expected <block end>, but found '<block mapping start>'"
                        + " (while parsing a block mapping that began at line 2, column 3)");
        assertThat(fileError("%YAML 99999999999.1\n---\ncpus: 4\n")).endsWith(
                "c.yaml, line 1, column 18: not valid YAML or JSON: found a number which cannot represent a valid version:"
                        + " 99999999999 (while scanning a YAML directive that began at line 1, column 1)");
        assertThat(fileError("cpus: \"abc\n")).endsWith("c.yaml, line 2, column 1: not valid YAML or JSON:"
                + " found unexpected end of stream (while scanning a quoted scalar that began at line 1, column 7)");
        // a problem without a context is said alone
        assertThat(fileError("a: b: c\n")).endsWith("c.yaml, line 1, column 5: not valid YAML or JSON: mapping values are not allowed here");
    }

    /**
     * Jackson refuses a number of more than 1,000 digits, or nesting deeper than 1,000, naming the
     * Java method that holds the limit (found by the fuzz target in stop 51: a JSON string of
     * 1,037 characters given for {@code cpus}).
     */
    @Test
    void aValueTooLargeForTheParserIsSaidWithoutJacksonsMethod() throws IOException {
        String digits = "1".repeat(1001);
        String number = "too large for the parser: number value length (1001) exceeds the maximum allowed (1000)";
        assertThat(fileError("cpus: " + digits + "\n")).isEqualTo(dir.resolve("c.yaml") + ": " + number);
        assertThat(fileError("cpus: \"" + digits + "\"\n")).isEqualTo("configuration: cpus: " + number);
        assertThat(fileError("[".repeat(1001) + "]".repeat(1001))).isEqualTo(dir.resolve("c.yaml")
                + ": too large for the parser: document nesting depth (1001) exceeds the maximum allowed (1000)");
        ConfigException set = catchThrowableOfType(ConfigException.class,
                () -> ConfigLoader.fdr1().set(List.of("cpus='" + digits + "'")).build());
        assertThat(set).hasMessage("configuration: cpus: " + number);
    }

    /** Three YAML mistakes that reached the user in the parser's words, or not at all, until stop 51. */
    @Test
    void aForbiddenCharacterASecondDocumentAndAKeyThatIsAListAreSaidInTheConfigurationsWords() throws IOException {
        // SnakeYAML's "special characters are not allowed", placed by Jackson at line 1, column 1
        assertThat(fileError("cpus: 4\r\nseed: 7\u0001\n")).endsWith("c.yaml, line 2, column 8: not valid YAML or JSON:"
                + " the character U+0001 is not allowed (expected tabs, line breaks and printable characters)");
        assertThat(fileError("\u00e9\ud83d\ude00: \u007f\n")).endsWith("c.yaml, line 1, column 5: not valid YAML or JSON:"
                + " the character U+007F is not allowed (expected tabs, line breaks and printable characters)");
        // a second document's settings were silently ignored
        assertThat(fileError("cpus: 4\n---\ncpus: 2\n"))
                .endsWith("c.yaml, line 3, column 1: a second YAML document (after '---'), expected all the settings in one");
        // Jackson named SnakeYAML's event: "<org.yaml.snakeyaml.events.SequenceStartEvent(anchor=null, ...)>"
        assertThat(fileError("? [a]\n: 1\n")).endsWith(
                "c.yaml, line 1, column 4: not valid YAML or JSON: a key that is a list or a mapping, expected a setting's name");
    }

    /**
     * A drain of 1e308 MB/s became an infinite number of bytes a cycle, and 1e-323 MB/s none: "dmaRace
     * buffer: drain bandwidth must be positive, got Infinity" when the machine was built (stop 53).
     */
    @Test
    void aDrainPastWhatADoubleHoldsPerCycleIsRefused() throws ConfigException {
        for (String drain : new String[] {"1e308", "1e-323", "0"}) {
            ConfigException e = catchThrowableOfType(ConfigException.class,
                    () -> ConfigLoader.fdr1().set(List.of("recorder.buffers.dmaRace.drainMBps=" + drain)).build());
            assertThat(e).as(drain).isNotNull();
            assertThat(e.getMessage()).contains("recorder.buffers.dmaRace.drainMBps must be 0.000001..1000000000 (1 byte/s to 1 PB/s), got ");
        }
        assertThat(ConfigLoader.fdr1().set(List.of("recorder.buffers.dmaRace.drainMBps=1e9")).build().recorder().buffers()
                .get(org.fdrsim.recorder.buffer.LogKind.DMA_RACE).drainMBps()).isEqualTo(1e9);
    }

    /** A NUL in the console input's name was an internal error (InvalidPathException) when the run opened it (stop 53). */
    @Test
    void aConsoleInputNameWithANulIsRefused() throws IOException {
        String expected = "devices.consoleInput must name a file, '-' (standard input) or '' (none); a file name has no NUL"
                + " character, got 'a\\u0000b'";
        assertThat(fileError("devices:\n  consoleInput: \"a\\0b\"\n")).endsWith(expected);
        assertThat(fileError("{\"devices\": {\"consoleInput\": \"a\\u0000b\"}}")).endsWith(expected);
    }

    /** Jackson reads a YAML alias as its name: {@code consoleInput: *p} took the text "p" without a word (stop 51). */
    @Test
    void anAliasIsRefusedAndAnAnchorIsHarmless() throws IOException, ConfigException {
        assertThat(fileError("seed: &n 5\ncpus: *n\n")).endsWith(
                "c.yaml, line 2, column 7: the alias '*n', expected the value itself (the configuration does not read YAML aliases)");
        assertThat(fileError("recorder:\n  policy: &p fdr\ndevices:\n  consoleInput: *p\n"))
                .endsWith("c.yaml, line 4, column 17: the alias '*p', expected the value itself (the configuration does not read YAML aliases)");
        Path f = Files.writeString(dir.resolve("anchor.yaml"), "seed: &n 5\ncpus: 2\n");
        assertThat(ConfigLoader.fdr1().file(f).build().seed()).isEqualTo(5);
    }

    /**
     * Until stop 51 Jackson read a number as a yes or no ({@code enabled: 2} was true) and called
     * YAML's {@code .inf} malformed ("not valid YAML or JSON: Malformed numeric value '.inf'").
     */
    @Test
    void aNumberIsNotAYesOrNoAndAnInfinityIsNotASettingsValue() throws IOException, ConfigException {
        assertThat(fileError("recorder:\n  enabled: 2\n")).isEqualTo("configuration: recorder.enabled: expected true or false, got 2");
        assertThat(fileError("recorder:\n  enabled: 0\n")).isEqualTo("configuration: recorder.enabled: expected true or false, got 0");
        ConfigException set = catchThrowableOfType(ConfigException.class,
                () -> ConfigLoader.fdr1().set(List.of("recorder.enabled=1")).build());
        assertThat(set).hasMessage("configuration: recorder.enabled: expected true or false, got 1");
        Path yes = Files.writeString(dir.resolve("yes.yaml"), "recorder:\n  enabled: yes\n"); // YAML 1.1's words stay
        assertThat(ConfigLoader.fdr1().file(yes).build().recorder().enabled()).isTrue();
        assertThat(fileError("processor:\n  clockGHz: .inf\n"))
                .endsWith("c.yaml, line 2, column 17: the value '.inf' is not a finite number (expected one, or the setting left out)");
        assertThat(fileError("seed: .NaN\n")).endsWith("the value '.NaN' is not a finite number (expected one, or the setting left out)");
    }

    /** A mistyped setting names the one it most likely meant, as the command line does (stop 51). */
    @Test
    void aMistypedSettingNamesTheOneMeant() throws IOException {
        ConfigException set = catchThrowableOfType(ConfigException.class, () -> ConfigLoader.fdr1().set(List.of("cpu=2")));
        assertThat(set).hasMessage("--set unknown setting 'cpu' (did you mean cpus?), expected one of [cpus, seed, processor,"
                + " caches, memory, network, limits, recorder, devices, checkpoint]");
        assertThat(fileError("caches:\n  l2:\n    sizekb: 1024\n"))
                .endsWith("c.yaml: unknown setting 'caches.l2.sizekb' (did you mean caches.l2.sizeKB?), expected one of [sizeKB, ways, hitCycles]");
        assertThat(fileError("caches:\n  l3:\n    sizeKB: 1024\n")).endsWith("c.yaml: unknown setting 'caches.l3', expected one of [l1, l2]");
    }

    /**
     * A whole number with a leading zero is octal to YAML 1.1: {@code dramCycles: 0440} ran with
     * 288 cycles without a word until stop 52. It is refused in a file and through --set; a lone
     * zero, hexadecimal, digit separators and a fraction's leading zero stay.
     */
    @Test
    void aLeadingZeroIsRefusedSayingWhatYamlReadsItAs() throws IOException, ConfigException {
        assertThat(fileError("memory:\n  dramCycles: 0440\n")).endsWith("/c.yaml, line 2, column 15: memory.dramCycles:"
                + " '0440' has a leading zero (YAML reads it as 288, octal); expected the number without it, 440, or 0x for"
                + " hexadecimal");
        assertThat(fileError("{\"cpus\": 010}")).endsWith(": cpus: '010' has a leading zero (YAML reads it as 8, octal);"
                + " expected the number without it, 10, or 0x for hexadecimal");
        ConfigException set = catchThrowableOfType(ConfigException.class, () -> ConfigLoader.fdr1().set(List.of("seed=-010")));
        assertThat(set).hasMessage("--set seed: '-010' has a leading zero (YAML reads it as -8, octal); expected the number"
                + " without it, -10, or 0x for hexadecimal");
        Path f = Files.writeString(dir.resolve("ok.yaml"), "cpus: 0x10\nseed: 0\nlimits:\n  maxInstructions: 1_000\n"
                + "processor:\n  clockGHz: 04.5\n");
        MachineConfig ok = ConfigLoader.fdr1().file(f).build();
        assertThat(ok.cpus()).isEqualTo(16);
        assertThat(ok.seed()).isZero();
        assertThat(ok.limits().maxInstructions()).isEqualTo(1000);
        assertThat(ok.processor().clockGHz()).isEqualTo(4.5);
        assertThat(ConfigLoader.fdr1().set(List.of("cpus=10")).build().cpus()).isEqualTo(10);
    }

    @Test
    void anEmptyDocumentAfterTheSettingsIsHarmless() throws IOException, ConfigException {
        Path f = Files.writeString(dir.resolve("c.yaml"), "cpus: 2\n---\n");
        assertThat(ConfigLoader.fdr1().file(f).build().cpus()).isEqualTo(2);
    }

    @Test
    void aFractionWhereAWholeNumberBelongsSaysSoWithoutJacksonsInternals() throws IOException {
        String m = fileError("cpus: 2.5\n");
        assertThat(m).isEqualTo("configuration: cpus: expected a whole number, got 2.5");
        assertThat(m).doesNotContain("CoercionConfig").doesNotContain("`");
    }

    /** A plain YAML scalar folded over a blank line holds a line break; the message shows it escaped (a fuzzer's finding). */
    @Test
    void aValueFoldedOverLinesIsQuotedOnOneLine() throws IOException {
        String m = fileError("cpus: 8\n\n u");
        assertThat(m).isEqualTo("configuration: cpus: expected a whole number, got '8\\u000au'");
    }

    /**
     * The same for every message that quotes a value, here the validator's for the recorder's
     * policy (the fuzzer's second finding of the kind): {@link ConfigException} keeps its message
     * one line.
     */
    @Test
    void aPolicyFoldedOverLinesIsQuotedOnOneLine() throws IOException {
        String m = fileError("recorder:\n  policy: fdr\n\n   x\n");
        assertThat(m).startsWith("configuration: recorder.policy must be 'fdr', 'all-arcs' or 'none'")
                .endsWith("got 'fdr\\u000ax'");
    }

    /**
     * A double-quoted string whose last characters are an escape's letter: Jackson's YAML parser
     * passed on the JDK's NumberFormatException by name (ConfigLoaderFuzzTest's finding); and
     * Jackson's own sentence for a bad base-16 number, which it ends with the JDK's reason.
     */
    @Test
    void aNumberTheParserCannotReadIsSaidWithoutTheJdksWords() throws IOException {
        for (String text : new String[] {"cpus: \"\\u", "cpus: \"\\x", "{\"cpus\": \"out\\U"}) {
            assertThat(fileError(text)).as(text).endsWith(", line 1, column " + (text.startsWith("{") ? 1 : 5)
                    + ": not valid YAML or JSON: an escape of a double-quoted string ends before its hexadecimal digits"
                    + " (expected \\xHH, \\uHHHH or \\UHHHHHHHH)");
        }
        assertThat(fileError("cpus: !!int 0x\n")).endsWith(": not valid YAML or JSON: Invalid base-16 number ('')");
        for (String text : new String[] {"cpus: \"\\u", "cpus: !!int 0x\n"}) {
            ConfigLoaderFuzzTest.assertOwnWords(fileError(text), text);
        }
    }

    /** YAML reads a lone '-' as a list; a text setting takes it as text (consoleInput: standard input). */
    @Test
    void aLoneDashIsTextForATextSettingOnly() throws ConfigException {
        assertThat(ConfigLoader.fdr1().set(List.of("devices.consoleInput=-")).build().devices().consoleInput())
                .isEqualTo("-");
        ConfigException e = catchThrowableOfType(ConfigException.class,
                () -> ConfigLoader.fdr1().set(List.of("cpus=-")).build());
        assertThat(e.getMessage()).isEqualTo("--set cpus expects a single value, got a list ('-')");
    }

    /** Values that once reached the user as Jackson's own words, or as a number's parser failing. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        cpus=                               | --set cpus: no value after '=', expected one such as cpus=4
        recorder.enabled=                   | --set recorder.enabled: no value after '=', expected one such as recorder.enabled=false
        processor.clockGHz=.nan             | --set processor.clockGHz: cannot read value '.nan', expected one such as processor.clockGHz=4.0
        recorder.policy=[fdr]               | --set recorder.policy expects a single value, got a list ('[fdr]')
        cpus={a: 1}                         | --set cpus expects a single value, got a mapping ('{a: 1}')
        cpus=2147483648                     | configuration: cpus: expected a whole number from -2147483648 to 2147483647, got 2147483648
        seed=99999999999999999999           | configuration: seed: expected a whole number from -9223372036854775808 to 9223372036854775807, got 99999999999999999999
        processor.clockGHz=1e400            | configuration: processor.clockGHz must be a finite number of at least 0.000001, got Infinity
        network.linkGBps=1e-9               | configuration: network.linkGBps must be a finite number of at least 0.000001, got 1.0E-9
        cpus=out of range of int            | configuration: cpus: expected a whole number, got 'out of range of int'
        seed=out of range of long (1 - 2)   | configuration: seed: expected a whole number, got 'out of range of long (1 - 2)'
        cpus=a `null` b                     | configuration: cpus: expected a whole number, got 'a `null` b'
        """)
    void aSetValueOfTheWrongShapeIsSaidInTheConfigurationsWords(String assignment, String message) {
        ConfigException e = catchThrowableOfType(ConfigException.class,
                () -> ConfigLoader.fdr1().set(List.of(assignment)).build());
        assertThat(e).as("refused").isNotNull();
        assertThat(e.getMessage()).isEqualTo(message);
        ConfigLoaderFuzzTest.assertOwnWords(e.getMessage(), assignment);
    }

    /**
     * Java's {@code strip()} counts U+001C-U+001F as white space, so {@code cpus=<U+001C>2} once ran
     * on two processors while {@code cpus=<U+0001>2} was refused: a control character around a
     * name or a value is now part of it, and refused with it.
     */
    @ParameterizedTest(name = "U+{0}")
    @CsvSource({"001c", "001d", "001e", "001f", "000a", "0001"})
    void aControlCharacterAroundASettingIsPartOfIt(String hex) {
        String c = String.valueOf((char) Integer.parseInt(hex, 16));
        for (String assignment : List.of("cpus=" + c + "2", "cpus=2" + c, c + "cpus=2", "checkpoint.interval=" + c + "1 us")) {
            ConfigException e = catchThrowableOfType(ConfigException.class,
                    () -> ConfigLoader.fdr1().set(List.of(assignment)).build());
            assertThat(e).as("refused: %s", assignment.replace(c, "<U+" + hex + ">")).isNotNull();
            assertThat(e.getMessage()).as(assignment).contains("\\u" + hex)
                    .containsAnyOf("holds a control character", "unknown setting");
        }
    }

    @Test
    void blanksAroundASettingAreNotPartOfIt() throws ConfigException {
        MachineConfig config = ConfigLoader.fdr1().set(List.of(" cpus\t=\t2\u3000", "seed = 7 ")).build();
        assertThat(config.cpus()).isEqualTo(2);
        assertThat(config.seed()).isEqualTo(7);
    }

    @Test
    void anEmptyValueStillClearsATextSetting() throws ConfigException {
        assertThat(ConfigLoader.fdr1().set(List.of("devices.consoleInput=")).build().devices().consoleInput()).isEmpty();
    }

    @Test
    void aKeyGivenTwiceIsRefused() throws IOException {
        String m = fileError("cpus: 2\nseed: 1\ncpus: 4\n");
        assertThat(m).contains("line 3").contains("the key 'cpus' is given twice");
    }

    @Test
    void everyProblemIsListed() {
        ConfigException e = catchThrowableOfType(ConfigException.class, () -> ConfigLoader.fdr1()
                .set("memory.model", "fast").set("recorder.policy", "best").set("network.dimX", "3").build());
        assertThat(e.getMessage()).startsWith("configuration: 3 problems: ").contains("memory.model")
                .contains("recorder.policy").contains("network.dimX").doesNotContain("more problems");
    }

    @Test
    void aDirectoryIsNotAConfiguration() {
        ConfigException e = catchThrowableOfType(ConfigException.class, () -> ConfigLoader.fdr1().file(dir));
        assertThat(e.getMessage()).contains("it is a directory");
    }

    @Test
    void aMissingOrNonUtf8FileIsNamedWithTheReason() throws Exception {
        Path missing = dir.resolve("missing.yaml");
        ConfigException e = catchThrowableOfType(ConfigException.class, () -> ConfigLoader.fdr1().file(missing));
        assertThat(e.getMessage()).isEqualTo("cannot read configuration '" + missing
                + "': no such file (expected a YAML or JSON file, e.g. one written by 'fdr config')");
        Path latin1 = dir.resolve("latin1.yaml");
        Files.write(latin1, new byte[] {'c', 'p', 'u', 's', ':', ' ', (byte) 0xe9});
        e = catchThrowableOfType(ConfigException.class, () -> ConfigLoader.fdr1().file(latin1));
        assertThat(e.getMessage()).startsWith("cannot read configuration '" + latin1 + "': not valid UTF-8 (expected");
    }
}
