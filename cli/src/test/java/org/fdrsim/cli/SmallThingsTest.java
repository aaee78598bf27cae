package org.fdrsim.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fdrsim.cli.CliTest.example;
import static org.fdrsim.cli.CliTest.fdr;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The small things of issue 17 item 11: labels, a next step, and remarks where numbers surprise. */
class SmallThingsTest {
    @TempDir
    Path dir;

    @Test
    void theDemoEndsWithWhatToTryNext() {
        CliTest.Outcome o = fdr("demo", "-o", dir.resolve("demo.fdr").toString());
        assertThat(o.status()).as(o.err()).isZero();
        assertThat(o.out().strip()).containsPattern("\\ntry next: fdr replay .*demo\\.fdr; [^\\n]*$");
    }

    @Test
    void recordLabelsTheProgramsOutputAndOnlyWhenThereIsAny() throws IOException {
        CliTest.Outcome o = fdr("record", example("racy-counter.s"), "-o", dir.resolve("a.fdr").toString());
        assertThat(o.status()).as(o.err()).isZero();
        assertThat(o.out()).startsWith("program output:\n").containsPattern("program output:\\n\\d+\\n---\\n");
        Path silent = Files.writeString(dir.resolve("silent.s"), "_start:\n    halt\n");
        CliTest.Outcome quiet = fdr("record", silent.toString(), "-o", dir.resolve("b.fdr").toString());
        assertThat(quiet.status()).as(quiet.err()).isZero();
        assertThat(quiet.out()).startsWith("---\n").doesNotContain("program output:");
    }

    @Test
    void runRecordRemarksOnALogThatLzMadeLarger() {
        String disk = Path.of("..", "workloads", "src", "main", "resources", "programs", "fullsys", "disk-checksum.s")
                .toString();
        CliTest.Outcome o = fdr("run", disk, "--record", "-q", "--set", "devices.enabled=true");
        assertThat(o.status()).as(o.err()).isZero();
        // The race log of this short run: increasing ICs, nothing to repeat (as measured in docs/recorder.md).
        assertThat(o.out()).containsPattern("note: LZ made the memoryRace log larger than raw \\((\\d+) > (\\d+) B\\)");
    }
}
