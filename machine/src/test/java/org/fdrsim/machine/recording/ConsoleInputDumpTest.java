package org.fdrsim.machine.recording;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fdrsim.cpu.io.Console;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.machine.RunOptions;
import org.fdrsim.machine.Simulation;
import org.fdrsim.recorder.dump.CoreDump;
import org.fdrsim.recorder.dump.CoreDumpReader;
import org.fdrsim.recorder.dump.CoreDumpWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A run given console input keeps it in its dump (section CINP), so that the run can be
 * re-executed from the dump alone; a run given none writes the dump it always wrote.
 */
class ConsoleInputDumpTest {
    static final byte[] INPUT = "abc\n".getBytes(StandardCharsets.US_ASCII);

    private static CoreDump record(List<String> sets, byte[] input) {
        ProgramImage p = CheckpointRestoreTest.file("examples", "echo-input.s");
        return Simulation.run(p, CheckpointRestoreTest.config(2, 1, 100_000, sets), new Console(input, null),
                RunOptions.LOGS).dump();
    }

    private static List<String> names(byte[] bytes) {
        return CoreDumpFileTest.sections(bytes).stream().map(CoreDumpFileTest.Section::name).toList();
    }

    @Test
    void aRunGivenConsoleInputKeepsItAndReadsItBack(@TempDir Path dir) throws Exception {
        CoreDump d = record(List.of("devices.consoleInput=in.txt"), INPUT);
        assertThat(d.consoleInput()).isEqualTo(INPUT);
        byte[] bytes = CoreDumpWriter.toBytes(d);
        assertThat(names(bytes)).endsWith("summary", "console input", "end");
        Path f = dir.resolve("echo.fdr");
        CoreDumpWriter.write(d, f);
        CoreDump back = CoreDumpReader.read(f);
        assertThat(back.consoleInput()).isEqualTo(INPUT);
        assertThat(back.sameContent(d)).isTrue();
        assertThat(back.withConsoleInput(null).sameContent(d)).isFalse();
        assertThat(CoreDumpWriter.toBytes(back)).isEqualTo(bytes);
    }

    @Test
    void aRunGivenNoConsoleInputHasNoSection() {
        CoreDump d = record(List.of(), new byte[0]);
        assertThat(d.keepsConsoleInput()).isFalse();
        assertThat(names(CoreDumpWriter.toBytes(d))).doesNotContain("console input").endsWith("summary", "end");
        // an empty input file is still input the run was given: kept, zero bytes
        CoreDump empty = record(List.of("devices.consoleInput=empty.txt"), new byte[0]);
        assertThat(empty.consoleInput()).isEmpty();
        assertThat(names(CoreDumpWriter.toBytes(empty))).endsWith("summary", "console input", "end");
    }

    /** The section's damage is named, with and without the validation section in front of it. */
    @ParameterizedTest(name = "validated {0}")
    @ValueSource(booleans = {false, true})
    void aDamagedConsoleInputSectionIsNamed(boolean validated) {
        List<String> sets = new ArrayList<>(List.of("devices.consoleInput=in.txt"));
        if (validated) {
            sets.add("recorder.validate=true");
        }
        byte[] bytes = CoreDumpWriter.toBytes(record(sets, INPUT));
        assertThat(names(bytes).contains("validation")).isEqualTo(validated);
        CoreDumpFileTest.Section s = CoreDumpFileTest.sections(bytes).stream()
                .filter(x -> x.name().equals("console input")).findFirst().orElseThrow();
        for (int at : new int[] {s.headerOffset(), s.headerOffset() + 3, s.headerOffset() + 13, s.payloadOffset(),
                s.payloadOffset() + s.length() - 1}) {
            byte[] d = bytes.clone();
            d[at] ^= 0x04;
            assertThat(CoreDumpFileTest.refusal(d)).as("flip at %d", at)
                    .startsWith("run.fdr: section 'console input' checksum mismatch");
        }
        byte[] cut = java.util.Arrays.copyOf(bytes, s.payloadOffset() + 1);
        assertThat(CoreDumpFileTest.refusal(cut)).contains("section 'console input' truncated");
    }
}
