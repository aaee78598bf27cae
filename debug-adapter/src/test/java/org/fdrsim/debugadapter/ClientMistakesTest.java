package org.fdrsim.debugadapter;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonObject;
import java.nio.file.Path;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Requests a client gets wrong, sent as raw bytes through {@link DapConnection#serve}: each gets
 * one error response whose message names the problem on one line (before stop 37 six of them
 * were LSP4J's "Internal error." with a Java stack trace in the response, and one got no
 * response at all), and the session goes on to answer the next request.
 */
class ClientMistakesTest {
    @TempDir
    static Path dir;
    private static RacyCounter racy;
    /** Kept so the setting holds: LSP4J's log is not what is tested here. */
    private static final Logger JSONRPC = Logger.getLogger("org.eclipse.lsp4j");

    @BeforeAll
    static void record() throws Exception {
        JSONRPC.setLevel(Level.OFF);
        racy = RacyCounter.record(dir);
    }

    /** The response to each of {@code requests} (arguments as raw text), then threads and disconnect. */
    private static List<JsonObject> answers(String... requests) throws Exception {
        RawDap wire = new RawDap();
        int seq = 0;
        for (String r : requests) {
            int space = r.indexOf(' ');
            wire.send(RawDap.request(++seq, space < 0 ? r : r.substring(0, space), space < 0 ? "" : r.substring(space + 1)));
        }
        wire.send(RawDap.request(++seq, "threads").toString());
        wire.send(RawDap.request(++seq, "disconnect").toString());
        List<JsonObject> responses = RawDap.responses(wire.serve(racy.session()));
        assertThat(responses).hasSize(seq);
        for (int i = 0; i < seq; i++) {
            assertThat(responses.get(i).get("request_seq").getAsInt()).isEqualTo(i + 1);
        }
        assertThat(responses.get(seq - 2).get("success").getAsBoolean()).as("the session goes on").isTrue();
        return responses;
    }

    private static String refusal(JsonObject response) {
        assertThat(response.get("success").getAsBoolean()).as("%s", response).isFalse();
        assertThat(response.has("body") && response.toString().contains("\\tat ")).as("a stack trace").isFalse();
        return response.get("message").getAsString();
    }

    @Test
    void unknownHandlesAreRefusedByName() throws Exception {
        List<JsonObject> r = answers("stackTrace {\"threadId\":99}", "scopes {\"frameId\":-5}",
                "variables {\"variablesReference\":0}", "variables {\"variablesReference\":99999}",
                "evaluate {\"expression\":\"r1\",\"frameId\":2000000000}");

        assertThat(refusal(r.get(0))).isEqualTo("no thread 99: threads are 1..4");
        assertThat(refusal(r.get(1))).isEqualTo("no frame -5: take one from a stackTrace response");
        assertThat(refusal(r.get(2))).isEqualTo("no variables reference 0: take one from a scopes response");
        assertThat(refusal(r.get(3))).isEqualTo("no variables reference 99999: take one from a scopes response");
        assertThat(refusal(r.get(4))).isEqualTo("no frame 2000000000: take one from a stackTrace response");
    }

    @Test
    void aMissingArgumentIsNamedAndOneFdrsimDoesNotUseIsNotAskedFor() throws Exception {
        List<JsonObject> r = answers("initialize {}", "launch", "evaluate {}", "stackTrace", "next",
                "setBreakpoints {}", "setBreakpoints {\"source\":{\"name\":\"racy-counter.s\"}}", "dataBreakpointInfo {}");

        assertThat(r.get(0).get("success").getAsBoolean()).as("initialize without adapterID").isTrue();
        assertThat(r.get(1).get("success").getAsBoolean()).as("launch without arguments").isTrue();
        assertThat(refusal(r.get(2))).isEqualTo("missing argument 'expression'");
        assertThat(refusal(r.get(3))).isEqualTo("missing argument 'arguments'");
        assertThat(refusal(r.get(4))).isEqualTo("missing argument 'threadId'");
        assertThat(refusal(r.get(5))).startsWith("missing argument 'source.path'");
        assertThat(refusal(r.get(6))).startsWith("missing argument 'source.path'");
        assertThat(refusal(r.get(7))).isEqualTo("missing argument 'name'");
    }

    @Test
    void aDataBreakpointWithoutAnIdIsUnverifiedWithTheReason() throws Exception {
        List<JsonObject> r = answers("setDataBreakpoints {\"breakpoints\":[{\"dataId\":\"counter\"},{},null]}");

        JsonObject body = r.get(0).getAsJsonObject("body");
        assertThat(body.getAsJsonArray("breakpoints").get(0).getAsJsonObject().get("verified").getAsBoolean()).isTrue();
        for (int i = 1; i <= 2; i++) {
            JsonObject b = body.getAsJsonArray("breakpoints").get(i).getAsJsonObject();
            assertThat(b.get("verified").getAsBoolean()).isFalse();
            assertThat(b.get("message").getAsString()).isEqualTo("data breakpoint " + i
                    + " has no dataId: take one from a dataBreakpointInfo response");
        }
    }

    /** A path no file system takes was Java's "Nul character not allowed: ..." (stop 53). */
    @Test
    void aPathWithANulIsRefusedAsNotAPath() throws Exception {
        List<JsonObject> r = answers("launch {\"sourceRoot\":\"a\\u0000b\"}",
                "setBreakpoints {\"source\":{\"path\":\"a\\u0000b.s\"},\"breakpoints\":[{\"line\":3}]}");

        assertThat(refusal(r.get(0))).isEqualTo("argument 'sourceRoot': 'a\\u0000b' is not a path (it holds a NUL character),"
                + " expected the directory the program's .s file names are relative to");
        assertThat(refusal(r.get(1))).isEqualTo("argument 'source.path': 'a\\u0000b.s' is not a path (it holds a NUL character),"
                + " expected one of the program's .s files");
    }

    @Test
    void anUnknownCommandIsQuotedEscaped() throws Exception {
        List<JsonObject> r = answers("no\u0000such {}");

        assertThat(refusal(r.get(0))).isEqualTo("Unsupported request method: no\\u0000such");
    }

    @Test
    void argumentsOfTheWrongShapeAreRefusedNotLeftUnanswered() throws Exception {
        // LSP4J reads an array of arguments as positional parameters; with two, Gson fails where
        // LSP4J does not catch it, and without DapJsonHandler the request had no response.
        // The third has a stray brace after the request, which LSP4J does not read either; the
        // fourth a string that never ends, after the point where LSP4J gives up.
        List<JsonObject> r = answers("setBreakpoints [{\"line\":45},{\"line\":62}]", "stackTrace [1]",
                "setBreakpoints [{\"line\":45},{\"line\":62}]}", "setBreakpoints [{\"line\":45},{\"li");

        assertThat(refusal(r.get(0))).isEqualTo("malformed arguments of 'setBreakpoints': Expected END_ARRAY but was"
                + " BEGIN_OBJECT at line 1 column 80 path $.arguments[1]");
        assertThat(refusal(r.get(1))).isEqualTo("Message could not be parsed.");
        assertThat(r.get(1).getAsJsonObject("body").get("message").getAsString()).as("LSP4J's detail, Gson's help link cut")
                .isEqualTo("java.lang.IllegalStateException: Expected BEGIN_OBJECT but was NUMBER at line 1 column 64"
                        + " path $.arguments[0]");
        assertThat(refusal(r.get(2))).startsWith("malformed arguments of 'setBreakpoints': ");
        assertThat(refusal(r.get(3))).startsWith("malformed arguments of 'setBreakpoints': ");
    }
}
