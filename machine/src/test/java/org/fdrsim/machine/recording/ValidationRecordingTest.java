package org.fdrsim.machine.recording;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.fdrsim.cpu.io.Console;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.machine.RunOptions;
import org.fdrsim.machine.Simulation;
import org.fdrsim.machine.config.ConfigException;
import org.fdrsim.machine.config.ConfigLoader;
import org.fdrsim.machine.config.MachineConfig;
import org.fdrsim.recorder.dump.CoreDump;
import org.fdrsim.recorder.dump.CoreDumpReader;
import org.fdrsim.recorder.dump.CoreDumpWriter;
import org.fdrsim.recorder.dump.StateHash;
import org.fdrsim.recorder.dump.ValidationTrace;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The recorder side of the validation trace: it does not change the run (every section but the
 * configuration text and the trace itself is byte-identical to the same run without it), a run
 * without validation writes exactly the dump it wrote before validation existed, the trace
 * round-trips, follows the retained checkpoints, and a damaged trace section is refused by name.
 */
class ValidationRecordingTest {
    static CoreDump plain;
    static CoreDump validated;
    static byte[] plainBytes;
    static byte[] validatedBytes;

    static CoreDump record(long seed, boolean validate, long every) {
        ProgramImage p = CheckpointRestoreTest.file("workloads", "src", "main", "resources", "programs", "fullsys",
                "disk-checksum.s");
        List<String> sets = new ArrayList<>(List.of("devices.enabled=true", "limits.maxCycles=1500000",
                "checkpoint.replayIntervalTargetCycles=100000000000"));
        if (validate) {
            sets.add("recorder.validate=true");
            sets.add("recorder.validateEvery=" + every);
        }
        MachineConfig c = CheckpointRestoreTest.config(2, seed, 100_000, sets);
        c = retain(c, 4);
        return Simulation.run(p, c, Console.silent(), RunOptions.LOGS).dump();
    }

    private static MachineConfig retain(MachineConfig c, int n) {
        try {
            return new ConfigLoader(c).set("checkpoint.retained", String.valueOf(n)).build();
        } catch (ConfigException e) {
            throw new IllegalArgumentException(e);
        }
    }

    @BeforeAll
    static void recordBoth() {
        plain = record(5, false, 0);
        validated = record(5, true, 3000);
        plainBytes = CoreDumpWriter.toBytes(plain);
        validatedBytes = CoreDumpWriter.toBytes(validated);
    }

    @Test
    void validationDoesNotChangeTheRun() {
        List<CoreDumpFileTest.Section> a = CoreDumpFileTest.sections(plainBytes);
        List<CoreDumpFileTest.Section> b = CoreDumpFileTest.sections(validatedBytes);
        assertThat(b.stream().map(CoreDumpFileTest.Section::name).toList()).contains("validation");
        List<CoreDumpFileTest.Section> bWithout = b.stream().filter(s -> !s.name().equals("validation")).toList();
        assertThat(bWithout).hasSameSizeAs(a);
        for (int i = 0; i < a.size(); i++) {
            CoreDumpFileTest.Section x = a.get(i);
            CoreDumpFileTest.Section y = bWithout.get(i);
            assertThat(y.name()).isEqualTo(x.name());
            if (x.name().equals("config")) {
                continue;
            }
            assertThat(Arrays.copyOfRange(validatedBytes, y.payloadOffset(), y.payloadOffset() + y.length()))
                    .as(x.name()).isEqualTo(Arrays.copyOfRange(plainBytes, x.payloadOffset(), x.payloadOffset() + x.length()));
        }
        assertThat(validated.configText()).contains("\n  validate: true\n  validateEvery: 3000\n");
        assertThat(validated.configText().replace("\n  validate: true\n  validateEvery: 3000\n", "\n"))
                .isEqualTo(plain.configText());
    }

    @Test
    void withoutValidationTheDumpIsWhatItWasBefore() {
        assertThat(plain.validation()).isNull();
        assertThat(plain.configText()).doesNotContain("validate");
        assertThat(CoreDumpFileTest.sections(plainBytes).stream().map(CoreDumpFileTest.Section::name))
                .doesNotContain("validation");
        // same seed, same bytes; with validation too
        assertThat(CoreDumpWriter.toBytes(record(5, false, 0))).isEqualTo(plainBytes);
        assertThat(CoreDumpWriter.toBytes(record(5, true, 3000))).isEqualTo(validatedBytes);
        // the configuration read back from a dump without validation has it off
        assertThat(new ConfigLoaderFacade(plain.configText()).validate()).isFalse();
        assertThat(new ConfigLoaderFacade(validated.configText()).validate()).isTrue();
    }

