package org.fdrsim.machine.recording;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.fdrsim.cpu.io.Console;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.cpu.run.RunResult;
import org.fdrsim.machine.RunOptions;
import org.fdrsim.machine.Simulation;
import org.fdrsim.machine.config.MachineConfig;
import org.fdrsim.recorder.dump.CoreDump;
import org.fdrsim.recorder.dump.CoreDumpReader;
import org.fdrsim.recorder.dump.CoreDumpWriter;
import org.fdrsim.recorder.dump.DumpFormatException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The dump file: round trip, determinism, and refusal of every kind of damage with the section named. */
class CoreDumpFileTest {
    static byte[] bytes;
    static CoreDump dump;

    /** One section as laid out in the file. */
    record Section(String name, int headerOffset, int payloadOffset, int length) {}

    static CoreDump record(long seed) {
        ProgramImage p = CheckpointRestoreTest.file("workloads", "src", "main", "resources", "programs", "fullsys",
                "disk-checksum.s");
        MachineConfig c = CheckpointRestoreTest.config(2, seed, 100_000,
                List.of("devices.enabled=true", "limits.maxCycles=1500000"));
        return Simulation.run(p, c, Console.silent(), RunOptions.LOGS).dump();
    }

    @BeforeAll
    static void recordOnce() {
        dump = record(5);
        bytes = CoreDumpWriter.toBytes(dump);
    }

    static List<Section> sections(byte[] b) {
        List<Section> out = new ArrayList<>();
        int p = 12;
        int k = 0;
        while (p < b.length) {
            String tag = new String(b, p, 4, StandardCharsets.US_ASCII);
            long len = 0;
            for (int i = 7; i >= 0; i--) {
                len = (len << 8) | (b[p + 4 + i] & 0xffL);
            }
            String name = switch (tag) {
                case "META" -> "meta";
                case "CONF" -> "config";
                case "PROG" -> "program";
                case "MEMO" -> "memory";
                case "CKPT" -> "checkpoint " + k++;
                case "FINL" -> "final";
                case "TRIG" -> "trigger";
                case "SUMM" -> "summary";
                case "VALD" -> "validation";
                case "CINP" -> "console input";
                case "END " -> "end";
                default -> throw new IllegalStateException(tag);
            };
            out.add(new Section(name, p, p + 16, (int) len));
            p += 16 + (int) len;
        }
        return out;
    }

    static String refusal(byte[] damaged) {
        try {
            CoreDumpReader.read(damaged, "run.fdr");
        } catch (DumpFormatException e) {
            assertThat(e.getMessage()).doesNotContain("\n").startsWith("run.fdr: ");
            return e.getMessage();
        }
        throw new AssertionError("damaged dump was accepted");
    }

    @Test
    void roundTripGivesEqualContent(@TempDir Path dir) throws Exception {
        assertThat(dump.checkpoints().size()).isGreaterThanOrEqualTo(3);
        Path f = dir.resolve("run.fdr");
        CoreDumpWriter.write(dump, f);
        CoreDump back = CoreDumpReader.read(f);
        assertThat(back.sameContent(dump)).isTrue();
        assertThat(CoreDumpWriter.toBytes(back)).isEqualTo(bytes);
        // nothing but the dump is left in the directory (temporary file renamed)
        try (var s = Files.list(dir)) {
            assertThat(s.map(x -> x.getFileName().toString()).toList()).containsExactly("run.fdr");
        }
        for (int k = 0; k < back.checkpoints().size(); k++) {
            assertThat(back.memoryAt(k).sameContents(dump.memoryAt(k))).isTrue();
        }
    }

    @Test
    void sameSeedSameBytesOtherSeedOtherBytes() {
        assertThat(CoreDumpWriter.toBytes(record(5))).isEqualTo(bytes);
        assertThat(CoreDumpWriter.toBytes(record(6))).isNotEqualTo(bytes);
    }

    @Test
    void aFlippedBitInAnySectionIsRefusedNamingIt() {
        List<Section> sections = sections(bytes);
        assertThat(sections.get(sections.size() - 1).name()).isEqualTo("end");
        SplittableRandom rnd = new SplittableRandom(11);
        for (Section s : sections) {
            int[] where = s.length == 0 ? new int[] {s.headerOffset + 12}
                    : new int[] {s.payloadOffset, s.payloadOffset + s.length - 1,
                        s.payloadOffset + rnd.nextInt(s.length), s.headerOffset + 1, s.headerOffset + 13};
            for (int at : where) {
                byte[] d = bytes.clone();
                d[at] ^= (byte) (1 << rnd.nextInt(8));
                String msg = refusal(d);
                assertThat(msg).as("flip at %d", at).contains("section '" + s.name + "'").contains("checksum mismatch");
            }
        }
    }

