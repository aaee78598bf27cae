package org.fdrsim.machine.config;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.ContainerNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * A fuzzer's edits of a sound JSON file that keep it JSON, for the targets of files fdrsim reads (a
 * configuration, a kept run, a sweep's shard): raw
 * bytes seldom stay JSON, so mutations of them stop at the reader and never reach what a file
 * that reads well can get wrong (an emptied list, a value from another run, a negative count).
 * One to four edits, each on any value in the tree: a number, a string, a boolean, null, the
 * value removed, a list or object emptied, a value repeated (in a list, inserted before it).
 */
public final class JsonEdits {
    private static final ObjectMapper JSON = new ObjectMapper();

    private JsonEdits() {}

    /** {@code sound} edited as {@code data} says. */
    public static byte[] apply(byte[] sound, FuzzedDataProvider data) throws IOException {
        JsonNode tree = JSON.readTree(sound);
        for (int k = data.consumeInt(1, 4); k > 0; k--) {
            List<ContainerNode<?>> containers = new ArrayList<>();
            collect(tree, containers);
            ContainerNode<?> parent = containers.get(data.consumeInt(0, containers.size() - 1));
            if (parent.size() == 0) {
                continue;
            }
            int child = data.consumeInt(0, parent.size() - 1);
            JsonNode value = switch (data.consumeInt(0, 8)) {
                case 0 -> LongNode.valueOf(data.consumeLong());
                case 1 -> IntNode.valueOf(data.consumeInt(-2, 10));
                case 2 -> DoubleNode.valueOf(data.consumeRegularDouble());
                case 3 -> TextNode.valueOf(data.consumeString(16));
                case 4 -> BooleanNode.valueOf(data.consumeBoolean());
                case 5 -> NullNode.getInstance();
                case 6 -> null; // removed
                case 7 -> childOf(parent, child).isArray() ? JSON.createArrayNode() : JSON.createObjectNode();
                default -> childOf(parent, child).deepCopy();
            };
            set(parent, child, value, data.consumeBoolean());
        }
        return JSON.writeValueAsBytes(tree);
    }

    /** Every object and list in {@code node}, itself first. */
    private static void collect(JsonNode node, List<ContainerNode<?>> out) {
        if (node instanceof ContainerNode<?> c) {
            out.add(c);
            for (JsonNode child : node) {
                collect(child, out);
            }
        }
    }

    private static JsonNode childOf(ContainerNode<?> parent, int index) {
        return parent instanceof ArrayNode a ? a.get(index) : parent.get(fieldName((ObjectNode) parent, index));
    }

    /** Sets (or, for null, removes) child {@code index}; in a list, {@code insert} adds the value before it instead. */
    private static void set(ContainerNode<?> parent, int index, JsonNode value, boolean insert) {
        if (parent instanceof ArrayNode a) {
            if (value == null) {
                a.remove(index);
            } else if (insert) {
                a.insert(index, value);
            } else {
                a.set(index, value);
            }
        } else {
            ObjectNode o = (ObjectNode) parent;
            String name = fieldName(o, index);
            if (value == null) {
                o.remove(name);
            } else {
                o.set(name, value);
            }
        }
    }

    private static String fieldName(ObjectNode o, int index) {
        Iterator<String> names = o.fieldNames();
        for (int i = 0; i < index; i++) {
            names.next();
        }
        return names.next();
    }
}