    /** Loads a dump's configuration text the way fdr does. */
    record ConfigLoaderFacade(String yaml) {
        boolean validate() {
            try {
                java.nio.file.Path f = java.nio.file.Files.createTempFile("conf", ".yaml");
                java.nio.file.Files.writeString(f, yaml);
                boolean v = ConfigLoader.fdr1().file(f).build().recorder().validate();
                java.nio.file.Files.delete(f);
                return v;
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
    }

    @Test
    void theTraceFollowsTheRetainedCheckpointsAndRoundTrips() throws Exception {
        ValidationTrace t = validated.validation();
        assertThat(t.every()).isEqualTo(3000);
        assertThat(validated.checkpoints()).hasSize(4);
        assertThat(validated.summary().checkpointsDropped()).isPositive();
        assertThat(t.intervals()).hasSize(4);
        for (int k = 0; k < 4; k++) {
            ValidationTrace.Interval i = t.intervals().get(k);
            assertThat(i.checkpoint()).isEqualTo(validated.checkpoints().get(k).number());
            for (int c = 0; c < validated.cpus(); c++) {
                List<ValidationTrace.HashPoint> h = i.cpus().get(c).hashes();
                long end = validated.intervalEndIc(k, c);
                // every 3000 instructions, then the interval's end
                for (int j = 0; j < h.size() - 1; j++) {
                    assertThat(h.get(j).ic()).isEqualTo(3000L * (j + 1));
                }
                if (end > 0) {
                    assertThat(h.get(h.size() - 1).ic()).isEqualTo(end);
                }
                if (k + 1 < validated.checkpoints().size() && end > 0) {
                    // the hash at a checkpoint is the hash of the registers saved there
                    // (or, if it took an interrupt at that IC, of the pc before it: epc)
                    var saved = validated.checkpoints().get(k + 1).registers(c);
                    int epc = (int) saved.csrs()[org.fdrsim.cpu.isa.Csr.EPC.ordinal()];
                    assertThat(h.get(h.size() - 1).hash()).isIn(
                            StateHash.of(saved.registers(), saved.pc(), saved.ic()),
                            StateHash.of(saved.registers(), epc, saved.ic()));
                }
            }
        }
        long[] n = t.counts();
        assertThat(n[1]).as("device stores").isPositive();
        CoreDump back = CoreDumpReader.read(validatedBytes, "run.fdr");
        assertThat(back.validation()).isEqualTo(t);
        assertThat(back.sameContent(validated)).isTrue();
        assertThat(CoreDumpWriter.toBytes(back)).isEqualTo(validatedBytes);
    }

    @Test
    void aDamagedValidationSectionIsRefusedNamingIt() {
        CoreDumpFileTest.Section v = CoreDumpFileTest.sections(validatedBytes).stream()
                .filter(s -> s.name().equals("validation")).findFirst().orElseThrow();
        SplittableRandom rnd = new SplittableRandom(17);
        for (int at : new int[] {v.payloadOffset(), v.payloadOffset() + v.length() - 1,
                v.payloadOffset() + rnd.nextInt(v.length()), v.headerOffset() + 1, v.headerOffset() + 13}) {
            byte[] d = validatedBytes.clone();
            d[at] ^= (byte) (1 << rnd.nextInt(8));
            assertThat(CoreDumpFileTest.refusal(d)).as("flip at %d", at).contains("section 'validation'")
                    .contains("checksum mismatch");
        }
        for (int cut : new int[] {v.headerOffset() + 5, v.payloadOffset() + v.length() / 2}) {
            assertThat(CoreDumpFileTest.refusal(Arrays.copyOf(validatedBytes, cut))).contains("section 'validation'")
                    .contains("truncated");
        }
        // cut right before it: the file ends where END should be
        assertThat(CoreDumpFileTest.refusal(Arrays.copyOf(validatedBytes, v.headerOffset())))
                .contains("section 'end' missing");
    }
}
