package org.fdrsim.cli;

import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * Progress of one long simulation on a terminal (standard error): instructions so far, host
 * speed in MIPS, and the simulated time reached. Nothing at all when there is no terminal,
 * so logs and pipes get no control codes. The counters are read from another thread every
 * half second; a torn or stale read only shows a slightly old figure.
 */
final class SimulationProgress implements AutoCloseable {
    private static final SimulationProgress NONE = new SimulationProgress(null, null);

    private final ProgressBar bar;
    private final ScheduledExecutorService poller;

    private SimulationProgress(ProgressBar bar, ScheduledExecutorService poller) {
        this.bar = bar;
        this.poller = poller;
    }

    /**
     * Starts showing {@code task}; {@code maxInstructions} 0 means no limit (an open-ended bar).
     * {@code cycles} are processor cycles at {@code clockGHz}.
     */
    static SimulationProgress start(String task, LongSupplier instructions, LongSupplier cycles, double clockGHz,
            long maxInstructions) {
        return start(task, instructions, maxInstructions,
                () -> "simulated " + simulatedTime(cycles.getAsLong(), clockGHz));
    }

    /**
     * Starts showing {@code task} with no simulated clock (a replay has none): instructions so
     * far out of {@code maxInstructions} (0 = open-ended), and {@code extra} beside them.
     */
    static SimulationProgress start(String task, LongSupplier instructions, long maxInstructions,
            Supplier<String> extra) {
        if (System.console() == null) {
            return NONE;
        }
        ProgressBar bar = new ProgressBarBuilder().setTaskName(task).setInitialMax(maxInstructions > 0 ? maxInstructions : -1)
                .setUnit(" M instructions", 1_000_000).showSpeed().setStyle(ProgressBarStyle.ASCII)
                .setUpdateIntervalMillis(500).build();
        bar.setExtraMessage(extra.get()); // shown from the first line on, even if the run ends before the first poll
        ScheduledExecutorService poller = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "fdr-progress");
            t.setDaemon(true);
            return t;
        });
        poller.scheduleAtFixedRate(() -> {
            bar.stepTo(instructions.getAsLong());
            bar.setExtraMessage(extra.get());
        }, 250, 250, TimeUnit.MILLISECONDS);
        return new SimulationProgress(bar, poller);
    }

    /** Simulated time in the unit that reads best: ns, µs, ms or s. */
    static String simulatedTime(long cycles, double clockGHz) {
        double ns = cycles / clockGHz;
        if (ns < 1e3) {
            return String.format(Locale.ROOT, "%.0f ns", ns);
        }
        if (ns < 1e6) {
            return String.format(Locale.ROOT, "%.1f us", ns / 1e3);
        }
        if (ns < 1e9) {
            return String.format(Locale.ROOT, "%.1f ms", ns / 1e6);
        }
        return String.format(Locale.ROOT, "%.2f s", ns / 1e9);
    }

    @Override
    public void close() {
        if (poller != null) {
            poller.shutdownNow();
            bar.close();
        }
    }
}
