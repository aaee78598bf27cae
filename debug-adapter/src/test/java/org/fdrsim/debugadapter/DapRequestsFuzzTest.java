package org.fdrsim.debugadapter;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.fdrsim.cpu.text.OneLine;
import org.fdrsim.replayer.debug.DebugSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Timeout;

/**
 * Coverage-guided fuzz target for the Debug Adapter Protocol server, the one input of
 * {@code fdr debug --dap} a program other than ours writes: any bytes, taken as up to 16
 * requests, one a line ({@code COMMAND ARGUMENTS}, the arguments as JSON text, sent as they are
 * even when they are not JSON), then {@code disconnect}, all through {@link DapConnection#serve}
 * over racy-counter's dump (4 processors).
 *
 * <p>The property: the connection ends at the disconnect; every well-formed request gets exactly
 * one response; a refused request's message is one line naming the problem, never an
 * internal error (LSP4J's "Internal error." with a Java stack trace, before this target); nothing
 * is logged as SEVERE or with a stack trace; and whatever the
 * requests did (breakpoints, motions back and forth, console commands), deleting every
 * breakpoint and going to the end reaches the state of a replay no one debugged.
 *
 * <p>Seeds (request scripts) and findings:
 * {@code src/test/resources/org/fdrsim/debugadapter/DapRequestsFuzzTestInputs/serve/}.
 */
class DapRequestsFuzzTest {
    private static final int MAX_REQUESTS = 16;
    /** What the JDK's, Gson's and LSP4J's own exceptions say: not words a debugger's user should read. */
    private static final List<String> JAVA_WORDS = List.of("java.", "Exception", "com.google", "org.eclipse",
            "For input string", "out of bounds for length");
    private static final RacyCounter RACY = record();
    /** The end state of the undebugged replay, from a session that only went to the end. */
    private static final long END_STATE;
    /**
     * What LSP4J logs as SEVERE or with a stack trace (standard error of {@code fdr debug --dap}):
     * it logs so an exception a request's handler did not catch; and exceptions no one caught
     * on the server's threads.
     */
    private static final List<String> LOGGED = new CopyOnWriteArrayList<>();

    /** The JVM's handler before this class set its own (null: the JVM prints the stack trace). */
    private static final Thread.UncaughtExceptionHandler BEFORE = Thread.getDefaultUncaughtExceptionHandler();
    private static volatile Thread serving;
    private static final Logger LSP4J = Logger.getLogger("org.eclipse.lsp4j");
    /** Other tests of the module turn this one off (their clients log a broken pipe at disconnect). */
    private static final Logger JSONRPC = Logger.getLogger("org.eclipse.lsp4j.jsonrpc");

