package org.fdrsim.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.fdrsim.cpu.files.AtomicFile;
import org.fdrsim.machine.config.ConfigException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A local sweep and a sharded (Slurm-style) sweep merged afterwards write the same report. */
class SweepTest {
    static final Sweep.Spec SPEC = new Sweep.Spec("jbb", "tiny", 8, 2, 5, List.of(),
            List.of(Sweep.Param.parse("recorder.buffers.memoryRace.sizeKB=1,32")));

    @Test
    void localAndShardedThenMergedSweepsAreIdentical(@TempDir Path local, @TempDir Path cluster) throws Exception {
        Sweep.Result r = Sweep.runLocal(SPEC, 2, Progress.NONE);
        SweepReport.write(new Outputs(local), r);

        SweepReport.writeSlurm(new Outputs(cluster), SPEC, "fdr");
        assertThat(Files.readString(cluster.resolve("sweep.sbatch"))).contains("#SBATCH --array=0-1", "SLURM_ARRAY_TASK_ID");
        Sweep.Spec read = SweepReport.readSpec(cluster);
        assertThat(read).isEqualTo(SPEC);
        for (int i = 1; i >= 0; i--) { // tasks finish in any order
            Sweep.Shard s = Sweep.runPoint(read, i, 1, Progress.NONE);
            Path p = SweepReport.shardPath(cluster, i);
            AtomicFile.write(p, Outputs.toJson(s).getBytes(StandardCharsets.UTF_8));
        }
        Sweep.Result merged = Sweep.merge(read, SweepReport.readShards(cluster));
        SweepReport.write(new Outputs(cluster), merged);
        for (String f : List.of("report.md", "sweep.json", "sweep.csv")) {
            assertThat(Files.readString(cluster.resolve(f))).as(f).isEqualTo(Files.readString(local.resolve(f)));
        }
        assertThat(r.points()).hasSize(2);
        assertThat(r.points().get(0).point().assignments()).containsEntry("recorder.buffers.memoryRace.sizeKB", "1");
    }

    @Test
    void mergeRefusesMissingShards(@TempDir Path dir) throws Exception {
        SweepReport.writeSlurm(new Outputs(dir), SPEC, "fdr");
        List<Sweep.Shard> none = new ArrayList<>();
        assertThatThrownBy(() -> Sweep.merge(SPEC, none)).hasMessageContaining("missing shards for points [0, 1]");
    }

    /** A made-up run of SPEC's workload: the merge checks which run it is, not what it measured. */
    private static Measurement run(long seed, boolean fdr, long cycles) {
        return new Measurement("jbb", seed, fdr, "stopped: all processors halted", "1", 4, 1_000, cycles, 1e-6, 10, 1, 1,
                0, 0, 0, fdr ? 1 : 0, 0, 0, Map.of(), Map.of(), 0, 1e-6);
    }

    /** The runs plan() makes of a point of SPEC: seeds 5 and 6, each without and then with the recorder. */
    private static List<Measurement> planned() {
        return List.of(run(5, false, 4000), run(5, true, 4100), run(6, false, 4000), run(6, true, 4100));
    }

