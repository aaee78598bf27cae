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
    void recordValidateKeepsATraceThatReplayChecksAndADamagedHashIsPinpointed() throws Exception {
        Path dump = dir.resolve("v.fdr");
        CliTest.Outcome r = fdr("record", example("random-tester.s"), "-o", dump.toString(), "--cpus", "4", "--seed",
                "2", "--validate-every", "500");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("validation trace:").contains("every 500 instructions");
        CliTest.Outcome o = fdr("replay", dump.toString());
        assertThat(o.status()).as(o.err()).isZero();
        assertThat(o.out()).contains("BIT-EXACT").contains("validation trace (every 500 instructions):")
                .contains("all matched");
        // alter processor 0's first hash in the trace and fix the section checksum: replay names the interval
        byte[] b = java.nio.file.Files.readAllBytes(dump);
        int p = 12;
        while (!new String(b, p, 4, java.nio.charset.StandardCharsets.US_ASCII).equals("VALD")) {
            long len = java.nio.ByteBuffer.wrap(b, p + 4, 8).order(java.nio.ByteOrder.LITTLE_ENDIAN).getLong();
            p += 16 + (int) len;
        }
        int len = (int) java.nio.ByteBuffer.wrap(b, p + 4, 8).order(java.nio.ByteOrder.LITTLE_ENDIAN).getLong();
        b[p + 16 + 8 + 4 + 4 + 4 + 4 + 8] ^= 1; // every, intervals, checkpoint, cpus, hash count, IC: the hash
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        crc.update(b, p, 12);
        crc.update(b, p + 16, len);
        java.nio.ByteBuffer.wrap(b, p + 12, 4).order(java.nio.ByteOrder.LITTLE_ENDIAN).putInt((int) crc.getValue());
        java.nio.file.Files.write(dump, b);
        o = fdr("replay", dump.toString());
        assertThat(o.status()).as(o.err()).isEqualTo(ExitCodes.DIVERGED);
        assertThat(o.out()).contains("DIVERGENCE (validation trace): processor 0's state hash differs at IC 500")
                .contains("first divergent interval: processor 0, ICs 1..500");
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
