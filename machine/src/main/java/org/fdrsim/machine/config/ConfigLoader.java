package org.fdrsim.machine.config;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.type.LogicalType;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.fdrsim.cpu.text.Blanks;
import org.fdrsim.cpu.text.EditDistance;
import org.fdrsim.cpu.text.OneLine;

/**
 * Builds a {@link MachineConfig}: the FDR1 defaults, then a YAML or JSON file (any subset of
 * the tree), then {@code path=value} overrides from the command line; then validation. Every
 * problem is reported as one line naming the setting and what was expected.
 */
public final class ConfigLoader {
    /** What the old cycle counts' notes say a time looks like (FDR1's checkpoint times). */
    public static final String FDR1_TIMES = "(FDR1's times are '1/3 s', '10 us', '1 s')";
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory()
                    .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)) // a key given twice is a mistake
            .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT);

    static {
        // a number is not a yes or no: Jackson read 'enabled: 2' as true (and 0 as false)
        YAML.coercionConfigFor(LogicalType.Boolean).setCoercion(CoercionInputShape.Integer, CoercionAction.Fail);
    }

    /** Old names of times that counted processor cycles, and their new names (which carry a unit). */
    private static final Map<String, String> CYCLE_NAMES = Map.of(
            "checkpoint.intervalCycles", "checkpoint.interval",
            "checkpoint.quiesceCycles", "checkpoint.quiesce",
            "checkpoint.replayIntervalTargetCycles", "checkpoint.replayIntervalTarget");

    /** A retired setting: a log's entry size, which its format fixes ({@code recorder.buffers.<log>.entryBytes}). */
    private static final Pattern ENTRY_BYTES = Pattern.compile("recorder\\.buffers\\.[A-Za-z]+\\.entryBytes");

    private ObjectNode tree;
    private final List<String> notes = new ArrayList<>();

    /** Starts from {@code defaults}. */
    public ConfigLoader(MachineConfig defaults) {
        this.tree = YAML.valueToTree(defaults);
    }

    /** Starts from the FDR1 defaults. */
    public static ConfigLoader fdr1() {
        return new ConfigLoader(MachineConfig.fdr1());
    }

    /** Merges a YAML or JSON file (JSON is YAML) over the current settings. */
    public ConfigLoader file(Path file) throws ConfigException {
        JsonNode node = ConfigFile.tree(file, YAML);
        if (node == null || node.isMissingNode() || node.isNull()) {
            return this; // an empty file changes nothing
        }
        if (!node.isObject()) {
            throw new ConfigException(file + ": expected a mapping of settings at the top level");
        }
        merge(tree, (ObjectNode) node, "", file + ": ");
        return this;
    }

    /** Applies {@code path=value} overrides, e.g. {@code caches.l2.sizeKB=1024}. */
    public ConfigLoader set(List<String> assignments) throws ConfigException {
        for (String a : assignments) {
            int eq = a.indexOf('=');
            if (eq <= 0) {
                throw new ConfigException("--set '" + a + "': expected path=value, e.g. caches.l2.sizeKB=1024");
            }
            set(Blanks.strip(a.substring(0, eq)), Blanks.strip(a.substring(eq + 1)));
        }
        return this;
    }

    /** Sets one value; the value is read as a YAML scalar (numbers, booleans, strings). */
    public ConfigLoader set(String path, String value) throws ConfigException {
        if (path.isEmpty() || path.startsWith(".") || path.endsWith(".") || path.contains("..")) {
            throw new ConfigException("--set '" + path + "': expected a setting name such as"
                    + " caches.l2.sizeKB before '='");
        }
        if (!OneLine.isOneLineOrTabs(value)) {
            // the value is read as a YAML plain scalar, which folded a line break into a space
            throw new ConfigException("--set " + path + ": the value '" + value + "' holds a control character;"
                    + " expected printable text");
        }
        if (CYCLE_NAMES.containsKey(path)) {
            return set(CYCLE_NAMES.get(path), oldCycles(path, Blanks.strip(value)));
        }
        if (ENTRY_BYTES.matcher(path).matches()) {
            retiredEntryBytes(path);
            return this;
        }
        String[] parts = path.split("\\.");
        ObjectNode node = tree;
        for (int i = 0; i < parts.length - 1; i++) {
            JsonNode child = node.get(parts[i]);
            if (child == null || !child.isObject()) {
                throw unknown(join(parts, i), node, "--set ");
            }
            node = (ObjectNode) child;
        }
        String last = parts[parts.length - 1];
        JsonNode old = node.get(last);
        if (old == null) {
            throw unknown(path, node, "--set ");
        }
        if (old.isObject()) {
            throw new ConfigException("--set " + path + ": is a group of settings, expected one of "
                    + fieldNames(old).stream().map(f -> path + "." + f).toList());
        }
        if (value.isEmpty() && !old.isTextual()) {
            throw new ConfigException("--set " + path + ": no value after '=', expected one such as " + path + "="
                    + old.asText());
        }
        JsonNode parsed;
        try {
            // YAML reads a lone '-' as a list of one empty item; a text setting means the text
            // (devices.consoleInput=- is standard input)
            parsed = old.isTextual() && value.equals("-") ? YAML.getNodeFactory().textNode(value)
                    : YAML.readTree(value.isEmpty() ? "''" : value);
        } catch (JsonProcessingException e) {
            throw new ConfigException("--set " + path + ": cannot read value '" + value + "', expected one such as "
                    + path + "=" + old.asText(), e);
        }
        if (parsed != null && parsed.isNull()) {
            throw noValue("--set " + path);
        }
        String zero = parsed != null && parsed.isIntegralNumber() && parsed.canConvertToLong()
                ? LeadingZero.problem(Blanks.strip(value), parsed.longValue()) : null;
        if (zero != null) {
            throw new ConfigException("--set " + path + ": " + zero);
        }
        if (parsed != null && parsed.isContainerNode()) {
            throw new ConfigException("--set " + path + " expects a single value, got a "
                    + (parsed.isArray() ? "list" : "mapping") + " ('" + value + "')");
        }
        node.set(last, parsed == null || parsed.isMissingNode() ? YAML.getNodeFactory().textNode(value) : parsed);
        return this;
    }

    /**
     * One line per old setting name that was read ({@code checkpoint.intervalCycles} and the
     * like), saying what it means now; commands print these to standard error.
     */
    public List<String> notes() {
        return List.copyOf(notes);
    }

    /** An old cycle count as the new time with a unit, with a note of what it means. */
    private String oldCycles(String oldPath, String value) throws ConfigException {
        if (!value.matches("[0-9]+")) {
            throw new ConfigException(oldPath + " expects a whole number of processor cycles, got '" + value
                    + "' (or use " + CYCLE_NAMES.get(oldPath) + " with a unit, e.g. '1/3 s')");
        }
        String now = value + " cycles";
        String note = "note: " + oldPath + ": " + value + " (old name) counts processor cycles; read as "
                + CYCLE_NAMES.get(oldPath) + ": '" + now + "' " + FDR1_TIMES;
        if (!notes.contains(note)) {
            notes.add(note);
        }
        return now;
    }

    /** An old {@code entryBytes} setting: read, ignored, and said so once. */
    private void retiredEntryBytes(String path) {
        String note = "note: " + path + " (old setting) is ignored: each log's format fixes its entry size"
                + " (Table 3; the paper report lists them)";
        if (!notes.contains(note)) {
            notes.add(note);
        }
    }

    /** The configuration, validated. */
    public MachineConfig build() throws ConfigException {
        MachineConfig config;
        try {
            config = YAML.treeToValue(tree, MachineConfig.class);
        } catch (JsonMappingException e) {
            throw new ConfigException("configuration: " + MappingProblem.describe(e, tree), e);
        } catch (JsonProcessingException e) {
            StreamConstraintsException limit = ParserLimit.of(e);
            throw new ConfigException("configuration: "
                    + (limit != null ? ParserLimit.describe(limit) : OneLine.firstLine(e.getOriginalMessage())), e);
        }
        List<String> problems = ConfigValidator.problems(config);
        if (problems.size() == 1) {
            throw new ConfigException("configuration: " + problems.get(0));
        }
        if (!problems.isEmpty()) { // every problem, so one edit fixes them all
            throw new ConfigException("configuration: " + problems.size() + " problems: " + String.join("; ", problems));
        }
        return config;
    }

    /** The current settings as YAML (what {@code fdr config} prints). */
    public String toYaml() {
        try {
            return YAML.writeValueAsString(tree);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A configuration as YAML. */
    public static String toYaml(MachineConfig config) {
        return new ConfigLoader(config).toYaml();
    }

    /**
     * The configuration as a core dump stores it. Without validation the {@code recorder.validate}
     * and {@code recorder.validateEvery} settings are left out (reading the text back gives their
     * defaults), so a dump of a run without validation is byte for byte what it was before
     * validation existed.
     */
    public static String toDumpYaml(MachineConfig config) {
        ConfigLoader loader = new ConfigLoader(config);
        if (!config.recorder().validate()) {
            ((ObjectNode) loader.tree.get("recorder")).remove(List.of("validate", "validateEvery"));
        }
        return loader.toYaml();
    }

    private void merge(ObjectNode into, ObjectNode from, String prefix, String where) throws ConfigException {
        Iterator<Map.Entry<String, JsonNode>> fields = from.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> f = fields.next();
            String path = prefix + f.getKey();
            if (CYCLE_NAMES.containsKey(path) && f.getValue().isValueNode()) {
                String now = CYCLE_NAMES.get(path);
                into.put(now.substring(now.lastIndexOf('.') + 1), oldCycles(path, f.getValue().asText()));
                continue;
            }
            if (ENTRY_BYTES.matcher(path).matches() && f.getValue().isValueNode()) {
                retiredEntryBytes(path);
                continue;
            }
            JsonNode existing = into.get(f.getKey());
            if (existing == null) {
                throw unknown(path, into, where);
            }
            if (existing.isObject()) {
                if (!f.getValue().isObject()) {
                    throw new ConfigException(where + path + " is a group of settings, expected a mapping with "
                            + fieldNames(existing));
                }
                merge((ObjectNode) existing, (ObjectNode) f.getValue(), path + ".", where);
            } else {
                if (f.getValue().isContainerNode()) {
                    throw new ConfigException(where + path + " expects a single value, got a "
                            + (f.getValue().isArray() ? "list" : "mapping"));
                }
                if (f.getValue().isNull()) {
                    throw noValue(where + path);
                }
                into.set(f.getKey(), f.getValue());
            }
        }
    }

    private static ConfigException unknown(String path, JsonNode parent, String where) {
        List<String> names = fieldNames(parent);
        String group = path.substring(0, path.lastIndexOf('.') + 1);
        String typed = path.substring(group.length());
        String near = EditDistance.meant(typed, names);
        return new ConfigException(where + "unknown setting '" + path + "'"
                + (near == null ? "" : " (did you mean " + group + near + "?)") + ", expected one of " + names);
    }

    /** YAML's null ({@code null}, {@code ~} or nothing after the colon) leaves a setting without a value. */
    private static ConfigException noValue(String setting) {
        return new ConfigException(setting + ": no value (null), expected a value or the setting left out");
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static String join(String[] parts, int last) {
        return String.join(".", java.util.Arrays.copyOfRange(parts, 0, last + 1));
    }
}
