package org.fdrsim.machine.config;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fdrsim.cpu.files.ReadProblem;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.reader.ReaderException;
import org.fdrsim.cpu.text.OneLine;

/**
 * A YAML or JSON configuration file read into a tree of settings, or refused in one line that
 * names the file, where in it the problem is and what it is in fdrsim's words: the parsers'
 * messages (Jackson's, and SnakeYAML's beneath it) put their internals first, or their class
 * names, or the start of the text for the place.
 */
final class ConfigFile {
    /** Jackson's message for a YAML key that is not a scalar ({@code ? [a]}), before the parser's event. */
    private static final String KEY_NOT_A_NAME = "Expected a field name (Scalar value in YAML), got this instead:";
    /**
     * Jackson's message for YAML's infinities and not-a-number ({@code .inf}, {@code -.Inf},
     * {@code .nan}), which it recognises as numbers and then cannot read: valid YAML, but no setting's value.
     */
    private static final Pattern NOT_FINITE = Pattern.compile("^Malformed numeric value '([-+]?\\.(?:inf|Inf|INF|nan|NaN|NAN))'");
    /** Jackson's message for a key given twice, naming it. */
    private static final Pattern DUPLICATE_FIELD = Pattern.compile("Duplicate field '([^']*)'");
    /**
     * How Jackson's YAML parser passes on a number its scanner could not read: the JDK's
     * exception named, then its message. The scanner reads hexadecimal numbers only for the
     * escapes of a double-quoted string, and fails so when the text ends right after the escape.
     */
    private static final String SCANNER_NUMBER =
            "Malformed Number token: failed to tokenize due to (java.lang.NumberFormatException): ";
    /** The JDK's reason Jackson appends to its own for a number it cannot read ({@code !!int 0x}). */
    private static final Pattern JDK_NUMBER_PROBLEM =
            Pattern.compile(", problem: For input string: \".*\"( under radix \\d+)?$");

    private ConfigFile() {
    }

