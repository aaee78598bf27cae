package org.fdrsim.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fdrsim.cli.CliTest.fdr;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.fdrsim.cli.CliTest.Outcome;
import org.fdrsim.io.device.DiskImage;
import org.fdrsim.machine.config.MachineConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The classroom exercises (exercises/): each folder has a program, a README and a solution; every
 * claim in a solution's {@code claims} block holds (the predicted output occurs, the arc counts
 * and explanations are what it says, the replay is bit-exact), and every {@code ./fdr} command
 * in a README runs as written.
 */
class ExercisesTest {
    private static final Path ROOT = Path.of("..");
    private static final Path EXERCISES = ROOT.resolve("exercises");
    private static final Pattern CLAIMS = Pattern.compile("```claims\\n(.*?)```", Pattern.DOTALL);
    private static final Pattern SEEDS = Pattern.compile("(\\d+)-(\\d+)");

    static Stream<Path> exercises() throws IOException {
        try (Stream<Path> s = Files.list(EXERCISES)) {
            return s.filter(Files::isDirectory).sorted().toList().stream();
        }
    }

    @Test
    void thereAreAtLeastSixExercises() throws IOException {
        assertThat(exercises().map(p -> p.getFileName().toString())).hasSizeGreaterThanOrEqualTo(6)
                .anyMatch(n -> n.contains("message-passing")).anyMatch(n -> n.contains("lost-update"))
                .anyMatch(n -> n.contains("dekker")).anyMatch(n -> n.contains("figure1"))
                .anyMatch(n -> n.contains("false-sharing")).anyMatch(n -> n.contains("disk"));
    }

    @ParameterizedTest
    @MethodSource("exercises")
    void readmeAsksForPredictionsCommandsAndQuestions(Path dir) throws IOException {
        String readme = Files.readString(dir.resolve("README.md"));
        assertThat(readme).contains("## Predict").contains("## Run").contains("## Questions").contains("./fdr ");
        try (Stream<Path> s = Files.list(dir)) {
            assertThat(s.filter(p -> p.toString().endsWith(".s"))).isNotEmpty();
        }
    }

