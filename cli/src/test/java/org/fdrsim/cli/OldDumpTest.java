package org.fdrsim.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fdrsim.cli.CliTest.fdr;

import java.nio.file.Path;
import org.fdrsim.cli.CliTest.Outcome;
import org.junit.jupiter.api.Test;

/**
 * Dumps of older formats are still inspected and replay bit-exact: format 1, written before
 * checkpoint times had units (by fdr at commit a487c3a: {@code fdr record examples/racy-counter.s
 * --cpus 2 --seed 3 --checkpoint-interval 20000}), and format 2, with big-endian log chunk
 * headers (by fdr at commit d682e01: {@code fdr record examples/racy-counter.s --cpus 2 --seed 3
 * --checkpoint-interval '20000 cycles' --validate}).
 */
class OldDumpTest {
    static final Path V1 = Path.of("src", "test", "resources", "dumps", "v1-racy-counter.fdr");
    static final Path V2 = Path.of("src", "test", "resources", "dumps", "v2-racy-counter.fdr");

    @Test
    void aFormatOneDumpIsInspectedAndReplaysBitExact() {
        Outcome i = fdr("inspect", V1.toString());
        assertThat(i.status()).as(i.err()).isZero();
        assertThat(i.out()).contains("(format 1)").contains("program racy-counter.s, 2 cpus")
                .contains("cycles: 35857 = 8.96425 us; instructions: 10027")
                .contains("#1 checkpoint 1 at cycle 20000 = 5 us");
        Outcome r = fdr("replay", V1.toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("BIT-EXACT: 10,027 instructions replayed");
    }

    @Test
    void aFormatTwoDumpIsInspectedAndReplaysBitExactWithItsValidationTrace() {
        Outcome i = fdr("inspect", V2.toString());
        assertThat(i.status()).as(i.err()).isZero();
        assertThat(i.out()).contains("(format 2)").contains("program racy-counter.s, 2 cpus")
                .contains("cycles: 65857 = 16.4642 us; instructions: 10027")
                .contains("memoryRace               78          702          705    1.00")
                .contains("#1 checkpoint 1 at cycle 20000 = 5 us (quiesce 40466): interval ICs [2647 484], log bytes "
                        + "387 raw / 174 compressed");
        Outcome r = fdr("replay", V2.toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("BIT-EXACT: 10,027 instructions replayed")
                .contains("4 state hashes and 1 device stores checked, all matched");
    }
}
