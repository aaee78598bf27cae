package org.fdrsim.cli;

/** Exit statuses of the {@code fdr} command (documented in docs/cli.md). */
final class ExitCodes {
    /** The command did what was asked; a simulated program halted or hit a limit. */
    static final int OK = 0;
    /** The simulated program stopped on a trigger, a failed assert, a fault, or idled forever. */
    static final int PROGRAM_FAILED = 1;
    /** Bad command line, file, program or configuration. */
    static final int USER_ERROR = 2;
    /** Replay or verification found a divergence (fdr replay, fdr verify, fdr demo). */
    static final int DIVERGED = 3;
    /** Interrupted by Ctrl-C (128 + SIGINT, as shells report it). */
    static final int INTERRUPTED = 130;
    /** A bug in fdrsim itself. */
    static final int INTERNAL_ERROR = 70;

    private ExitCodes() {}
}
