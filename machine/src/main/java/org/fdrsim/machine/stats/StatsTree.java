package org.fdrsim.machine.stats;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Prints a statistics tree (nested maps in a fixed order, leaves numbers or text) as indented
 * text or as JSON: one tree, two back-ends.
 */
public final class StatsTree {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private StatsTree() {}

    public static String toJson(Map<String, Object> tree) {
        try {
            return JSON.writeValueAsString(tree) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("statistics are not serializable", e);
        }
    }

    public static String toText(Map<String, Object> tree) {
        StringBuilder sb = new StringBuilder();
        append(sb, tree, 0);
        return sb.toString();
    }

    private static void append(StringBuilder sb, Map<?, ?> map, int depth) {
        for (Map.Entry<?, ?> e : map.entrySet()) {
            sb.append("  ".repeat(depth)).append(e.getKey());
            Object v = e.getValue();
            if (v instanceof Map<?, ?> child) {
                sb.append(":\n");
                append(sb, child, depth + 1);
            } else {
                sb.append(": ").append(format(v)).append('\n');
            }
        }
    }

    private static String format(Object v) {
        if (v instanceof Double d) {
            return String.format(Locale.ROOT, "%.4f", d);
        }
        if (v instanceof List<?> list) {
            return list.toString();
        }
        return String.valueOf(v);
    }
}
