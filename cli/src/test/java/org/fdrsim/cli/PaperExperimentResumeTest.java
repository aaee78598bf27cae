package org.fdrsim.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fdrsim.cli.CliTest.fdr;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.fdrsim.cli.CliTest.Outcome;
import org.fdrsim.results.SlurmQuoting;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code fdr experiment paper}: kept runs, resuming, refusing a directory of another configuration, the Slurm array. */
class PaperExperimentResumeTest {
    private static final String[] TINY = {"--scale", "tiny", "--runs", "1", "--workload", "jbb"};

    @Test
    void aRerunSkipsKeptRunsAndRunsOnlyTheMissingOne(@TempDir Path dir) throws IOException {
        Path out = dir.resolve("e");
        Outcome first = fdr(args("experiment", "paper", "-o", out.toString()));
        assertThat(first.status()).as(first.err()).isZero();
        Path runs = out.resolve("runs");
        assertThat(names(runs)).contains("jbb-s1-base.json", "jbb-s1-fdr.json", "jbb-s1-traced.json",
                "jbb-s1-fdr.host.json");
        String results = ExperimentCommandsTest.withoutProvenance(out.resolve("results.json"));

        // one run lost (an interrupted experiment): only it runs again, and the numbers are the same
        Files.delete(runs.resolve("jbb-s1-fdr.json"));
        long before = Files.getLastModifiedTime(runs.resolve("jbb-s1-base.json")).toMillis();
        Outcome again = fdr(args("experiment", "paper", "-o", out.toString()));
        assertThat(again.status()).as(again.err()).isZero();
        assertThat(runs.resolve("jbb-s1-fdr.json")).isNotEmptyFile();
        assertThat(Files.getLastModifiedTime(runs.resolve("jbb-s1-base.json")).toMillis()).isEqualTo(before);
        assertThat(ExperimentCommandsTest.withoutProvenance(out.resolve("results.json"))).isEqualTo(results);

        // a kept run cut short: refused with one line naming it and saying what to do, exit 2
        Path cut = runs.resolve("jbb-s1-base.json");
        Files.writeString(cut, Files.readString(cut).replaceFirst(",\\s*\"arcs\"[^}]*}", ""));
        Outcome damaged = fdr(args("experiment", "paper", "-o", out.toString()));
        assertThat(damaged.status()).isEqualTo(2);
        assertThat(damaged.err().lines().filter(l -> l.startsWith("fdr experiment paper: ")).toList()).containsExactly(
                "fdr experiment paper: cannot read finished run '" + cut + "' (delete it to run it again): "
                        + "arcs: missing, expected a value");
    }

    @Test
    void aDirectoryOfAnotherConfigurationIsRefusedNamingTheSetting(@TempDir Path dir) {
        Path out = dir.resolve("e");
        assertThat(fdr(args("experiment", "paper", "-o", out.toString())).status()).isZero();
        Outcome other = fdr(args("experiment", "paper", "-o", out.toString(), "--set", "caches.l2.sizeKB=1024"));
        assertThat(other.status()).isEqualTo(2);
        assertThat(other.err().strip().lines()).hasSize(1);
        assertThat(other.err()).contains("holds runs of another configuration: caches.l2.sizeKB=1024");
        Outcome scale = fdr("experiment", "paper", "--scale", "default", "--runs", "1", "--workload", "jbb", "-o", out.toString());
        assertThat(scale.status()).isEqualTo(2);
        assertThat(scale.err()).contains("--scale default (the directory holds runs of --scale tiny)");
        Outcome unknown = fdr("experiment", "paper", "--scale", "huge", "-o", out.toString());
        assertThat(unknown.status()).isEqualTo(2);
        assertThat(unknown.err().strip()).isEqualTo("fdr experiment paper: unknown scale 'huge', expected tiny, default or paper");
    }

    @Test
    void aSlurmArrayRunByRunAndMergedEqualsTheLocalExperiment(@TempDir Path dir) throws IOException {
        Path local = dir.resolve("local");
        Path cluster = dir.resolve("cluster");
        assertThat(fdr(args("experiment", "paper", "-o", local.toString())).status()).isZero();
        Outcome emit = fdr(args("experiment", "paper", "--emit-slurm", cluster.toString(), "--slurm-command",
                "/opt/fdrsim/fdr", "--slurm-time", "01:30:00"));
        assertThat(emit.status()).as(emit.err()).isZero();
        assertThat(Files.readString(cluster.resolve("paper.sbatch"))).contains("#SBATCH --array=0-2")
                .contains("#SBATCH --time=01:30:00").contains("#SBATCH --mem=4G")
                .contains("\n/opt/fdrsim/fdr experiment run " + SlurmQuoting.shell(cluster.toAbsolutePath().normalize().toString()) + " --index");
        Outcome early = fdr("experiment", "merge", cluster.toString());
        assertThat(early.status()).isEqualTo(2);
        assertThat(early.err()).contains("3 of 3 runs are missing");
        for (int i = 0; i < 3; i++) {
            Outcome task = fdr("experiment", "run", cluster.toString(), "--index", "" + i);
            assertThat(task.status()).as(task.err()).isZero();
        }
        Outcome merge = fdr("experiment", "merge", cluster.toString());
        assertThat(merge.status()).as(merge.err()).isZero();
        // Everything but the provenance (date, command) is a function of the runs.
        assertThat(ExperimentCommandsTest.withoutProvenance(cluster.resolve("results.json")))
                .isEqualTo(ExperimentCommandsTest.withoutProvenance(local.resolve("results.json")));
    }

    private static String[] args(String... head) {
        String[] r = new String[head.length + TINY.length];
        System.arraycopy(head, 0, r, 0, head.length);
        System.arraycopy(TINY, 0, r, head.length, TINY.length);
        return r;
    }

    private static java.util.List<String> names(Path d) throws IOException {
        try (Stream<Path> s = Files.list(d)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
