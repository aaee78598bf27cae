package org.fdrsim.debugadapter;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntConsumer;
import org.fdrsim.replayer.debug.DebugSession;
import org.eclipse.lsp4j.debug.launch.DSPLauncher;
import org.eclipse.lsp4j.debug.services.IDebugProtocolClient;
import org.eclipse.lsp4j.jsonrpc.Launcher;
import org.eclipse.lsp4j.jsonrpc.MessageConsumer;
import org.eclipse.lsp4j.jsonrpc.RemoteEndpoint;

/**
 * One DAP session over the replay debugger's engine ({@link DebugSession}): on a pair of
 * streams (stdio, for {@code fdr debug --dap}) or on one connection accepted on a loopback port
 * ({@code --dap-port}). Either way it returns when the client disconnects or closes the
 * connection.
 */
public final class DapConnection {
    private DapConnection() {}

    /** Serves one client over {@code in} and {@code out} until it disconnects or the input ends. */
    public static void serve(DebugSession session, InputStream in, OutputStream out) throws IOException {
        ExecutorService worker = Executors.newSingleThreadExecutor(r -> daemon(r, "fdr-dap-replay"));
        ExecutorService reader = Executors.newSingleThreadExecutor(r -> daemon(r, "fdr-dap-reader"));
        AtomicReference<Future<Void>> listening = new AtomicReference<>();
        ReplayDebugServer server = new ReplayDebugServer(session, worker, () -> listening.get().cancel(true));
        // Incoming messages reach the RemoteEndpoint; outgoing ones go to the stream unwrapped.
        Launcher<IDebugProtocolClient> launcher = DSPLauncher.createServerLauncher(server, in, out, reader,
                consumer -> consumer instanceof RemoteEndpoint ? afterEach(consumer, server) : consumer);
        server.connect(launcher.getRemoteProxy());
        listening.set(launcher.startListening());
        try {
            listening.get().get();
        } catch (CancellationException e) {
            // disconnect: the normal end
        } catch (InterruptedException e) {
            java.lang.Thread.currentThread().interrupt();
        } catch (ExecutionException e) {
            throw new IOException("the DAP connection failed: " + e.getCause().getMessage(), e.getCause());
        } finally {
            worker.shutdown();
            reader.shutdownNow();
            try {
                worker.awaitTermination(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                java.lang.Thread.currentThread().interrupt();
            }
            out.flush();
        }
    }

    /**
     * Listens on the loopback address at {@code port} (0: any free port), tells
     * {@code onListening} the port, and serves the first client that connects.
     */
    public static void serveOnLoopback(DebugSession session, int port, IntConsumer onListening) throws IOException {
        try (ServerSocket listener = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            onListening.accept(listener.getLocalPort());
            try (Socket socket = listener.accept()) {
                serve(session, socket.getInputStream(), socket.getOutputStream());
            }
        }
    }

    private static MessageConsumer afterEach(MessageConsumer incoming, ReplayDebugServer server) {
        return message -> {
            incoming.consume(message);
            server.afterMessage();
        };
    }

    private static java.lang.Thread daemon(Runnable r, String name) {
        java.lang.Thread t = new java.lang.Thread(r, name);
        t.setDaemon(true);
        return t;
    }
}