    private static final Handler RECORDER = new Handler() {
        @Override
        public void publish(LogRecord r) {
            if (ours(Thread.currentThread()) && (r.getLevel().intValue() >= Level.SEVERE.intValue() || r.getThrown() != null)) {
                LOGGED.add(r.getLevel() + " " + r.getMessage() + " " + r.getThrown());
            }
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
    };

    static {
        DebugSession plain = RACY.session();
        plain.goToEnd();
        END_STATE = plain.stateHash();
        LSP4J.addHandler(RECORDER);
        LSP4J.setUseParentHandlers(false);
        // An exception no one caught on the server's threads would otherwise only be printed.
        Thread.setDefaultUncaughtExceptionHandler((thread, e) -> {
            if (ours(thread)) {
                LOGGED.add("uncaught in " + thread.getName() + ": " + e);
            } else if (BEFORE != null) {
                BEFORE.uncaughtException(thread, e);
            } else {
                System.err.print("Exception in thread \"" + thread.getName() + "\" ");
                e.printStackTrace();
            }
        });
    }

    /**
     * A thread of the server under test (the connection's reader and replay threads, or the one
     * serving): not a thread another test class of the module left behind, such as an LSP4J
     * client logging its broken pipe after a disconnect.
     */
    private static boolean ours(Thread thread) {
        return thread.getName().startsWith("fdr-dap-") || thread == serving;
    }

    @AfterAll
    static void restoreLoggingAndTheUncaughtExceptionHandler() {
        Thread.setDefaultUncaughtExceptionHandler(BEFORE);
        LSP4J.removeHandler(RECORDER);
        LSP4J.setUseParentHandlers(true);
        LSP4J.setLevel(null);
    }

    // The protocol's words, so that mutations build requests the server reads, not only JSON it refuses.
    @FuzzTest(maxDuration = "10m")
    @DictionaryEntries({"initialize", "launch", "configurationDone", "setBreakpoints", "setDataBreakpoints",
        "dataBreakpointInfo", "threads", "stackTrace", "scopes", "variables", "evaluate", "continue", "next",
        "stepIn", "stepBack", "reverseContinue", "pause", "\"threadId\":", "\"frameId\":",
        "\"variablesReference\":", "\"expression\":", "\"context\":\"repl\"", "\"granularity\":\"instruction\"",
        "\"source\":{\"path\":\"../examples/racy-counter.s\"}", "\"breakpoints\":[", "{\"line\":",
        "\"condition\":", "{\"dataId\":", "\"name\":\"counter\"", "\"stopOnEntry\":true", "\"sourceRoot\":\"..\"",
        "{}", "65537"})
    @Timeout(30)
    void serve(byte[] input) throws IOException {
        LOGGED.clear();
        serving = Thread.currentThread();
        LSP4J.setLevel(Level.ALL); // here, not once: a test class run before may have set them
        JSONRPC.setLevel(null);
        String[] lines = new String(input, StandardCharsets.UTF_8).split("\n", MAX_REQUESTS + 1);
        RawDap wire = new RawDap();
        Set<Integer> wellFormed = new HashSet<>();
        int seq = 0;
        for (int i = 0; i < Math.min(lines.length, MAX_REQUESTS); i++) {
            String line = lines[i];
            int space = line.indexOf(' ');
            String command = space < 0 ? line : line.substring(0, space);
            if (command.equals("disconnect")) {
                continue; // the script's end is the one disconnect
            }
            seq++;
            String text = RawDap.request(seq, command, space < 0 ? "" : line.substring(space + 1));
            if (isRequest(text, seq)) {
                wellFormed.add(seq);
            }
            wire.send(text);
        }
        int disconnect = ++seq;
        wire.send(RawDap.request(disconnect, "disconnect").toString());

        DebugSession session = RACY.session();
        Set<Integer> answered = new HashSet<>();
        for (JsonObject m : RawDap.responses(wire.serve(session))) {
            int to = m.get("request_seq").getAsInt();
            // Arguments that are not JSON can make a message whose seq is not ours: only ours are counted.
            assertThat(answered.add(to) || !wellFormed.contains(to) && to != disconnect)
                    .as("one response to request %d: %s", to, m).isTrue();
            if (!m.get("success").getAsBoolean()) {
                String message = m.has("message") ? m.get("message").getAsString() : "";
                assertThat(message).as("the refusal of request %d", to).isNotBlank()
                        .doesNotContainIgnoringCase("internal error")
                        .doesNotContainPattern("[\\p{Cc}\\p{Zl}\\p{Zp}]");
                String sent = new String(input, StandardCharsets.UTF_8);
                // as a refusal quotes the request (an escape's last digit may start a word); a word
                // the request holds as it is, having no control character, survives the escaping
                String quoted = OneLine.escape(sent);
                for (String java : JAVA_WORDS) { // said in the server's words, unless it quotes the request's
                    if (!quoted.contains(java)) {
                        assertThat(message).as("the refusal of request %d", to).doesNotContain(java);
                    }
                }
                assertThat(String.valueOf(m.get("body"))).as("the refusal of request %d", to).doesNotContain("\\tat ");
                assertThat(strings(m.get("body"))).as("the texts of the refusal of request %d", to)
                        .doesNotContainPattern("[\\p{Cc}\\p{Zl}\\p{Zp}]");
            }
        }
        assertThat(answered).as("the disconnect").contains(disconnect);
        assertThat(answered).as("the well-formed requests").containsAll(wellFormed);
        assertThat(LOGGED).as("logged as SEVERE or with a stack trace, or thrown on a thread").isEmpty();

        synchronized (session) { // a motion the disconnect cut short may still hold the engine
            session.deleteAll();
            session.goToEnd();
            assertThat(session.problem()).isNull();
            assertThat(session.stateHash()).as("the end state after the requests").isEqualTo(END_STATE);
        }
    }

    /** Every string in {@code json}, joined: what a client may show of it. */
    private static String strings(JsonElement json) {
        if (json == null || json.isJsonNull()) {
            return "";
        }
        if (json.isJsonPrimitive()) {
            return json.getAsJsonPrimitive().isString() ? json.getAsString() : "";
        }
        StringBuilder all = new StringBuilder();
        if (json.isJsonArray()) {
            json.getAsJsonArray().forEach(e -> all.append(strings(e)).append(' '));
        } else {
            json.getAsJsonObject().entrySet().forEach(e -> all.append(strings(e.getValue())).append(' '));
        }
        return all.toString();
    }

    /** Whether {@code text} is one JSON object: request {@code seq} with no keys but the four of a request. */
    private static boolean isRequest(String text, int seq) {
        try {
            JsonElement e = JsonParser.parseString(text);
            return e.isJsonObject() && e.getAsJsonObject().size() <= 4
                    && new JsonPrimitive(seq).equals(e.getAsJsonObject().get("seq"));
        } catch (JsonParseException | StackOverflowError e) {
            return false;
        }
    }

    private static RacyCounter record() {
        try {
            Path dir = Files.createTempDirectory("dap-fuzz");
            dir.toFile().deleteOnExit(); // deleted last: the JVM deletes in the reverse order of registering
            RacyCounter racy = RacyCounter.record(dir);
            racy.dump().toFile().deleteOnExit();
            return racy;
        } catch (Exception e) {
            throw new IllegalStateException("racy-counter records", e);
        }
    }
}