    /** A shard emptied or holding other runs was merged as the point's: an empty one as a slowdown of -100% (stop 53). */
    @Test
    void mergeRefusesAShardThatDoesNotHoldThePointsRuns() throws ConfigException {
        assertThat(Sweep.merge(SPEC, List.of(new Sweep.Shard(SPEC, 0, planned()), new Sweep.Shard(SPEC, 1, planned())))
                .points()).hasSize(2);

        assertThatThrownBy(() -> Sweep.merge(SPEC, List.of(new Sweep.Shard(SPEC, 0, planned()), new Sweep.Shard(SPEC, 1, List.of()))))
                .hasMessage("shard of point 1 holds 0 runs, expected 4 (2 seeds, each without and with the recorder)");
        List<Measurement> swapped = new ArrayList<>(planned());
        Collections.swap(swapped, 0, 1);
        assertThatThrownBy(() -> Sweep.merge(SPEC, List.of(new Sweep.Shard(SPEC, 0, swapped), new Sweep.Shard(SPEC, 1, planned()))))
                .hasMessage("shard of point 0, run 0: it holds the run of jbb seed 5 with the recorder, not of jbb seed 5 without it");
        List<Measurement> negative = new ArrayList<>(planned());
        negative.set(3, run(6, true, -5));
        assertThatThrownBy(() -> Sweep.merge(SPEC, List.of(new Sweep.Shard(SPEC, 0, planned()), new Sweep.Shard(SPEC, 1, negative))))
                .hasMessage("shard of point 1, run 3: cycles -5: expected a count of 0 or more");
        List<Measurement> twoCpus = new ArrayList<>(planned());
        twoCpus.set(2, new Measurement("jbb", 6, false, "stopped: all processors halted", "1", 2, 1_000, 4000, 1e-6, 10,
                1, 1, 0, 0, 0, 0, 0, 0, Map.of(), Map.of(), 0, 1e-6));
        assertThatThrownBy(() -> Sweep.merge(SPEC, List.of(new Sweep.Shard(SPEC, 0, twoCpus), new Sweep.Shard(SPEC, 1, planned()))))
                .hasMessage("shard of point 0, run 2: it ran on 2 processors, expected 4 (the run's configuration)");
    }

    @Test
    void pointsAreTheCartesianProductFirstParameterSlowest() {
        Sweep.Spec s = new Sweep.Spec("oltp", "tiny", 0, 1, 1, List.of(),
                List.of(Sweep.Param.parse("cpus=2,4"), Sweep.Param.parse("caches.l2.sizeKB=1024,2048,4096")));
        List<Sweep.Point> p = Sweep.points(s);
        assertThat(p).hasSize(6);
        assertThat(p.get(1).label()).isEqualTo("cpus=2 caches.l2.sizeKB=2048");
        assertThat(p.get(3).label()).isEqualTo("cpus=4 caches.l2.sizeKB=1024");
    }

    @Test
    void settingsTheRunsSetThemselvesAreRefusedAndASweptSeedIsEachPointsFirstSeed() {
        List<Sweep.Param> cpus = List.of(Sweep.Param.parse("cpus=2,4"));
        assertThatThrownBy(() -> new Sweep.Spec("oltp", "tiny", 0, 1, 1, List.of("recorder.enabled=true"), cpus))
                .hasMessage("--set recorder.enabled: every run is made both without and with the recorder; drop it");
        assertThatThrownBy(() -> new Sweep.Spec("oltp", "tiny", 0, 1, 1, List.of(" seed = 7"), cpus))
                .hasMessageStartingWith("--set seed: each run's seed comes from --seed S (the first) and --runs N");
        assertThatThrownBy(() -> new Sweep.Spec("oltp", "tiny", 0, 1, 1, List.of(),
                List.of(Sweep.Param.parse("recorder.enabled=true,false")))).hasMessageStartingWith("--param recorder.enabled:");
        assertThatThrownBy(() -> new Sweep.Spec("oltp", "tiny", 0, 1, 1, List.of(),
                List.of(Sweep.Param.parse("cpus=2,4"), Sweep.Param.parse("cpus=8"))))
                .hasMessage("--param cpus is given twice; give all its values in one list, e.g. --param cpus=v1,v2,v3");
        assertThatThrownBy(() -> new Sweep.Spec("oltp", "tiny", 0, 1, 1, List.of(), List.of(Sweep.Param.parse("seed=1,x"))))
                .hasMessage("--param seed: 'x' is not a whole number");
        // --param seed=3,10 with --runs 2: the points' runs take seeds 3, 4 and 10, 11 (--seed 1 is not used)
        Sweep.Spec seeds = new Sweep.Spec("oltp", "tiny", 0, 2, 1, List.of(), List.of(Sweep.Param.parse("seed=3,10")));
        List<Long> used = new ArrayList<>();
        for (Sweep.Point p : Sweep.points(seeds)) {
            for (RunSpec r : Sweep.plan(seeds, p)) {
                used.add(r.seed());
            }
        }
        assertThat(used).containsExactly(3L, 3L, 4L, 4L, 10L, 10L, 11L, 11L);
        // the experiment's --set is checked the same way
        assertThatThrownBy(() -> new PaperExperiment.Options("tiny", 1, 1, List.of("recorder.enabled=false"), List.of("oltp")))
                .hasMessageStartingWith("--set recorder.enabled:");
    }

