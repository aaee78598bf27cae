package org.fdrsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.fdrsim.cpu.asm.Assembler;
import org.fdrsim.cpu.io.Console;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.cpu.run.StopCause;
import org.fdrsim.machine.RunOptions;
import org.fdrsim.machine.Simulation;
import org.fdrsim.machine.config.ConfigLoader;
import org.fdrsim.machine.config.MachineConfig;
import org.fdrsim.machine.stats.RunStatistics;
import org.fdrsim.machine.stats.StatsTree;
import org.fdrsim.recorder.dump.CoreDumpWriter;
import org.fdrsim.workloads.RandomTester;
import org.fdrsim.workloads.WorkloadRegistry;
import org.junit.jupiter.api.Test;

/**
 * The same bytes out (issue 14): speed work on the timed machine and the recorder must not change
 * what a run produces. A fixed set of programs and seeds covering every workload class is run on
 * the timed machine without FDR (statistics) and recorded with FDR (core dump and statistics, the
 * bytes {@code fdr record} and {@code fdr run --stats-json} write); the SHA-256 of each is compared
 * with the value the code gave before the speed work. A change that alters timing on purpose
 * updates these values in a commit of its own that says which change and why.
 */
class SameBytesTest {
    /** Checkpoints often enough that every run crosses several (checkpoint and retention code covered). */
    private static final String CHECKPOINTS = "checkpoint.intervalCycles=200000";

    record Case(String name, Supplier<ProgramImage> program, List<String> settings) {}

    private static List<Case> cases() {
        List<Case> c = new ArrayList<>();
        c.add(new Case("random-tester-4", () -> new RandomTester(4, 16, 3_000).assemble(),
                List.of("cpus=4", "seed=11", CHECKPOINTS)));
        c.add(new Case("random-tester-16", () -> new RandomTester(16, 16, 800).assemble(),
                List.of("cpus=16", "seed=5", CHECKPOINTS)));
        c.add(new Case("racy-counter-validated", () -> example("racy-counter.s"),
                List.of("cpus=4", "seed=3", "checkpoint.intervalCycles=20000", "recorder.validate=true", "recorder.validateEvery=500")));
        List<String> dynweb = new ArrayList<>(List.of("cpus=4", "seed=2", CHECKPOINTS));
        dynweb.addAll(WorkloadRegistry.settings("dynweb", 6));
        c.add(new Case("dynweb-6", () -> WorkloadRegistry.scaled("dynweb", 6, 4), dynweb));
        c.add(new Case("disk-checksum", () -> WorkloadRegistry.shipped("fullsys/disk-checksum"),
                List.of("cpus=4", "seed=7", CHECKPOINTS, "devices.enabled=true")));
        c.add(new Case("fft-4", () -> WorkloadRegistry.shipped("splash/fft"),
                List.of("cpus=4", "seed=1", CHECKPOINTS)));
        return c;
    }

    /** SHA-256 of: the stats JSON without the recorder, the dump, the stats JSON of the recorded run. */
    private static final Map<String, String> EXPECTED = Map.of(
            "random-tester-4",
            "2b676eaecf4cc2cb0e5ff2dae5923e64338d2717e436add045a305a924919af9 447ce1d83cd32f99580e723e9af4e204aa2eab74c45b026e77aa659eea0182ae e072f9044a12f3559c09ad21abd162b6699e87b4165972fef07b6907ced7211b",
            "random-tester-16",
            "2df6889b55d3ce4132c03fdae9d22e65ec52837c6c7f8c5ad967400aadd0363b 82e26dd162e89b249146563fe34865e563d098a0688ae48b8afaeacfc4a0646e 198088bc385cec1a41dc5bde779d9d0caef5388a76b84de25d0e3b593c0b6f3d",
            "racy-counter-validated",
            "205a3a0b97b076e0d02ee36bffb2c8e75b20cbe166536fc8375794fa976d58e3 e6b7eac271ab130c9329cf54978eaf4ba7374ff680a03d06640ed48452bd143e 115c4e9c366f8b323b8ac2a4a2d82e63ed1c60ee646defc675a672835625219d",
            "dynweb-6",
            "6c51de9c0eca3236979a36e44f4deef290b3d5713d9b41b800cfa2e2c6856276 246142805c8305d456dced13a632289930eac9ad21d92ed231775cdfe97e2ec7 4318aa798237a7aa9b5d887861939a4d6675c3dd579569c6bb41ac3f05efdd9b",
            "disk-checksum",
            "bc512ff878f6e8618842e66e1044e7c5ef73a72527d412119557801912c352e8 e9216b31336f3e64a81a0a1255501fd5671c7c30574e04097ca11e229e01f1c7 a5e7509a963d87ac3ebda3c4e8c5fcd13bbb591cf6e583ee5761da31ee369388",
            "fft-4",
            "7ccb763f993391d5edaf27cf5d79dfeb0cad5f626511d95b1332e8b3e149ded7 00c451703fe2c8690613b3735964e0cff7f7c71dcdec8fb8c6bd9bca2f1676ac fedade88911bedf1d12a2aff7eb55c7ac85a67665488fe97990ee18b62b10cbb");

    @Test
    void dumpsAndStatisticsAreTheBytesTheyWereBeforeTheSpeedWork() throws Exception {
        Map<String, String> actual = new LinkedHashMap<>();
        for (Case c : cases()) {
            ProgramImage program = c.program().get();
            MachineConfig plain = config(c.settings(), false);
            Simulation run = Simulation.run(program, plain, Console.silent(), RunOptions.LOGS);
            String plainStats = sha256(StatsTree.toJson(RunStatistics.of(run)).getBytes(StandardCharsets.UTF_8));
            Simulation recorded = Simulation.run(program, config(c.settings(), true), Console.silent(), RunOptions.LOGS);
            String dump = sha256(CoreDumpWriter.toBytes(recorded.dump()));
            String recordedStats = sha256(StatsTree.toJson(RunStatistics.of(recorded)).getBytes(StandardCharsets.UTF_8));
            actual.put(c.name(), plainStats + " " + dump + " " + recordedStats);
            // the runs go where the hashes mean something: to the end, across checkpoints
            assertThat(run.result().cause()).as(c.name()).isEqualTo(StopCause.ALL_HALTED);
            assertThat(recorded.result().cause()).as(c.name()).isEqualTo(StopCause.ALL_HALTED);
            assertThat(recorded.dump().summary().checkpointsTaken()).as(c.name()).isGreaterThanOrEqualTo(2);
        }
        StringBuilder table = new StringBuilder();
        actual.forEach((k, v) -> table.append("\"").append(k).append("\", \"").append(v).append("\",\n"));
        assertThat(actual).as("actual values, to paste after a deliberate timing change:%n%s", table)
                .isEqualTo(EXPECTED);
    }

    private static MachineConfig config(List<String> settings, boolean recorder) {
        try {
            List<String> all = new ArrayList<>(settings);
            all.add("recorder.enabled=" + recorder);
            if (!recorder) {
                all.removeIf(s -> s.startsWith("recorder.validate"));
            }
            return ConfigLoader.fdr1().set(all).build();
        } catch (Exception e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    private static ProgramImage example(String name) {
        try {
            return Assembler.assemble(Path.of("..", "examples", name));
        } catch (Exception e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    private static String sha256(byte[] bytes) throws NoSuchAlgorithmException {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }
}
