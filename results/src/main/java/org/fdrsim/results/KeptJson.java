package org.fdrsim.results;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.fdrsim.cpu.files.ReadProblem;
import org.fdrsim.cpu.text.OneLine;
import org.fdrsim.machine.config.MappingProblem;
import org.fdrsim.machine.config.ParserLimit;

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
     *     is one line saying what is wrong with it and where ({@link MappingProblem}), with any
     *     control character of the file's that it quotes escaped
     */
    public static <T> T read(Path file, Class<T> type) throws IOException {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IOException(ReadProblem.of(e), e); // "not valid UTF-8", not "Input length = 1"
        }
        JsonNode tree;
        try {
            tree = STRICT.readTree(text);
        } catch (JsonMappingException e) { // text after the value
            throw new IOException(OneLine.escape(MappingProblem.describe(e, null)), e);
        } catch (JsonProcessingException e) {
            StreamConstraintsException limit = ParserLimit.of(e);
            throw new IOException(OneLine.escape(limit != null ? ParserLimit.describe(limit)
                    : "not valid JSON: " + syntax(e)), e); // Jackson quotes the file's text
        }
        if (tree == null || tree.isMissingNode()) {
            throw new IOException("empty, expected a JSON value written by fdrsim");
        }
        if (tree.isNull()) { // Jackson maps it to a null, which would fail later, far from the file
            throw new IOException("null, expected a JSON value written by fdrsim");
        }
        try {
            return STRICT.treeToValue(tree, type);
        } catch (JsonMappingException e) {
            throw new IOException(OneLine.escape(MappingProblem.describe(e, tree)), e);
        } catch (JsonProcessingException e) {
            throw new IOException(OneLine.escape(syntax(e)), e);
        }
    }

    /**
     * Jackson's first line, its "[Source: ...; line: L, column: C]" (which names a feature in
     * backquotes; the caller names the file) said as "line L, column C", and without the hint
     * that follows about a feature to enable ("(consider enabling `JsonReadFeature...`)",
     * ": enable `...` to allow"), which is Jackson's option, not the user's.
     */
    private static String syntax(JsonProcessingException e) {
        String what = e.getOriginalMessage() == null ? e.getClass().getSimpleName() : e.getOriginalMessage();
        what = OneLine.firstLine(what)
                .replaceAll("\\[Source: [^\\]]*?; line: (\\d+), column: (\\d+)\\]", "line $1, column $2")
                .replaceAll(" ?\\[Source: [^\\]]*\\]", "");
        int feature = what.indexOf('`');
        if (feature < 0) {
            return what;
        }
        int clause = Math.max(what.lastIndexOf('(', feature), Math.max(what.lastIndexOf(':', feature),
                what.lastIndexOf(';', feature)));
        return what.substring(0, clause < 0 ? feature : clause).strip();
    }
}
