package org.fdrsim.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fdrsim.cli.CliTest.example;
import static org.fdrsim.cli.CliTest.fdr;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** fdr replay, fdr verify and fdr demo end to end. */
class ReplayCommandsTest {
    @TempDir
    Path dir;

    @Test
    void recordThenReplayIsBitExact() {
        String dump = dir.resolve("run.fdr").toString();
        assertThat(fdr("record", example("random-tester.s"), "-o", dump, "--cpus", "4", "--seed", "2").status())
                .isZero();
        CliTest.Outcome o = fdr("replay", dump);
        assertThat(o.status()).as(o.err()).isZero();
        assertThat(o.out()).contains("BIT-EXACT").contains("instructions replayed").contains("replay parallelism");
    }

    @Test
    void aCheckpointThatIsNotRetainedIsAOneLineError() {
        String dump = dir.resolve("run.fdr").toString();
        fdr("record", example("hello.s"), "-o", dump, "--cpus", "1");
        CliTest.Outcome o = fdr("replay", dump, "--from-checkpoint", "5");
        assertThat(o.status()).isEqualTo(ExitCodes.USER_ERROR);
        assertThat(o.err().strip()).doesNotContain("\n").contains("not retained");
    }

    @Test
    void verifyReportsSignaturesAndNoDivergence() {
        CliTest.Outcome o = fdr("verify", "--runs", "6", "--cpus", "2");
        assertThat(o.status()).as(o.err()).isZero();
        assertThat(o.out()).contains("divergences: 0").contains("distinct signatures:");
    }

    @Test
    void demoRecordsDumpsReplaysAndShowsTheLogTable() {
        CliTest.Outcome o = fdr("demo", "-o", dir.resolve("demo.fdr").toString());
        assertThat(o.status()).as(o.err()).isZero();
        assertThat(o.out()).contains("BIT-EXACT").contains("memoryRace").contains("replay parallelism");
    }
}
