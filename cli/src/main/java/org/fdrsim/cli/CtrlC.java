package org.fdrsim.cli;

import java.util.concurrent.atomic.AtomicInteger;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Ctrl-C (SIGINT) while a command runs: the first asks the command to finish cleanly (stop
 * the machine and write what it has, keep the finished runs); the second exits at once with
 * status 130, and the temporary files of writes in progress are deleted on the way out, so
 * nothing is left half-written and any older file stays as it was.
 *
 * <p>{@code sun.misc.Signal} (module jdk.unsupported) is the JDK's way to catch SIGINT
 * without exiting; the JVM's own handler is put back when the scope closes.
 */
final class CtrlC implements AutoCloseable {
    private static final Signal INT = new Signal("INT");

    private final AtomicInteger count = new AtomicInteger();
    private final SignalHandler previous;

    private CtrlC(Runnable onFirst) {
        previous = Signal.handle(INT, sig -> {
            if (count.incrementAndGet() == 1) {
                onFirst.run();
            } else {
                System.exit(ExitCodes.INTERRUPTED);
            }
        });
    }

    /** Runs {@code onFirst} (on the signal's thread) at the first Ctrl-C, until closed. */
    static CtrlC onFirst(Runnable onFirst) {
        return new CtrlC(onFirst);
    }

    @Override
    public void close() {
        Signal.handle(INT, previous);
    }
}
