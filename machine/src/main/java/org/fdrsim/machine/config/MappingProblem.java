package org.fdrsim.machine.config;

import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fdrsim.cpu.text.OneLine;

/**
 * Says in fdrsim's words why Jackson could not map a value of a tree (a configuration, a file
 * fdrsim kept): where it is, what was expected and what was there, as one line such as
 * {@code cpus: expected a whole number, got 2.5}, instead of Jackson's type and token names.
 */
public final class MappingProblem {
    /** The end of Jackson's message for a number out of a type's range, naming the type. */
    private static final Pattern OUT_OF_RANGE = Pattern.compile("out of range of (int|long) \\([^()]*\\)$");
    /** The starts of Jackson's messages for a null. */
    private static final Pattern NULL_VALUE = Pattern.compile("Null value|Cannot map `null`|Invalid `null`");

    private MappingProblem() {}

    /** {@code where: expected ..., got ...} for {@code e}, raised while mapping {@code tree}. */
    public static String describe(JsonMappingException e, JsonNode tree) {
        StringBuilder path = new StringBuilder();
        JsonNode value = tree;
        for (JsonMappingException.Reference r : e.getPath()) {
            if (r.getFieldName() != null) {
                path.append(path.length() == 0 ? "" : ".").append(r.getFieldName());
                value = value == null ? null : value.get(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                path.append('[').append(r.getIndex()).append(']');
                value = value == null ? null : value.get(r.getIndex());
            }
        }
        String what = expected(e, value);
        // the value is shown where a kind was expected; a missing value, a null or the type's own check says enough
        return (path.length() == 0 ? "" : path + ": ") + what + (what.startsWith("expected") ? got(value) : "");
    }

    /**
     * What was expected. Jackson's message quotes the value it refused, so it is read only where
     * the user's text cannot be: its start, and the range it names at its very end (a value
     * {@code "out of range of long"} is text where a number was expected, not a number out of range).
     */
    private static String expected(JsonMappingException e, JsonNode value) {
        StreamConstraintsException limit = ParserLimit.of(e);
        if (limit != null) {
            return ParserLimit.describe(limit); // the value is not repeated: it is the part that is too large
        }
        if (e instanceof ValueInstantiationException && e.getCause() != null && e.getCause().getMessage() != null) {
            return OneLine.firstLine(e.getCause().getMessage()); // the type's own check says why
        }
        if (e instanceof UnrecognizedPropertyException u) {
            List<String> known = new ArrayList<>();
            for (Object id : u.getKnownPropertyIds()) {
                known.add(String.valueOf(id));
            }
            known.sort(null);
            return "unknown field, expected one of " + known;
        }
        String message = OneLine.firstLine(e.getOriginalMessage());
        if (message.startsWith("Missing creator property") || message.startsWith("Missing required creator property")) {
            return "missing, expected a value";
        }
        if (message.startsWith("Trailing token")) {
            return "more text after the end of the value, expected one value";
        }
        Matcher range = OUT_OF_RANGE.matcher(String.valueOf(e.getOriginalMessage())); // whole: a value may hold a line break
        if (range.find()) {
            return range.group(1).equals("int")
                    ? "expected a whole number from " + Integer.MIN_VALUE + " to " + Integer.MAX_VALUE
                    : "expected a whole number from " + Long.MIN_VALUE + " to " + Long.MAX_VALUE;
        }
        if ((value != null && value.isNull()) || NULL_VALUE.matcher(message).lookingAt()) {
            return "no value (null), expected a value";
        }
        Class<?> type = e instanceof MismatchedInputException m ? m.getTargetType() : null;
        if (type == null) {
            return message;
        }
        if (type == int.class || type == long.class || type == Integer.class || type == Long.class) {
            return "expected a whole number";
        }
        if (type == double.class || type == Double.class || type == float.class || type == Float.class) {
            return "expected a number";
        }
        if (type == boolean.class || type == Boolean.class) {
            return "expected true or false";
        }
        if (type == String.class) {
            return "expected text";
        }
        if (type.isArray() || Collection.class.isAssignableFrom(type)) {
            return "expected a list";
        }
        if (Map.class.isAssignableFrom(type) || type.isRecord()) {
            return "expected a mapping";
        }
        return message;
    }

    /** ", got 2.5", ", got 'four'" or ", got a list": the value as the tree holds it. */
    private static String got(JsonNode value) {
        if (value == null || value.isMissingNode()) {
            return "";
        }
        if (value.isContainerNode()) {
            return ", got a " + (value.isArray() ? "list" : "mapping");
        }
        return value.isTextual() ? ", got '" + value.asText() + "'" : ", got " + value.asText();
    }
}
