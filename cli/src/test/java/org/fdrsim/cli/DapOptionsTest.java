package org.fdrsim.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fdrsim.recorder.dump.CoreDumpReader;
import org.fdrsim.replayer.debug.DebugSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code fdr debug --dap} and {@code --dap-port}: the DAP server on stdio answers a client's
 * initialize and ends at its disconnect with status 0; on a port it listens on the loopback
 * address only and says where; a client's mistake is answered in its response, and LSP4J's
 * log of it reaches standard error only with {@code --debug}; a port in use, both options at
 * once and {@code --dap} with {@code -ex} are one-line user errors.
 */
class DapOptionsTest {
    @TempDir
    static Path dir;
    private static Path dump;

    @BeforeAll
    static void record() {
        dump = dir.resolve("racy.fdr");
        CliTest.Outcome o = CliTest.fdr("record", CliTest.example("racy-counter.s"), "--cpus", "2", "-o",
                dump.toString());
        assertThat(o.status()).as(o.err()).isZero();
    }

    private static DebugSession session() throws Exception {
        return DebugSession.open(CoreDumpReader.read(dump), 0);
    }

    private static DapOptions options(String... args) {
        DapOptions o = new DapOptions();
        new CommandLine(o).parseArgs(args);
        return o;
    }

    /** One DAP message with its Content-Length header. */
    private static byte[] message(String json) {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        byte[] head = ("Content-Length: " + body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
        byte[] out = new byte[head.length + body.length];
        System.arraycopy(head, 0, out, 0, head.length);
        System.arraycopy(body, 0, out, head.length, body.length);
        return out;
    }

    private static final String INITIALIZE = "{\"seq\":1,\"type\":\"request\",\"command\":\"initialize\","
            + "\"arguments\":{\"adapterID\":\"fdr\"}}";
    private static final String DISCONNECT = "{\"seq\":2,\"type\":\"request\",\"command\":\"disconnect\",\"arguments\":{}}";

    @Test
    void dapServesAClientOnStdioAndEndsAtItsDisconnect() throws Exception {
        ByteArrayOutputStream in = new ByteArrayOutputStream();
        in.write(message(INITIALIZE));
        in.write(message(DISCONNECT));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream messages = new ByteArrayOutputStream();

        int status = options("--dap").serve(session(), new ByteArrayInputStream(in.toByteArray()), out,
                new PrintStream(messages, true, StandardCharsets.UTF_8), false);

        String protocol = out.toString(StandardCharsets.UTF_8);
        assertThat(status).isZero();
        assertThat(protocol).startsWith("Content-Length: ").contains("\"command\":\"initialize\"",
                "\"supportsStepBack\":true", "\"supportsDataBreakpoints\":true", "\"command\":\"disconnect\"");
        assertThat(messages.size()).as("nothing but DAP on stdout; no messages either").isZero();
    }

    @Test
    void aClientsMistakeIsAnsweredNotLoggedUnlessDebug() throws Exception {
        // LSP4J logs an unknown command as a WARNING quoting it; a handler sees what would reach stderr.
        List<String> logged = new CopyOnWriteArrayList<>();
        Logger lsp4j = Logger.getLogger("org.eclipse.lsp4j");
        Handler handler = new Handler() {
            @Override
            public void publish(LogRecord r) {
                logged.add(r.getMessage());
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        };
        lsp4j.addHandler(handler);
        try {
            for (boolean debug : new boolean[] {false, true}) {
                logged.clear();
                ByteArrayOutputStream in = new ByteArrayOutputStream();
                in.write(message("{\"seq\":1,\"type\":\"request\",\"command\":\"no\\u0000such\"}"));
                in.write(message(DISCONNECT));
                ByteArrayOutputStream out = new ByteArrayOutputStream();

                options("--dap").serve(session(), new ByteArrayInputStream(in.toByteArray()), out, System.err, debug);

                assertThat(out.toString(StandardCharsets.UTF_8)).as("the response names the command, escaped")
                        .contains("\"message\":\"Unsupported request method: no\\\\u0000such\"");
                if (debug) {
                    assertThat(logged).as("with --debug LSP4J logs").isNotEmpty();
                } else {
                    assertThat(logged).as("without --debug nothing reaches stderr").isEmpty();
                }
                assertThat(Logger.getLogger("org.fdrsim.debugadapter.DapConnection").isLoggable(Level.SEVERE))
                        .as("an internal error's stack trace is logged only with --debug").isEqualTo(debug);
            }
        } finally {
            lsp4j.removeHandler(handler);
            lsp4j.setLevel(null);
            Logger.getLogger("org.fdrsim.debugadapter").setLevel(null);
        }
    }

    @Test
    void dapPortListensOnLoopbackOnlySaysWhereAndServesOneClient() throws Exception {
        ByteArrayOutputStream messages = new ByteArrayOutputStream();
        PrintStream printed = new PrintStream(messages, true, StandardCharsets.UTF_8);
        DebugSession session = session();
        CompletableFuture<Integer> status = CompletableFuture.supplyAsync(() -> options("--dap-port", "0")
                .serve(session, InputStream.nullInputStream(), OutputStream.nullOutputStream(), printed, false));
        int port = -1;
        for (int i = 0; i < 300 && port < 0; i++) {
            Matcher m = Pattern.compile("DAP server listening on 127\\.0\\.0\\.1:(\\d+)").matcher(messages.toString(
                    StandardCharsets.UTF_8));
            if (m.find()) {
                port = Integer.parseInt(m.group(1));
            } else {
                Thread.sleep(100);
            }
        }
        assertThat(port).as(messages.toString(StandardCharsets.UTF_8)).isPositive();
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
            s.getOutputStream().write(message(INITIALIZE));
            s.getOutputStream().write(message(DISCONNECT));
            s.getOutputStream().flush();
            String reply = new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(reply).contains("\"supportsStepBack\":true", "\"command\":\"disconnect\"");
        }
        assertThat(status.get(30, TimeUnit.SECONDS)).isZero();
    }

    @Test
    void aPortInUseAndBothOptionsAreOneLineUserErrors() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            String port = String.valueOf(taken.getLocalPort());
            assertThatThrownBy(() -> options("--dap-port", port).serve(session(), InputStream.nullInputStream(),
                    OutputStream.nullOutputStream(), System.err, false)).isInstanceOf(UserError.class)
                    .hasMessageStartingWith("--dap-port " + port + ": cannot listen there").hasMessageNotContaining("\n");
        }
        assertThatThrownBy(() -> options("--dap", "--dap-port", "0").serve(session(), InputStream.nullInputStream(),
                OutputStream.nullOutputStream(), System.err, false)).isInstanceOf(UserError.class)
                .hasMessage("--dap and --dap-port: choose one (stdio or a loopback port)");
        assertThatThrownBy(() -> options("--dap-port", "70000").serve(session(), InputStream.nullInputStream(),
                OutputStream.nullOutputStream(), System.err, false)).isInstanceOf(UserError.class)
                .hasMessage("--dap-port: expected a port 0..65535, got 70000");
    }

    @Test
    void fdrDebugRefusesDapWithBatchCommands() {
        CliTest.Outcome o = CliTest.fdr("debug", dump.toString(), "--dap", "-ex", "info cpus");
        assertThat(o.status()).isEqualTo(ExitCodes.USER_ERROR);
        assertThat(o.err()).isEqualTo("fdr debug: --dap/--dap-port and --batch/-ex: choose one\n");
        assertThat(o.out()).as("nothing on stdout: it would be the protocol's").isEmpty();
    }
}
