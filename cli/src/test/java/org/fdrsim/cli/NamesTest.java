package org.fdrsim.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fdrsim.cli.CliTest.fdr;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.fdrsim.results.Outputs;
import org.fdrsim.workloads.WorkloadRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One spelling of names across commands, hints where a setting explains a failure, provenance of results. */
class NamesTest {
    @Test
    void commercialWorkloadsHaveOneNameEverywhere() {
        assertThat(WorkloadRegistry.canonical("commercial/oltp")).isEqualTo("oltp");
        assertThat(Workloads.load("oltp").sourceLines()).isEqualTo(Workloads.load("commercial/oltp").sourceLines());
        assertThat(WorkloadRegistry.needsDevices("web")).isTrue();
    }

    @Test
    void everyParallelCommandTakesDashJ() {
        CliTest.Outcome v = fdr("verify", "--runs", "2", "-j", "1", "--cpus", "2");
        assertThat(v.status()).as(v.err()).isZero();
        assertThat(v.out()).contains(", 1 threads");
        CliTest.Outcome old = fdr("verify", "--runs", "2", "--threads", "2", "--cpus", "2");
        assertThat(old.status()).as("the old spelling still works: " + old.err()).isZero();
        CliTest.Outcome t = fdr("test-protocol", "--seeds", "2", "-j", "1");
        assertThat(t.status()).as(t.err()).isZero();
    }

    @Test
    void aDirectoryGivenAsAProgramIsCalledADirectory(@org.junit.jupiter.api.io.TempDir Path dir) {
        CliTest.Outcome o = fdr("run", dir.toString());
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err()).contains("it is a directory (expected an assembly program").doesNotContain("no such file");
    }

    @Test
    void aDeviceProgramWithoutDevicesGetsAHint() {
        String disk = Path.of("..", "workloads", "src", "main", "resources", "programs", "fullsys", "disk-checksum.s")
                .toString();
        CliTest.Outcome o = fdr("run", disk);
        assertThat(o.status()).isEqualTo(1);
        assertThat(o.out()).contains("no device register");
        assertThat(o.err()).contains("hint:").contains("--set devices.enabled=true");
    }

    @Test
    void resultsJsonSaysWhereItCameFrom(@TempDir Path dir) throws Exception {
        CliTest.Outcome o = fdr("experiment", "paper", "--scale", "tiny", "--runs", "1", "--workload",
                "commercial/oltp", "-o", dir.toString());
        assertThat(o.status()).as(o.err()).isZero();
        JsonNode p = Outputs.JSON.readTree(dir.resolve("results.json").toFile()).path("provenance");
        assertThat(p.path("fdrsim").asText()).isEqualTo(Version.version()).isNotEqualTo("development");
        assertThat(p.path("commit").asText()).isEqualTo(Version.commit());
        assertThat(p.path("date").asText()).matches("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z");
        assertThat(p.path("jvm").asText()).startsWith(System.getProperty("java.version"));
        assertThat(p.path("command").asText()).startsWith("fdr experiment paper --scale tiny --runs 1")
                .contains("--workload oltp");
    }
}
