package org.fdrsim.replayer;

/**
 * How far a verification's replays have got, for a progress display on another thread. The
 * replayer publishes its count after each run of one agent (not per instruction, so the hot
 * loop pays nothing); a stale read only shows a slightly older figure.
 */
public final class ReplayProgress {
    /** A progress that nobody reads. */
    public static final ReplayProgress NONE = new ReplayProgress();

    private volatile long finished;
    private volatile long current;

    /** Instructions replayed so far, over every schedule replayed until now. */
    public long instructions() {
        return finished + current;
    }

    /** The running replay has committed {@code n} instructions in all. */
    void replayed(long n) {
        current = n;
    }

    /** The running replay has ended; its instructions count as finished. */
    void ended() {
        finished += current;
        current = 0;
    }
}