    @ParameterizedTest
    @MethodSource("exercises")
    void everyClaimOfTheSolutionHolds(Path dir, @TempDir Path tmp) throws IOException {
        String solution = Files.readString(dir.resolve("SOLUTION.md"));
        assertThat(solution).as("the replay debugger does not exist yet").doesNotContain("fdr debug");
        Matcher m = CLAIMS.matcher(solution);
        assertThat(m.find()).as("%s/SOLUTION.md has a claims block", dir).isTrue();
        List<String> kinds = new ArrayList<>();
        for (String line : m.group(1).split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] part = line.split("\\|");
            assertThat(part).as("claim '%s': PROGRAM | OPTIONS | CHECK", line).hasSize(3);
            Path program = dir.resolve(part[0].strip());
            assertThat(program).exists();
            List<String> options = Arrays.asList(part[1].strip().split("\\s+"));
            kinds.add(check(program, options, part[2].strip(), tmp, line));
        }
        assertThat(kinds).as("%s: the solution claims an outcome, arc counts and a bit-exact replay", dir)
                .contains("prints", "arcs", "replay");
    }

    /** Runs one claim; returns its kind. */
    private static String check(Path program, List<String> options, String claim, Path tmp, String line) {
        String[] words = claim.split("\\s+");
        switch (words[0]) {
            case "prints" -> {
                Matcher s = SEEDS.matcher(claim);
                assertThat(s.find()).as(line).isTrue();
                int from = Integer.parseInt(s.group(1));
                int to = Integer.parseInt(s.group(2));
                List<String> outputs = new ArrayList<>();
                for (int seed = from; seed <= to; seed++) {
                    Outcome o = fdr(args("run", program, options, "--seed", "" + seed, "-q"));
                    assertThat(o.status()).as(line + " (seed " + seed + ": " + o.err() + ")").isZero();
                    outputs.add(o.out().strip());
                }
                if (claim.startsWith("prints less than ")) {
                    long bound = Long.parseLong(words[3]);
                    assertThat(outputs).as(line).anyMatch(x -> Long.parseLong(x) < bound);
                    assertThat(outputs).as(line + ": never more than the bound").allMatch(x -> Long.parseLong(x) <= bound);
                } else {
                    assertThat(outputs).as(line).containsOnly(words[1]);
                }
            }
            case "arcs" -> {
                Outcome o = fdr(args("arcs", program, options, "--compare"));
                assertThat(o.status()).as(line).isZero();
                for (int k = 1; k < words.length; k++) {
                    String[] kv = words[k].split("=");
                    String expect = switch (kv[0]) {
                        case "instructions" -> "^" + kv[1] + " instructions, ";
                        case "cycles" -> "^\\d+ instructions, \\d+ accesses, " + kv[1] + " cycles ";
                        default -> "(?m)^" + Pattern.quote(kv[0]) + " +" + kv[1] + " ";
                    };
                    assertThat(o.out()).as(line + "\n" + o.out()).containsPattern(expect);
                }
            }
            case "explains" -> {
                Outcome o = fdr(args("arcs", program, options, "--explain"));
                String arc = words[1] + " " + words[2] + " " + words[3];
                String reason = claim.substring(claim.indexOf(words[3]) + words[3].length()).strip();
                assertThat(o.out()).as(line).contains(arc + "  " + reason + "\n");
            }
            case "replay" -> {
                Path dump = tmp.resolve(program.getFileName() + ".fdr");
                Outcome r = fdr(args("record", program, options, "-o", dump.toString()));
                assertThat(r.status()).as(line + ": " + r.err()).isZero();
                Outcome p = fdr("replay", dump.toString());
                assertThat(p.status()).as(line + ": " + p.out()).isZero();
                assertThat(p.out()).as(line).contains("BIT-EXACT");
            }
            case "debug" -> {
                // the debugger script beside the program, run on a recording of the claimed run
                Path dump = tmp.resolve(program.getFileName() + ".debug.fdr");
                Outcome r = fdr(args("record", program, options, "-o", dump.toString()));
                assertThat(r.status()).as(line + ": " + r.err()).isZero();
                Outcome d = fdr("debug", dump.toString(), "--batch", program.resolveSibling(words[1]).toString());
                assertThat(d.status()).as(line + ": " + d.err()).isZero();
                assertThat(d.out()).as(line + "\n" + d.out()).contains(claim.substring(claim.indexOf("=>") + 2).strip());
            }
            default -> throw new AssertionError("unknown claim: " + line);
        }
        return words[0];
    }

    private static String[] args(String command, Path program, List<String> options, String... more) {
        List<String> a = new ArrayList<>(List.of(command, program.toString()));
        for (String o : options) {
            if (!o.isEmpty()) {
                a.add(o);
            }
        }
        a.addAll(List.of(more));
        return a.toArray(new String[0]);
    }

    @Test
    void diskHandoffPrintsTheChecksumOfTheSectorTheDiskHolds() {
        // Independent of the simulator's run: the disk image is a pure function of the seed.
        Path program = EXERCISES.resolve("06-disk-handoff/disk-handoff.s");
        for (long seed = 1; seed <= 3; seed++) {
            DiskImage disk = DiskImage.seeded(seed, MachineConfig.fdr1().devices().disk().sectors());
            long c = 0;
            for (int w = 0; w < DiskImage.WORDS_PER_SECTOR; w++) {
                c = c * 31 + disk.word(3, w);
            }
            Outcome o = fdr("run", program.toString(), "--cpus", "2", "--set", "devices.enabled=true", "--seed", "" + seed, "-q");
            assertThat(o.out().strip()).as("seed %d", seed).isEqualTo(Long.toString(c));
        }
    }

    @ParameterizedTest
    @MethodSource("exercises")
    void readmeCommandsRunAsWritten(Path dir, @TempDir Path tmp) throws IOException {
        String readme = Files.readString(dir.resolve("README.md"));
        int commands = 0;
        for (String line : readme.split("\n")) {
            if (!line.startsWith("./fdr ")) {
                continue;
            }
            List<String> a = new ArrayList<>();
            for (String w : line.substring("./fdr ".length()).strip().split("\\s+")) {
                if (w.startsWith("exercises/")) {
                    a.add(ROOT.resolve(w).toString());
                } else if (w.endsWith(".html") || w.endsWith(".fdr")) {
                    a.add(tmp.resolve(w).toString()); // outputs (and dumps read back) go to a scratch folder
                } else {
                    a.add(w);
                }
            }
            Outcome o = fdr(a.toArray(new String[0]));
            assertThat(o.status()).as(line + "\n" + o.err()).isZero();
            commands++;
        }
        assertThat(commands).isGreaterThanOrEqualTo(3);
    }
}
