package org.fdrsim.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fdrsim.cli.CliTest.fdr;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Slurm batch script: it runs fdr by an absolute command and asks for time and memory. */
class SlurmScriptTest {
    private static final String[] SWEEP = {"--workload", "random-tester", "--scale", "tiny", "--runs", "1", "--param",
            "cpus=2,4"};

    @TempDir
    Path dir;

    private static String[] with(String... first) {
        List<String> all = new ArrayList<>(List.of(first));
        all.addAll(List.of(SWEEP));
        return all.toArray(String[]::new);
    }

    @Test
    void theScriptAsksForTimeAndMemoryWithDefaultsOrTheGivenValues() throws Exception {
        CliTest.Outcome o = fdr(with("sweep", "--emit-slurm", dir.resolve("a").toString()));
        assertThat(o.status()).as(o.err()).isZero();
        String script = Files.readString(dir.resolve("a").resolve("sweep.sbatch"));
        assertThat(script).contains("#SBATCH --time=02:00:00\n", "#SBATCH --mem=4G\n");
        o = fdr(with("sweep", "--emit-slurm", dir.resolve("b").toString(), "--slurm-time", "1-12:00:00", "--slurm-mem",
                "16G"));
        assertThat(o.status()).as(o.err()).isZero();
        assertThat(Files.readString(dir.resolve("b").resolve("sweep.sbatch")))
                .contains("#SBATCH --time=1-12:00:00\n", "#SBATCH --mem=16G\n");
    }

    @Test
    void badLimitsAreRefused() {
        CliTest.Outcome o = fdr(with("sweep", "--emit-slurm", dir.toString(), "--slurm-time", "two hours"));
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err()).contains("--slurm-time 'two hours': expected Slurm's time format");
        o = fdr(with("sweep", "--emit-slurm", dir.toString(), "--slurm-mem", "lots"));
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err()).contains("--slurm-mem 'lots'");
    }

    @Test
    void startedByTheLauncherTheScriptNamesItByItsAbsolutePath() throws Exception {
        Path launcher = Path.of("..", "fdr").toAbsolutePath().normalize();
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(List.of(with("sweep", "--emit-slurm", dir.toString())));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().put("FDR_LAUNCHER", launcher.toString());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        assertThat(Files.readString(dir.resolve("sweep.sbatch"))).contains("\n" + launcher + " sweep point '");
        assertThat(out).contains("then: " + launcher + " sweep merge");
    }

    @Test
    void theScriptRunsItsPointWithTheGivenCommand() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String command = java + " -cp " + System.getProperty("java.class.path") + " " + Main.class.getName();
        CliTest.Outcome o = fdr(with("sweep", "--emit-slurm", dir.toString(), "--slurm-command", command));
        assertThat(o.status()).as(o.err()).isZero();
        ProcessBuilder pb = new ProcessBuilder("bash", dir.resolve("sweep.sbatch").toString()).redirectErrorStream(true);
        pb.environment().put("SLURM_ARRAY_TASK_ID", "1");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        assertThat(dir.resolve("shards").resolve("point-0001.json")).isRegularFile();
    }
}
