package org.fdrsim.debugadapter;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.reflect.InvocationTargetException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.IntConsumer;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.lsp4j.debug.services.IDebugProtocolClient;
import org.eclipse.lsp4j.jsonrpc.Launcher;
import org.eclipse.lsp4j.jsonrpc.MessageConsumer;
import org.eclipse.lsp4j.jsonrpc.RemoteEndpoint;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.jsonrpc.debug.DebugLauncher;
import org.eclipse.lsp4j.jsonrpc.json.MessageJsonHandler;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseError;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;
import org.fdrsim.cpu.text.OneLine;
import org.fdrsim.replayer.debug.DebugSession;

/**
 * One DAP session over the replay debugger's engine ({@link DebugSession}): on a pair of
 * streams (stdio, for {@code fdr debug --dap}) or on one connection accepted on a loopback port
 * ({@code --dap-port}). Either way it returns when the client disconnects or closes the
 * connection.
 */
public final class DapConnection {
    /** Where a bug of ours is logged with its stack trace; {@code fdr debug} turns it off unless {@code --debug}. */
    private static final Logger LOG = Logger.getLogger(DapConnection.class.getName());

    private DapConnection() {}

    /** Serves one client over {@code in} and {@code out} until it disconnects or the input ends. */
    public static void serve(DebugSession session, InputStream in, OutputStream out) throws IOException {
        ExecutorService worker = Executors.newSingleThreadExecutor(r -> daemon(r, "fdr-dap-replay"));
        ExecutorService reader = Executors.newSingleThreadExecutor(r -> daemon(r, "fdr-dap-reader"));
        // A client may disconnect before startListening returns: the cancel then waits for its future.
        CompletableFuture<Future<Void>> listening = new CompletableFuture<>();
        ReplayDebugServer server = new ReplayDebugServer(session, worker,
                () -> listening.thenAccept(future -> future.cancel(true)));
        // Incoming messages reach the RemoteEndpoint; outgoing ones go to the stream unwrapped.
        Launcher<IDebugProtocolClient> launcher = new DebugLauncher.Builder<IDebugProtocolClient>() {
                    @Override
                    protected MessageJsonHandler createJsonHandler() {
                        return new DapJsonHandler(getSupportedMethods());
                    }
                }
                .setLocalService(server)
                .setRemoteInterface(IDebugProtocolClient.class)
                .setInput(in)
                .setOutput(out)
                .setExecutorService(reader)
                .setExceptionHandler(DapConnection::refusal)
                .wrapMessages(consumer -> consumer instanceof RemoteEndpoint
                        ? afterEach(consumer, server) : consumer)
                .create();
        server.connect(launcher.getRemoteProxy());
        listening.complete(launcher.startListening());
        try {
            listening.join().get();
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
            try {
                incoming.consume(message);
            } finally {
                server.afterMessage();
            }
        };
    }

    /**
     * The error response to a request whose handler threw: a refusal (the server's, or LSP4J's
     * for a command it does not know, which quotes the command) on one line; anything else, a
     * bug of ours, as one line naming the exception, not LSP4J's default ("Internal error." with
     * the stack trace in the response); the bug's stack trace goes to {@link #LOG}, where
     * {@code fdr debug --debug} shows it.
     */
    static ResponseError refusal(Throwable thrown) {
        Throwable t = thrown;
        while ((t instanceof CompletionException || t instanceof InvocationTargetException) && t.getCause() != null) {
            t = t.getCause();
        }
        if (t instanceof ResponseErrorException e) {
            ResponseError error = e.getResponseError();
            return new ResponseError(error.getCode(), OneLine.escape(String.valueOf(error.getMessage())), error.getData());
        }
        LOG.log(Level.SEVERE, "fdr debug: internal error answering a request", t);
        return new ResponseError(ResponseErrorCode.InternalError,
                OneLine.escape("fdr debug: internal error: " + t), null);
    }

    private static java.lang.Thread daemon(Runnable r, String name) {
        java.lang.Thread t = new java.lang.Thread(r, name);
        t.setDaemon(true);
        return t;
    }
}
