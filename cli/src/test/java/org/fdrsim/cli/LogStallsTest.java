package org.fdrsim.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fdrsim.cli.CliTest.fdr;

import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Stalls are reported for every log buffer, not just the race log: a disk workload whose
 * DMA-data buffer is tiny and slow spends most of its time waiting for it, and says so.
 */
class LogStallsTest {
    private static final String DISK = Path.of("..", "workloads", "src", "main", "resources", "programs", "fullsys",
            "disk-checksum.s").toString();
    private static final String[] SLOW_DMA_LOG = {"--set", "devices.enabled=true", "--set",
            "recorder.buffers.dmaData.sizeKB=1", "--set", "recorder.buffers.dmaData.drainMBps=1"};

    private static String[] args(String... first) {
        String[] all = new String[first.length + SLOW_DMA_LOG.length];
        System.arraycopy(first, 0, all, 0, first.length);
        System.arraycopy(SLOW_DMA_LOG, 0, all, first.length, SLOW_DMA_LOG.length);
        return all;
    }

    @Test
    void runRecordShowsTheDmaLogStalls() {
        CliTest.Outcome o = fdr(args("run", DISK, "--record", "-q"));
        assertThat(o.status()).as(o.err()).isZero();
        Matcher total = Pattern.compile("log-buffer stalls (\\d+) \\((\\d+) cycles, all logs").matcher(o.out());
        assertThat(total.find()).as(o.out()).isTrue();
        assertThat(Long.parseLong(total.group(2))).isPositive();
        Matcher dma = Pattern.compile("(?m)^dmaData .* (\\d+) +(\\d+)$").matcher(o.out());
        assertThat(dma.find()).as(o.out()).isTrue();
        assertThat(Long.parseLong(dma.group(1))).isPositive();
        assertThat(dma.group(2)).isEqualTo(total.group(2)); // the DMA log is the only one that stalls here
        assertThat(o.out()).containsPattern("(?m)^memoryRace .* 0 +0$");
    }

    @Test
    void inspectShowsTheStallsRecordedInTheDump(@TempDir Path dir) {
        Path dump = dir.resolve("disk.fdr");
        CliTest.Outcome rec = fdr(args("record", DISK, "-o", dump.toString()));
        assertThat(rec.status()).as(rec.err()).isZero();
        CliTest.Outcome o = fdr("inspect", dump.toString());
        assertThat(o.status()).as(o.err()).isZero();
        assertThat(o.out()).containsPattern("log-buffer stalls over the whole run .*memoryRace 0 \\(0 cycles\\)")
                .containsPattern("dmaData [1-9]\\d* \\([1-9]\\d* cycles\\)");
    }
}