    /** The tree of {@code file} (null or a missing node if it is empty), read with {@code yaml}. */
    static JsonNode tree(Path file, ObjectMapper yaml) throws ConfigException {
        if (Files.isDirectory(file)) {
            throw new ConfigException("cannot read configuration '" + file + "': it is a directory (expected a YAML or "
                    + "JSON file, e.g. one written by 'fdr config')");
        }
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            throw new ConfigException("cannot read configuration '" + file + "': " + ReadProblem.of(e)
                    + " (expected a YAML or JSON file, e.g. one written by 'fdr config')", e);
        }
        try (JsonParser parser = yaml.getFactory().createParser(text)) {
            refuseMisreadTokens(file, text, yaml);
            JsonNode node = yaml.readTree(parser);
            for (JsonToken t = parser.nextToken(); t != null; t = parser.nextToken()) {
                if (t != JsonToken.VALUE_NULL) { // an empty document after '---' is harmless; settings there would be lost
                    throw new ConfigException(file + where(parser.currentTokenLocation()) + ": a second YAML document"
                            + " (after '---'), expected all the settings in one");
                }
            }
            return node;
        } catch (JsonProcessingException e) {
            throw new ConfigException(file + where(e, text) + ": " + syntax(e), e);
        } catch (IOException e) { // a String has nothing more to read
            throw new ConfigException("cannot read configuration '" + file + "': " + ReadProblem.of(e), e);
        }
    }

    /**
     * Refuses what the tree would hold misread. A YAML alias ({@code *name}): Jackson does not
     * resolve aliases but reads one as the text of its name, so {@code cpus: *n} was refused as
     * "got 'n'" and a text setting took the name as its value without a word; anchors alone
     * ({@code &n}) are harmless and stay. A whole number with a leading zero ({@link LeadingZero}).
     */
    private static void refuseMisreadTokens(Path file, String text, ObjectMapper yaml) throws IOException,
            ConfigException {
        try (JsonParser scan = yaml.getFactory().createParser(text)) {
            for (JsonToken t = scan.nextToken(); t != null; t = scan.nextToken()) {
                if (scan instanceof YAMLParser reader && reader.isCurrentAlias()) {
                    throw new ConfigException(file + where(scan.currentTokenLocation()) + ": the alias '*" + scan.getText()
                            + "', expected the value itself (the configuration does not read YAML aliases)");
                }
                String zero = t == JsonToken.VALUE_NUMBER_INT && scan.getNumberType() != JsonParser.NumberType.BIG_INTEGER
                        ? LeadingZero.problem(scan.getText(), scan.getLongValue()) : null;
                if (zero != null) {
                    throw new ConfigException(file + where(scan.currentTokenLocation()) + ": "
                            + settingName(scan) + ": " + zero);
                }
            }
        }
    }

    /** The dotted name of the setting {@code scan} is at ({@code memory.dramCycles}). */
    private static String settingName(JsonParser scan) {
        String pointer = scan.getParsingContext().pathAsPointer().toString(); // "/memory/dramCycles"
        return pointer.isEmpty() ? "the value" : pointer.substring(1).replace('/', '.');
    }

    /**
     * ", line L, column C" of a syntax error in a file: where SnakeYAML found the problem if it
     * says (Jackson's location is sometimes where the construct it was reading began), else Jackson's.
     */
    private static String where(JsonProcessingException e, String text) {
        MarkedYAMLException yaml = yamlError(e);
        if (yaml != null && yaml.getProblemMark() != null) {
            return at(yaml.getProblemMark(), ", line ", ", column ");
        }
        if (e.getCause() instanceof ReaderException r) { // Jackson gives the start of the text
            return ForbiddenCharacter.where(text, r.getPosition());
        }
        return where(e.getLocation());
    }

    private static String where(JsonLocation at) {
        return at == null || at.getLineNr() < 1 ? "" : ", line " + at.getLineNr() + ", column " + at.getColumnNr();
    }

    /** SnakeYAML's own report of a syntax error, which Jackson wraps, or null for Jackson's own errors. */
    private static MarkedYAMLException yamlError(JsonProcessingException e) {
        return e.getCause() instanceof MarkedYAMLException y ? y : null;
    }

    private static String at(Mark mark, String line, String column) {
        return line + (mark.getLine() + 1) + column + (mark.getColumn() + 1); // SnakeYAML counts from 0
    }

    /** What is wrong with the text, without the parser's internals. */
    private static String syntax(JsonProcessingException e) {
        StreamConstraintsException limit = ParserLimit.of(e);
        if (limit != null) {
            return ParserLimit.describe(limit);
        }
        if (e.getCause() instanceof ReaderException r) {
            return "not valid YAML or JSON: " + ForbiddenCharacter.describe(r.getCodePoint());
        }
        String m = OneLine.firstLine(e.getOriginalMessage());
        if (m.startsWith(KEY_NOT_A_NAME)) { // then SnakeYAML's event, by its Java class name
            return "not valid YAML or JSON: a key that is a list or a mapping, expected a setting's name";
        }
        Matcher infinite = NOT_FINITE.matcher(m);
        if (infinite.find()) {
            return "the value '" + infinite.group(1) + "' is not a finite number (expected one, or the setting left out)";
        }
        Matcher dup = DUPLICATE_FIELD.matcher(m);
        if (dup.find()) {
            return "the key '" + dup.group(1) + "' is given twice (expected each setting once)";
        }
        if (m.startsWith(SCANNER_NUMBER)) {
            return "not valid YAML or JSON: " + (m.endsWith(" under radix 16")
                    ? "an escape of a double-quoted string ends before its hexadecimal digits"
                            + " (expected \\xHH, \\uHHHH or \\UHHHHHHHH)"
                    : "a number the YAML scanner reads is malformed");
        }
        MarkedYAMLException yaml = yamlError(e);
        if (yaml != null && yaml.getProblem() != null) {
            // Jackson's message starts with SnakeYAML's context ("while parsing a block mapping"), the
            // problem on a later line; say the problem, then the context with where it began
            Mark began = yaml.getContextMark();
            Mark found = yaml.getProblemMark();
            boolean samePlace = found != null && began != null && began.getIndex() == found.getIndex();
            String context = yaml.getContext() == null || began == null ? "" : " (" + OneLine.firstLine(yaml.getContext())
                    + (samePlace ? "" : at(began, " that began at line ", ", column ")) + ")";
            return "not valid YAML or JSON: " + OneLine.firstLine(yaml.getProblem()) + context;
        }
        Matcher jdk = JDK_NUMBER_PROBLEM.matcher(m);
        return "not valid YAML or JSON: " + (jdk.find() ? m.substring(0, jdk.start()) : m);
    }
}
