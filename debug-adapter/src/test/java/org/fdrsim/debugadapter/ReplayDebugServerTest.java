package org.fdrsim.debugadapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.lsp4j.debug.ConfigurationDoneArguments;
import org.eclipse.lsp4j.debug.ContinueArguments;
import org.eclipse.lsp4j.debug.DisconnectArguments;
import org.eclipse.lsp4j.debug.InitializeRequestArguments;
import org.eclipse.lsp4j.debug.SetBreakpointsArguments;
import org.eclipse.lsp4j.debug.SetBreakpointsResponse;
import org.eclipse.lsp4j.debug.Source;
import org.eclipse.lsp4j.debug.SourceBreakpoint;
import org.eclipse.lsp4j.debug.StackTraceArguments;
import org.eclipse.lsp4j.debug.StoppedEventArguments;
import org.eclipse.lsp4j.debug.TerminatedEventArguments;
import org.eclipse.lsp4j.debug.launch.DSPLauncher;
import org.eclipse.lsp4j.debug.services.IDebugProtocolClient;
import org.eclipse.lsp4j.debug.services.IDebugProtocolServer;
import org.eclipse.lsp4j.jsonrpc.Launcher;
import org.eclipse.lsp4j.jsonrpc.RemoteEndpoint;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.jsonrpc.debug.messages.DebugResponseMessage;
import org.eclipse.lsp4j.jsonrpc.messages.NotificationMessage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The DAP server over stdio-like streams, driven by LSP4J's own client side (no Node needed):
 * responses come before the events their request causes, breakpoints land on lines with code,
 * a client's mistake is an error response and the session goes on, and disconnect ends
 * {@link DapConnection#serve}.
 */
class ReplayDebugServerTest {
    @TempDir
    static Path dir;
    private static RacyCounter racy;

    private final List<String> seen = new CopyOnWriteArrayList<>();
    private final List<String> arrived = new CopyOnWriteArrayList<>();
    private final CompletableFuture<StoppedEventArguments> stopped = new CompletableFuture<>();
    private final BlockingQueue<StoppedEventArguments> stops = new LinkedBlockingQueue<>();
    private final CompletableFuture<Void> terminated = new CompletableFuture<>();
    private IDebugProtocolServer server;
    private Thread serving;

    /** Kept so the setting holds: the client's reader logs a broken pipe when the server ends at disconnect. */
    private static final Logger JSONRPC = Logger.getLogger("org.eclipse.lsp4j.jsonrpc");

    @BeforeAll
    static void record() throws Exception {
        JSONRPC.setLevel(Level.OFF);
        racy = RacyCounter.record(dir);
    }

    @BeforeEach
    void connect() throws Exception {
        PipedOutputStream toServer = new PipedOutputStream();
        PipedInputStream serverIn = new PipedInputStream(toServer, 1 << 16);
        PipedOutputStream toClient = new PipedOutputStream();
        PipedInputStream clientIn = new PipedInputStream(toClient, 1 << 16);
        serving = new Thread(() -> {
            try {
                DapConnection.serve(racy.session(), serverIn, toClient);
            } catch (Exception e) {
                seen.add("serve failed: " + e);
            }
        }, "dap-server-under-test");
        serving.setDaemon(true);
        serving.start();
        IDebugProtocolClient client = new IDebugProtocolClient() {
            @Override
            public void initialized() {
                seen.add("event initialized");
            }

            @Override
            public void stopped(StoppedEventArguments e) {
                seen.add("event stopped " + e.getReason());
                stopped.complete(e);
                stops.add(e);
            }

            @Override
            public void terminated(TerminatedEventArguments e) {
                seen.add("event terminated");
                terminated.complete(null);
            }
        };
        // The order of arrival is recorded on the client's reader thread, as messages come in.
        Launcher<IDebugProtocolServer> launcher = DSPLauncher.createClientLauncher(client, clientIn, toServer,
                Executors.newCachedThreadPool(), consumer -> consumer instanceof RemoteEndpoint ? message -> {
                    if (message instanceof DebugResponseMessage r) {
                        arrived.add("response " + r.getMethod());
                    } else if (message instanceof NotificationMessage n) {
                        arrived.add("event " + n.getMethod());
                    }
                    consumer.consume(message);
                } : consumer);
        launcher.startListening();
        server = launcher.getRemoteProxy();
    }

    @AfterEach
    void disconnect() throws Exception {
        server.disconnect(new DisconnectArguments()).get(10, TimeUnit.SECONDS);
        serving.join(10_000);
        assertThat(serving.isAlive()).as("serve returns after disconnect").isFalse();
    }

    private void initialize() throws Exception {
        server.initialize(new InitializeRequestArguments()).get(10, TimeUnit.SECONDS);
    }

    private SetBreakpointsResponse breakAt(int... lines) throws Exception {
        return breakAt(null, lines);
    }

    private SetBreakpointsResponse breakAt(String condition, int... lines) throws Exception {
        SetBreakpointsArguments args = new SetBreakpointsArguments();
        Source s = new Source();
        s.setPath(racy.source().toString());
        args.setSource(s);
        SourceBreakpoint[] bps = new SourceBreakpoint[lines.length];
        for (int i = 0; i < lines.length; i++) {
            bps[i] = new SourceBreakpoint();
            bps[i].setLine(lines[i]);
            bps[i].setCondition(condition);
        }
        args.setBreakpoints(bps);
        return server.setBreakpoints(args).get(10, TimeUnit.SECONDS);
    }

    @Test
    void responsesComeBeforeTheEventsTheirRequestsCause() throws Exception {
        initialize();
        server.launch(Map.of("sourceRoot", racy.sourceRoot().toString(), "stopOnEntry", true)).get(10, TimeUnit.SECONDS);
        breakAt(racy.storeLine());
        server.configurationDone(new ConfigurationDoneArguments()).get(10, TimeUnit.SECONDS);
        assertThat(stopped.get(30, TimeUnit.SECONDS).getReason()).isEqualTo("entry");
        // DAP lets 'initialized' come any time after the initialize response.
        assertThat(arrived).containsSubsequence("response initialize", "event initialized", "event stopped");
        assertThat(arrived).containsSubsequence("response launch", "response configurationDone", "event stopped");
    }

    @Test
    void aBreakpointLandsOnTheNextLineWithCodeAndOneAfterAllCodeIsUnverified() throws Exception {
        initialize();
        server.launch(Map.of("sourceRoot", racy.sourceRoot().toString())).get(10, TimeUnit.SECONDS);
        SetBreakpointsResponse r = breakAt(racy.storeLine(), 1, 100_000);

        assertThat(r.getBreakpoints()[0].isVerified()).isTrue();
        assertThat(r.getBreakpoints()[0].getLine()).isEqualTo(racy.storeLine());
        assertThat(r.getBreakpoints()[1].isVerified()).as("line 1 is a comment: the next line with code").isTrue();
        assertThat(r.getBreakpoints()[1].getLine()).isGreaterThan(1).isLessThan(racy.storeLine());
        assertThat(r.getBreakpoints()[2].isVerified()).isFalse();
        assertThat(r.getBreakpoints()[2].getMessage()).contains("no instruction on or after line 100000");
    }

    @Test
    void aBadThreadIsAnErrorResponseAndTheSessionGoesOn() throws Exception {
        initialize();
        StackTraceArguments args = new StackTraceArguments();
        args.setThreadId(99);

        assertThatThrownBy(() -> server.stackTrace(args).get(10, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class).cause().isInstanceOf(ResponseErrorException.class)
                .hasMessageContaining("no thread 99: threads are 1..4");
        assertThat(server.threads().get(10, TimeUnit.SECONDS).getThreads()).hasSize(4);
    }

    @Test
    void withoutBreakpointsTheReplayRunsToItsEndAndTerminates() throws Exception {
        initialize();
        server.launch(Map.of()).get(10, TimeUnit.SECONDS);
        server.configurationDone(new ConfigurationDoneArguments()).get(10, TimeUnit.SECONDS);
        terminated.get(60, TimeUnit.SECONDS);
        assertThat(seen).doesNotContain("event stopped breakpoint");
    }

    @Test
    void aConditionalBreakpointStopsOnlyWhereItsConditionHoldsAndABadConditionIsUnverified() throws Exception {
        initialize();
        server.launch(Map.of("sourceRoot", racy.sourceRoot().toString())).get(10, TimeUnit.SECONDS);
        SetBreakpointsResponse bad = breakAt("r3 +", racy.storeLine());
        assertThat(bad.getBreakpoints()[0].isVerified()).isFalse();
        assertThat(bad.getBreakpoints()[0].getMessage()).isNotBlank().doesNotContain("\n");

        // cpuid is 0 on processor 0: the condition holds on every processor but that one.
        assertThat(breakAt("cpuid", racy.storeLine()).getBreakpoints()[0].isVerified()).isTrue();
        server.configurationDone(new ConfigurationDoneArguments()).get(10, TimeUnit.SECONDS);
        Set<Integer> threads = new TreeSet<>();
        for (int i = 0; i < 6; i++) {
            StoppedEventArguments e = stops.poll(60, TimeUnit.SECONDS);
            assertThat(e).as("stop " + i).isNotNull();
            assertThat(e.getReason()).isEqualTo("breakpoint");
            threads.add(e.getThreadId());
            ContinueArguments c = new ContinueArguments();
            c.setThreadId(e.getThreadId());
            server.continue_(c).get(10, TimeUnit.SECONDS);
        }
        assertThat(threads).as("threads stopped at").doesNotContain(1).isNotEmpty();
    }
}
