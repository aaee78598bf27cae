package org.fdrsim.debugadapter;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.fdrsim.replayer.debug.DebugSession;

/**
 * Test helper: DAP messages as bytes on the wire, for tests that send what no well-behaved
 * client library would (arguments that are not JSON, missing fields) and read the server's
 * replies as a client does.
 */
final class RawDap {
    private final ByteArrayOutputStream requests = new ByteArrayOutputStream();

    /** A request without arguments. */
    static JsonObject request(int seq, String command) {
        JsonObject r = new JsonObject();
        r.addProperty("seq", seq);
        r.addProperty("type", "request");
        r.addProperty("command", command);
        return r;
    }

    /** Request {@code seq} with {@code arguments} as raw text after {@code "arguments":} (empty: none). */
    static String request(int seq, String command, String arguments) {
        String text = request(seq, command).toString();
        return arguments.isBlank() ? text : text.substring(0, text.length() - 1) + ",\"arguments\":" + arguments + "}";
    }

    /** Adds one message, with its Content-Length header. */
    RawDap send(String json) {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        requests.writeBytes(("Content-Length: " + body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        requests.writeBytes(body);
        return this;
    }

    /** Serves the messages sent so far to a server over {@code session}; returns what it wrote, message by message. */
    List<JsonObject> serve(DebugSession session) throws IOException {
        ByteArrayOutputStream replies = new ByteArrayOutputStream();
        DapConnection.serve(session, new ByteArrayInputStream(requests.toByteArray()), replies);
        return messages(replies.toByteArray());
    }

    /** The responses among {@code messages}, in order. */
    static List<JsonObject> responses(List<JsonObject> messages) {
        List<JsonObject> out = new ArrayList<>();
        for (JsonObject m : messages) {
            if ("response".equals(m.get("type").getAsString())) {
                out.add(m);
            }
        }
        return out;
    }

    private static List<JsonObject> messages(byte[] bytes) {
        List<JsonObject> out = new ArrayList<>();
        int at = 0;
        while (at < bytes.length) {
            int end = headerEnd(bytes, at);
            assertThat(end).as("a header at byte %d", at).isPositive();
            String header = new String(bytes, at, end - at, StandardCharsets.US_ASCII);
            assertThat(header).startsWith("Content-Length: ");
            int length = Integer.parseInt(header.substring("Content-Length: ".length()).strip());
            out.add(JsonParser.parseString(new String(bytes, end + 4, length, StandardCharsets.UTF_8)).getAsJsonObject());
            at = end + 4 + length;
        }
        return out;
    }

    private static int headerEnd(byte[] bytes, int from) {
        for (int i = from; i + 3 < bytes.length; i++) {
            if (bytes[i] == '\r' && bytes[i + 1] == '\n' && bytes[i + 2] == '\r' && bytes[i + 3] == '\n') {
                return i;
            }
        }
        return -1;
    }
}
