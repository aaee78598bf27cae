package org.fdrsim.machine.config;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;

/**
 * What Jackson's parsers read of a text: every field name and value, one a line, as far as each
 * parser gets. A refusal may quote such a value, whose escapes can spell a word the raw text does
 * not hold (a backslash, u0060 is a backquote), so the fuzz targets that forbid Jackson's words in
 * refusals allow the words found here.
 */
public final class ParsedText {
    private ParsedText() {}

    /** The field names and values each of {@code parsers} reads from {@code input}. */
    public static String of(byte[] input, JsonFactory... parsers) {
        StringBuilder all = new StringBuilder();
        for (JsonFactory factory : parsers) {
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
}
