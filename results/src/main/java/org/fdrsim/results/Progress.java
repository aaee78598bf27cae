package org.fdrsim.results;

/** Where long experiments report progress (the command line shows a bar on a terminal). */
public interface Progress {
    /** {@code total} runs are about to start. */
    void start(String task, long total);

    /** One run finished (called from worker threads). */
    void step();

    /** Run {@code spec} finished with {@code m} (called from worker threads); by default just a step. */
    default void finished(RunSpec spec, Measurement m) {
        step();
    }

    void finish();

    Progress NONE = new Progress() {
        @Override
        public void start(String task, long total) {}

        @Override
        public void step() {}

        @Override
        public void finish() {}
    };
}