    @Test
    void badParametersAreOneLineErrors() {
        assertThatThrownBy(() -> Sweep.Param.parse("cpus")).hasMessageContaining("expected path=v1,v2");
        Sweep.Spec bad = new Sweep.Spec("oltp", "tiny", 0, 1, 1, List.of(), List.of(Sweep.Param.parse("caches.l3.sizeKB=1")));
        assertThatThrownBy(() -> Sweep.validate(bad)).isInstanceOf(ConfigException.class).hasMessageContaining("unknown setting");
        assertThat(Sweep.Param.parse(" cpus = 2, 4 ").values()).containsExactly("2", "4");
        assertThatThrownBy(() -> Sweep.Param.parse("cpus=2,4, 2")).hasMessage("--param 'cpus=2,4, 2': '2' is given twice");
        // a control character is part of the value, not a space to forgive
        Sweep.Spec control = new Sweep.Spec("oltp", "tiny", 0, 1, 1, List.of(), List.of(Sweep.Param.parse("cpus=2\u0001,4")));
        assertThatThrownBy(() -> Sweep.validate(control)).isInstanceOf(ConfigException.class)
                .hasMessageContaining("the value '2\\u0001' holds a control character");
        // so is a separator character, which String.strip() took for a space (U+001C-U+001F)
        Sweep.Spec separator = new Sweep.Spec("oltp", "tiny", 0, 1, 1, List.of(), List.of(Sweep.Param.parse("cpus=2,\u001c4")));
        assertThatThrownBy(() -> Sweep.validate(separator)).isInstanceOf(ConfigException.class)
                .hasMessageContaining("the value '\\u001c4' holds a control character");
        assertThatThrownBy(() -> new Sweep.Spec("oltp", "tiny", 0, 1, 1, List.of(), List.of(Sweep.Param.parse("seed=1,\u001c2"))))
                .hasMessage("--param seed: '\u001c2' is not a whole number");
    }

    /** --runs 2000000000 or four parameters of 200 values each ran the host out of memory making the plan (stop 53). */
    @Test
    void aPlanTooLargeToMakeIsRefusedBeforeItIsMade() {
        List<Sweep.Param> cpus = List.of(Sweep.Param.parse("cpus=2,4"));
        assertThatThrownBy(() -> new Sweep.Spec("oltp", "tiny", 0, 2_000_000_000, 1, List.of(), cpus))
                .hasMessage("--runs must be 1..10000, got 2000000000");
        assertThatThrownBy(() -> new PaperExperiment.Options("tiny", 2_000_000_000, 1, List.of(), List.of("oltp")))
                .hasMessage("--runs must be 1..10000, got 2000000000");
        assertThatThrownBy(() -> new PaperExperiment.Options("tiny", 0, 1, List.of(), List.of("oltp")))
                .hasMessage("--runs must be 1..10000, got 0");
        StringBuilder values = new StringBuilder();
        for (int v = 1; v <= 200; v++) {
            values.append(v == 1 ? "" : ",").append(v);
        }
        List<Sweep.Param> four = new ArrayList<>();
        for (String path : List.of("seed", "memory.dramCycles", "memory.directoryCycles", "network.hopCycles")) {
            four.add(Sweep.Param.parse(path + "=" + values));
        }
        assertThatThrownBy(() -> new Sweep.Spec("oltp", "tiny", 0, 1, 1, List.of(), four))
                .hasMessage("the sweep has more than 100000 points (200 x 200 x 200 x 200 values), expected at most 100000");
        assertThatThrownBy(() -> new Sweep.Spec("oltp", "tiny", 0, 10_000, 1, List.of(), four.subList(0, 1)))
                .hasMessage("the sweep has 4000000 runs (200 points x 10000 seeds x 2, without and with the recorder),"
                        + " expected at most 1000000");
        assertThat(Sweep.points(new Sweep.Spec("oltp", "tiny", 0, 1, 1, List.of(), four.subList(0, 2)))).hasSize(40_000);
    }
}
