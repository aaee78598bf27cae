package org.fdrsim.cli;

import org.fdrsim.results.Parallel;

/** The worker count a {@code --jobs} flag asks for: the host's default when not given, refused below 1. */
final class Jobs {
    private Jobs() {}

    /** {@code asked}, or {@link Parallel#defaultThreads()} if null; 0 or less is the user's mistake. */
    static int threads(Integer asked) {
        if (asked == null) {
            return Parallel.defaultThreads();
        }
        if (asked < 1) {
            throw new UserError("--jobs: expected 1 or more, got " + asked);
        }
        return asked;
    }
}
