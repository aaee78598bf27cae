package org.fdrsim.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.BindException;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.fdrsim.debugadapter.DapConnection;
import org.fdrsim.replayer.debug.DebugSession;
import picocli.CommandLine.Option;

/**
 * The Debug Adapter Protocol options of {@code fdr debug} (a picocli mixin): {@code --dap}
 * serves one DAP client (VS Code, or any other) over stdin and stdout instead of the terminal
 * session, {@code --dap-port P} serves one on the loopback address. Either returns when the
 * client disconnects.
 */
final class DapOptions {
    /** Held here: java.util.logging keeps loggers weakly, and a collected one forgets its level. */
    private static final Logger LSP4J_LOG = Logger.getLogger("org.eclipse.lsp4j");
    /** The adapter's own log: the stack trace of a bug of ours, shown with {@code --debug}. */
    private static final Logger ADAPTER_LOG = Logger.getLogger("org.fdrsim.debugadapter");

    @Option(names = "--dap", description = "Serve the Debug Adapter Protocol over stdin/stdout (for VS Code or any DAP client) instead of the terminal session.")
    boolean stdio;

    @Option(names = "--dap-port", paramLabel = "P", description = "Serve the Debug Adapter Protocol on the loopback address, port P (0: any free port; the port is printed).")
    Integer port;

    /** True if a DAP server was asked for. */
    boolean requested() {
        return stdio || port != null;
    }

    /**
     * Serves one client over the engine {@code session}: on {@code in} and {@code out} (the process's stdin
     * and stdout, which then carry nothing but DAP messages) or on the loopback port, telling
     * {@code messages} where it listens. Exit status 0 when the client has disconnected. Without
     * {@code debug}, LSP4J logs nothing: each problem with a request is in its error response,
     * and its log would put a client's mistake on standard error as it came, stack trace and all.
     * With it, the adapter also logs an internal error's stack trace (one line in the response
     * either way).
     */
    int serve(DebugSession session, InputStream in, OutputStream out, PrintStream messages, boolean debug) {
        if (stdio && port != null) {
            throw new UserError("--dap and --dap-port: choose one (stdio or a loopback port)");
        }
        LSP4J_LOG.setLevel(debug ? null : Level.OFF);
        ADAPTER_LOG.setLevel(debug ? null : Level.OFF);
        try {
            if (stdio) {
                DapConnection.serve(session, in, out);
            } else {
                if (port < 0 || port > 65535) {
                    throw new UserError("--dap-port: expected a port 0..65535, got " + port);
                }
                DapConnection.serveOnLoopback(session, port, p -> {
                    messages.println("DAP server listening on 127.0.0.1:" + p + " (one client; ends when it disconnects)");
                    messages.flush();
                });
            }
        } catch (BindException e) {
            throw new UserError("--dap-port " + port + ": cannot listen there (" + e.getMessage() + ")", e);
        } catch (IOException e) {
            throw new UserError("DAP connection: " + e.getMessage(), e);
        }
        return ExitCodes.OK;
    }
}
