package org.fdrsim.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fdrsim.cli.CliTest.fdr;


import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.fdrsim.cli.CliTest.Outcome;
import org.fdrsim.results.Outputs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code fdr experiment} and {@code fdr sweep} as a user runs them, at the tiny scale. */
class ExperimentCommandsTest {

    static String withoutProvenance(Path json) throws IOException {
        ObjectNode tree = (ObjectNode) Outputs.JSON.readTree(json.toFile());
        tree.remove("provenance");
        return Outputs.toJson(tree);
    }

    @Test
    void thePaperExperimentWritesEveryOutputAndRepeatsItsNumbers(@TempDir Path dir) throws IOException {
        Path a = dir.resolve("a");
        Path b = dir.resolve("b");
        Outcome first = fdr("experiment", "paper", "--scale", "tiny", "--runs", "2", "--workload", "jbb,web",
                "-o", a.toString());
        assertThat(first.status()).as(first.err()).isZero();
        for (String f : new String[] {"report.md", "results.json", "figure4.csv", "figure4.png", "figure4.svg",
                "figure5.csv", "figure5-compressed.png", "figure5-uncompressed.svg", "table3.csv", "reduction.csv",
                "config.yaml", "seeds.txt"}) {
            assertThat(a.resolve(f)).as(f).isNotEmptyFile();
        }
        assertThat(Files.readString(a.resolve("report.md"))).contains("The paper's conclusions", "Figure 4",
                "Figure 5", "Table 3");
        Outcome second = fdr("experiment", "paper", "--scale", "tiny", "--runs", "2", "--workload", "jbb,web",
                "-j", "1", "-o", b.toString());
        assertThat(second.status()).isZero();
        // Everything but the provenance (date, host JVM) is a function of the command and seeds.
        assertThat(withoutProvenance(b.resolve("results.json")))
                .as("same command and seeds, same numbers, whatever the parallelism")
                .isEqualTo(withoutProvenance(a.resolve("results.json")));
        assertThat(Outputs.JSON.readTree(a.resolve("results.json").toFile()).has("provenance")).isTrue();
    }

    @Test
    void theCommercialProxiesPastFourProcessorsGetANoteOnTheirKernel(@TempDir Path dir) {
        String note = "note: on 8 processors the commercial proxies measure their small kernel more than themselves";
        Outcome sweep = fdr("sweep", "--workload", "oltp", "--scale", "tiny", "--runs", "1", "--param", "cpus=4,8",
                "--emit-slurm", dir.resolve("s").toString());
        assertThat(sweep.status()).as(sweep.err()).isZero();
        assertThat(sweep.err()).startsWith(note).contains("The kernel's spin locks, measured").hasLineCount(1);
        Outcome paper = fdr("experiment", "paper", "--scale", "tiny", "--runs", "1", "--set", "cpus=8",
                "--emit-slurm", dir.resolve("p").toString());
        assertThat(paper.err()).startsWith(note);
        // four processors, or a workload without the kernel: nothing to say
        assertThat(fdr("sweep", "--workload", "oltp", "--scale", "tiny", "--runs", "1", "--param", "cpus=2,4",
                "--emit-slurm", dir.resolve("s4").toString()).err()).isEmpty();
        assertThat(fdr("sweep", "--workload", "random-tester", "--scale", "tiny", "--runs", "1", "--param", "cpus=8",
                "--emit-slurm", dir.resolve("r").toString()).err()).isEmpty();
    }

    @Test
    void aSlurmSweepRunPointByPointAndMergedEqualsTheLocalSweep(@TempDir Path dir) throws IOException {
        String[] common = {"--workload", "random-tester", "--scale", "tiny", "--runs", "1",
            "--param", "caches.l2.sizeKB=256,1024"};
        Path local = dir.resolve("local");
        Path cluster = dir.resolve("cluster");
        Outcome l = fdr(concat(new String[] {"sweep", "-o", local.toString()}, common));
        assertThat(l.status()).as(l.err()).isZero();

        Outcome emit = fdr(concat(new String[] {"sweep", "--emit-slurm", cluster.toString()}, common));
        assertThat(emit.status()).as(emit.err()).isZero();
        Path sbatch = Files.list(cluster).filter(p -> p.toString().endsWith(".sbatch")).findFirst().orElseThrow();
        assertThat(Files.readString(sbatch)).contains("#SBATCH --array=0-1");
        for (int i = 0; i < 2; i++) {
            Outcome point = fdr("sweep", "point", cluster.toString(), "--index", "" + i);
            assertThat(point.status()).as(point.err()).isZero();
        }
        Outcome merge = fdr("sweep", "merge", cluster.toString());
        assertThat(merge.status()).as(merge.err()).isZero();
        assertThat(Files.readString(cluster.resolve("sweep.csv"))).isEqualTo(Files.readString(local.resolve("sweep.csv")));
    }

    @Test
    void badExperimentArgumentsAreOneLineErrors() {
        Outcome o = fdr("experiment", "paper", "--scale", "huge");
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err().strip().lines()).hasSize(1);
        Outcome s = fdr("sweep", "--param", "caches.l9=1,2", "--scale", "tiny");
        assertThat(s.status()).isEqualTo(2);
        assertThat(s.err().strip().lines()).hasSize(1);
        assertThat(s.err()).doesNotContain("\tat ");
        // an empty list was an internal error (IndexOutOfBoundsException); a workload twice ran and reported it twice
        Outcome none = fdr("experiment", "paper", "--scale", "tiny", "--workload", ",");
        assertThat(none.status()).isEqualTo(2);
        assertThat(none.err()).isEqualTo("fdr experiment paper: --workload: expected one or more of [oltp, jbb, web, dynweb]\n");
        Outcome twice = fdr("experiment", "paper", "--scale", "tiny", "--workload", "oltp,jbb,commercial/oltp");
        assertThat(twice.status()).isEqualTo(2);
        assertThat(twice.err()).isEqualTo("fdr experiment paper: --workload: 'oltp' is given twice\n");
    }

    /** No worker count below 1, and no work below 1: once they were read as 1 and as the scale's work, unsaid. */
    @Test
    void zeroJobsOrZeroWorkAreRefusedNotQuietlyReplaced(@TempDir Path dir) {
        String out = dir.resolve("s").toString();
        String[][] asks = {
            {"sweep", "--param", "cpus=2", "--scale", "tiny", "-j", "0", "-o", out},
            {"sweep", "--param", "cpus=2", "--scale", "tiny", "--work", "0", "-o", out},
            {"sweep", "--param", "cpus=2", "--scale", "tiny", "--work", "-1", "-o", out},
            {"experiment", "paper", "--scale", "tiny", "--workload", "oltp", "-j", "-2", "-o", out},
            {"test-protocol", "--seeds", "1", "-j", "0"},
            {"verify", "--runs", "1", "-j", "0"},
        };
        for (String[] ask : asks) {
            Outcome o = fdr(ask);
            assertThat(o.status()).as(String.join(" ", ask)).isEqualTo(2);
            assertThat(o.err()).as(String.join(" ", ask)).matches("fdr [a-z -]+: --(jobs|work): expected 1 or more, got -?\\d+.*\n");
        }
        assertThat(dir.resolve("s")).doesNotExist();
    }

    private static String[] concat(String[] a, String[] b) {
        String[] r = new String[a.length + b.length];
        System.arraycopy(a, 0, r, 0, a.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }
}
