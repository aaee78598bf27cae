package org.fdrsim.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fdrsim.cli.CliTest.fdr;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.fdrsim.results.SlurmQuoting;
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
        assertThat(Files.readString(dir.resolve("sweep.sbatch"))).contains("\n" + launcher + " sweep point " + SlurmQuoting.shell(dir.toString()) + " --index");
        assertThat(out).contains("then: " + launcher + " sweep merge");
    }

    @Test
    void theScriptRunsItsPointWithTheGivenCommand() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String command = java + " -cp " + System.getProperty("java.class.path") + " " + Main.class.getName();
        CliTest.Outcome o = fdr(with("sweep", "--emit-slurm", dir.toString(), "--slurm-command", command));
        assertThat(o.status()).as(o.err()).isZero();
        runTask(dir.resolve("sweep.sbatch"), 1);
        assertThat(dir.resolve("shards").resolve("point-0001.json")).isRegularFile();
    }

    @Test
    void aDirectoryWithQuotesSpacesAHashAndAPercentReachesBashAndSbatchWhole() throws Exception {
        Path odd = dir.resolve("it's a #1 100% \"dir\"").toAbsolutePath().normalize();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String command = java + " -cp " + System.getProperty("java.class.path") + " " + Main.class.getName();
        CliTest.Outcome o = fdr(with("sweep", "--emit-slurm", odd.toString(), "--slurm-command", command));
        assertThat(o.status()).as(o.err()).isZero();
        assertThat(o.out()).contains("submit with: sbatch '" + odd.toString().replace("'", "'\\''") + "/sweep.sbatch'");
        String script = Files.readString(odd.resolve("sweep.sbatch"));
        String output = script.lines().filter(l -> l.startsWith("#SBATCH --output=")).findFirst().orElseThrow();
        // as sbatch reads it, then expands the pattern (%% is a percent sign, %a the task)
        assertThat(sbatchArguments(output.substring("#SBATCH".length())))
                .containsExactly("--output=" + odd.toString().replace("%", "%%") + "/logs/point-%a.out");
        runTask(odd.resolve("sweep.sbatch"), 0);
        assertThat(odd.resolve("shards").resolve("point-0000.json")).isRegularFile();

        Path paper = dir.resolve("paper #2 'x'");
        o = fdr("experiment", "paper", "--scale", "tiny", "--runs", "1", "--workload", "oltp", "--emit-slurm", paper.toString(),
                "--slurm-command", command);
        assertThat(o.status()).as(o.err()).isZero();
        Process syntax = new ProcessBuilder("bash", "-n", paper.resolve("paper.sbatch").toString()).redirectErrorStream(true).start();
        assertThat(syntax.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(syntax.exitValue()).as(new String(syntax.getInputStream().readAllBytes(), StandardCharsets.UTF_8)).isZero();
        assertThat(Files.readString(paper.resolve("paper.sbatch"))).contains(" experiment run '" + paper.toAbsolutePath()
                .normalize().toString().replace("'", "'\\''") + "' --index");
    }

    @Test
    void aDirectoryWithALineBreakIsRefusedBeforeAnyScriptIsWritten() {
        Path broken = dir.resolve("a\nrm -rf x");
        CliTest.Outcome o = fdr(with("sweep", "--emit-slurm", broken.toString()));
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err()).contains("--emit-slurm").contains("a\\u000arm -rf x").contains("cannot be named in a batch script");
        assertThat(broken.resolve("sweep.sbatch")).doesNotExist();
        assertThat(broken.resolve("sweep-spec.json")).doesNotExist();
    }

    /** Runs array task {@code index} of {@code script} with bash, as a Slurm node would; it must exit 0. */
    private static void runTask(Path script, int index) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder("bash", script.toString()).redirectErrorStream(true);
        pb.environment().put("SLURM_ARRAY_TASK_ID", Integer.toString(index));
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
    }

    /**
     * The arguments of an {@code #SBATCH} line as sbatch splits them (Slurm's src/sbatch/opt.c,
     * {@code _get_argument}): white space separates, a backslash keeps the next character,
     * either quote groups, an unquoted {@code #} ends the line.
     */
    private static List<String> sbatchArguments(String line) {
        List<String> args = new ArrayList<>();
        StringBuilder arg = null;
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote == 0 && Character.isWhitespace(c)) {
                if (arg != null) {
                    args.add(arg.toString());
                    arg = null;
                }
                continue;
            }
            if (quote == 0 && c == '#') {
                break;
            }
            arg = arg == null ? new StringBuilder() : arg;
            if (c == '\\' && i + 1 < line.length()) {
                arg.append(line.charAt(++i));
            } else if (quote != 0 && c == quote) {
                quote = 0;
            } else if (quote == 0 && (c == '"' || c == '\'')) {
                quote = c;
            } else {
                arg.append(c);
            }
        }
        if (arg != null) {
            args.add(arg.toString());
        }
        return args;
    }
}
