package org.fdrsim.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fdrsim.cli.CliTest.fdr;

import java.nio.file.Path;
import org.fdrsim.cli.CliTest.Outcome;
import org.junit.jupiter.api.Test;

/**
 * A dump written before checkpoint times had units and before dump format 2 (by fdr at commit
 * a487c3a: {@code fdr record examples/racy-counter.s --cpus 2 --seed 3 --checkpoint-interval 20000})
 * is still inspected and replays bit-exact.
 */
class OldDumpTest {
    static final Path V1 = Path.of("src", "test", "resources", "dumps", "v1-racy-counter.fdr");

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
}