    @Test
    void aTruncatedFileIsRefusedNamingTheSection() {
        List<Section> sections = sections(bytes);
        for (Section s : sections) {
            for (int cut : new int[] {s.headerOffset, s.headerOffset + 5, s.payloadOffset + s.length / 2}) {
                if (cut >= bytes.length || (s.length == 0 && cut > s.headerOffset)) {
                    continue;
                }
                String msg = refusal(java.util.Arrays.copyOf(bytes, cut));
                assertThat(msg).as("cut at %d", cut).contains("section '" + s.name + "'");
            }
        }
        assertThat(refusal(java.util.Arrays.copyOf(bytes, 10))).contains("section 'header'");
        assertThat(refusal(java.util.Arrays.copyOf(bytes, bytes.length - 1))).contains("section 'end'");
        byte[] longer = java.util.Arrays.copyOf(bytes, bytes.length + 3);
        assertThat(refusal(longer)).contains("section 'end'").contains("unexpected bytes");
    }

    @Test
    void wrongVersionEmptyAndForeignFilesAreRefused() {
        byte[] v = bytes.clone();
        v[8] = 4;
        assertThat(refusal(v)).isEqualTo("run.fdr: dump format version 4 is not supported (this fdr reads versions 1 to 3)");
        v[8] = 0;
        assertThat(refusal(v)).isEqualTo("run.fdr: dump format version 0 is not supported (this fdr reads versions 1 to 3)");
        assertThat(refusal(new byte[0])).isEqualTo("run.fdr: not a core dump (empty file)");
        byte[] random = new byte[5000];
        new SplittableRandom(3).nextBytes(random);
        assertThat(refusal(random)).contains("not a core dump");
        assertThat(refusal("hello world\n".getBytes(StandardCharsets.US_ASCII))).contains("not a core dump");
    }

    @Test
    void softwareTriggerAndFaultAreRecordedWithTheirLocation() {
        String src = """
                .data
                x: .word 0
                .text
                _start:
                  csrr r1, cpuid
                  la r2, x
                  li r3, 0
                loop:
                  fadd r4, r1, 0(r2)
                  addi r3, r3, 1
                  slti r5, r3, 300
                  bne r5, zero, loop
                  beq r1, zero, done
                  assert zero, 42
                done:
                  halt
                """;
        ProgramImage p = CheckpointRestoreTest.assemble("t.s", src);
        Simulation s = Simulation.run(p, CheckpointRestoreTest.config(2, 1, 2000, List.of()), Console.silent(),
                RunOptions.LOGS);
        RunResult r = s.result();
        CoreDump d = s.dump();
        assertThat(d.trigger().cause()).isEqualTo("TRIGGER");
        assertThat(d.trigger().cpu()).isEqualTo(1);
        assertThat(d.trigger().code()).isEqualTo(42);
        assertThat(p.code().get(d.trigger().pc()).op().name()).isEqualTo("ASSERT");
        assertThat(d.trigger().ic()).isEqualTo(d.finalRegisters().get(1).ic());
        assertThat(d.checkpoints().size()).isGreaterThanOrEqualTo(2);

        String bad = ".text\n_start:\n  li r1, 3\n  div r2, r1, zero\n  halt\n";
        CoreDump f = Simulation.run(CheckpointRestoreTest.assemble("f.s", bad),
                CheckpointRestoreTest.config(1, 1, 2000, List.of()), Console.silent(), RunOptions.LOGS).dump();
        assertThat(f.trigger().cause()).isEqualTo("FAULT");
        assertThat(f.trigger().fault()).isEqualTo("DIVISION_BY_ZERO");
        assertThat(f.trigger().pc()).isEqualTo(1);
        assertThat(f.trigger().ic()).isEqualTo(2);
    }

    @Test
    void missingFileIsAOneLineError(@TempDir Path dir) {
        assertThatThrownBy(() -> CoreDumpReader.read(dir.resolve("nope.fdr")))
                .isInstanceOf(DumpFormatException.class).hasMessageContaining("nope.fdr: no such file");
    }

    @Test
    void dumpHoldsTriggerFinalStateAndProgram() {
        assertThat(dump.trigger().cause()).isIn("ALL_HALTED", "CYCLE_LIMIT");
        assertThat(dump.finalRegisters()).hasSize(2);
        assertThat(dump.dmaEngines()).isPositive();
        assertThat(dump.program().code().length()).isPositive();
        assertThat(dump.configText()).contains("checkpoint:").contains("interval: \"100000 cycles\"");
        assertThat(dump.summary().quiesceCycles()).isGreaterThanOrEqualTo(10_000L * (dump.summary().checkpointsTaken() - 1));
        // every retained checkpoint after the first resumed no earlier than its cycle + the fixed cost
        for (var c : dump.checkpoints()) {
            if (c.number() > 0) {
                assertThat(c.quiesceCycles()).isGreaterThanOrEqualTo(10_000L);
            }
        }
    }
}
