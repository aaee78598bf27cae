package org.fdrsim.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.core.JsonFactory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.fdrsim.machine.config.ParsedText;

/** What the fuzz targets of kept files ask of a refusal, and the scratch directory each input writes. */
final class KeptFileRefusal {
    /** Jackson's quoting, type and token names: a refusal says what is wrong without them. */
    private static final List<String> JACKSON_WORDS = List.of("`", "JsonToken", "Cannot deserialize",
            "Cannot construct", "java.lang", "Input length", "For input string");

    private KeptFileRefusal() {}

    /** {@code message} is one line, in fdrsim's words: none of Jackson's unless {@code file} holds them, as written or as parsed. */
    static void assertOneLineInOwnWords(String message, byte[] file) {
        assertThat(message).doesNotContainPattern("[\\p{Cc}\\p{Zl}\\p{Zp}]");
        String text = new String(file, StandardCharsets.UTF_8);
        for (String jackson : JACKSON_WORDS) { // a refusal may quote the file's own words
            if (message.contains(jackson) && !text.contains(jackson) && !ParsedText.of(file, new JsonFactory()).contains(jackson)) {
                fail("Jackson's word '%s' in a refusal: %s", jackson, message);
            }
        }
    }

    /** Deletes {@code dir} and everything in it. */
    static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
