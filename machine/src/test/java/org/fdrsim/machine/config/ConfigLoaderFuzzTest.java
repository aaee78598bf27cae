package org.fdrsim.machine.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.fdrsim.cpu.text.OneLine;

/**
 * Coverage-guided fuzz target for the configuration loader: a YAML file, a JSON file or
 * {@code --set} assignments give a configuration or one {@link ConfigException} with a
 * one-line message in the configuration's words (none of Jackson's), never another exception.
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
    private static final List<JsonFactory> PARSERS = List.of(new YAMLFactory(), new JsonFactory());

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
                parsed = parsed != null ? parsed : parsedText(input);
                if (!parsed.contains(word)) {
                    fail("Jackson's word '%s' in a refusal: %s", word, message);
                }
            }
        }
    }

    /** Every field name and value the parsers read from {@code input}, each as far as it gets. */
    private static String parsedText(String input) {
        StringBuilder all = new StringBuilder();
        for (JsonFactory factory : PARSERS) {
            try (JsonParser p = factory.createParser(input)) {
                for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                    if (t == JsonToken.FIELD_NAME || t.isScalarValue()) {
                        all.append(p.getText()).append('\n');
                    }
                }
            } catch (IOException | RuntimeException e) {
                // the text read before the parser's first error is all a refusal can quote
            }
        }
        return all.toString();
    }

    @FuzzTest(maxDuration = "10m")
    void load(byte[] input) throws IOException {
        int form = input.length == 0 ? 0 : Byte.toUnsignedInt(input[0]) % 3;
        byte[] body = input.length == 0 ? input : Arrays.copyOfRange(input, 1, input.length);
        try {
            MachineConfig config = switch (form) {
                case 0 -> ConfigLoader.fdr1().file(write("fuzz.yaml", body)).build();
                case 1 -> ConfigLoader.fdr1().file(write("fuzz.json", body)).build();
                default -> ConfigLoader.fdr1().set(lines(body)).build();
            };
            assertThat(config.cpus()).isPositive();
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
