package org.fdrsim.results;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.fdrsim.cpu.text.OneLine;

/**
 * Reads back the JSON files fdrsim wrote earlier: finished runs, sweep shards and specs, an
 * experiment's options and identity. These files outlive the process (a resumed experiment, a
 * Slurm array's merge) and may be cut short, edited by hand or written by another version, so
 * they are read strictly: every field present and none null, in maps and lists too. A file that
 * is not so is refused here with one line, instead of failing later, far from the file, as a null.
 */
public final class KeptJson {
    private static final ObjectMapper STRICT = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES,
                    DeserializationFeature.FAIL_ON_NULL_CREATOR_PROPERTIES,
                    DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES,
                    DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .setDefaultSetterInfo(JsonSetter.Value.construct(Nulls.FAIL, Nulls.FAIL));

    private KeptJson() {
    }

    /**
     * The {@code type} written to {@code file}.
     *
     * @throws IOException if it cannot be read, or does not hold a whole {@code type}; the message
     *     is one line saying what is wrong with it (Jackson's, without its location lines, and with
     *     any control character of the file's that it quotes escaped)
     */
    public static <T> T read(Path file, Class<T> type) throws IOException {
        String text = Files.readString(file, StandardCharsets.UTF_8);
        try {
            return STRICT.readValue(text, type);
        } catch (JsonProcessingException e) {
            throw new IOException(OneLine.escape(describe(e)), e); // Jackson quotes the file's text
        }
    }

    /** Jackson's first line without the setting it names, and where in the file: "... (at logs.memoryRace)". */
    private static String describe(JsonProcessingException e) {
        String what = e.getOriginalMessage() == null ? e.getClass().getSimpleName() : e.getOriginalMessage();
        what = what.lines().findFirst().orElse("");
        int setting = what.indexOf("; `DeserializationFeature");
        if (setting >= 0) {
            what = what.substring(0, setting);
        }
        if (e instanceof JsonMappingException m && !m.getPath().isEmpty()) {
            StringBuilder at = new StringBuilder();
            for (JsonMappingException.Reference r : m.getPath()) {
                if (r.getFieldName() != null) {
                    at.append(at.length() == 0 ? "" : ".").append(r.getFieldName());
                } else if (r.getIndex() >= 0) {
                    at.append('[').append(r.getIndex()).append(']');
                }
            }
            if (at.length() > 0) {
                what += " (at " + at + ")";
            }
        }
        return what;
    }
}
