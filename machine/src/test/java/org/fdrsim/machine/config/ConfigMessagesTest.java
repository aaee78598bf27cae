package org.fdrsim.machine.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
