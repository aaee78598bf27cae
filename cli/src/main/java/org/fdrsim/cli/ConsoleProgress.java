package org.fdrsim.cli;

import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.fdrsim.results.Progress;

/** Experiment progress as a bar on a terminal; nothing when output is redirected (no control codes in logs). */
final class ConsoleProgress implements Progress {
    private ProgressBar bar;

    static Progress create() {
        return System.console() == null ? Progress.NONE : new ConsoleProgress();
    }

    @Override
    public synchronized void start(String task, long total) {
        bar = new ProgressBarBuilder().setTaskName(task).setInitialMax(total).setStyle(ProgressBarStyle.ASCII)
                .setUpdateIntervalMillis(500).build();
    }

    @Override
    public synchronized void step() {
        if (bar != null) {
            bar.step();
        }
    }

    @Override
    public synchronized void finish() {
        if (bar != null) {
            bar.close();
            bar = null;
        }
    }
}
