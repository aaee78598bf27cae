package org.fdrsim.replayer;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.fdrsim.cpu.asm.Assembler;
import org.fdrsim.cpu.asm.AssemblyException;
import org.fdrsim.cpu.io.Console;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.machine.RunOptions;
import org.fdrsim.machine.Simulation;
import org.fdrsim.machine.config.MachineConfig;
import org.fdrsim.recorder.dump.CoreDump;
import org.fdrsim.recorder.dump.CoreDumpReader;
import org.fdrsim.recorder.dump.CoreDumpWriter;
import org.fdrsim.recorder.dump.DumpFormatException;
import org.fdrsim.workloads.KernelPrograms;
import org.junit.jupiter.api.Timeout;

/**
 * Coverage-guided fuzz target for recording and replay over programs: any text the assembler
 * accepts is run on the timed machine with FDR, its dump written and read back, and replayed
 * from every retained checkpoint: the replay must be bit-exact, whatever the program does
 * (faults, device registers, interrupts, spins, self-racing stores), and nothing may throw.
 * This is the replayer's claim as a property over programs nobody wrote for it; {@code fdr
 * verify} checks it over perturbed runs of programs that were.
 *
 * <p>Input: the first byte picks the machine (bits 0-1: 1 to 4 processors; bit 2: the devices
 * on; bits 3-7: the seed, 1 to 32, which perturbs the latencies and so the interleaving), the
 * rest is the program. Runs are bounded (20,000 instructions, 20 M cycles) and
 * checkpointed every 5,000 cycles, so a dump has several intervals. Seeds (the examples) and
 * findings: {@code src/test/resources/org/fdrsim/replayer/ProgramReplayFuzzTestInputs/recordAndReplay/}.
 */
class ProgramReplayFuzzTest {
    @FuzzTest(maxDuration = "10m")
    @Timeout(30)
    void recordAndReplay(byte[] input) throws DumpFormatException {
        int shape = input.length == 0 ? 0 : Byte.toUnsignedInt(input[0]);
        String source = new String(input.length == 0 ? input : Arrays.copyOfRange(input, 1, input.length),
                StandardCharsets.UTF_8);
        ProgramImage program;
        try {
            // named as a full-system program, so that its includes of the kernel and devices.inc resolve
            program = Assembler.assemble("programs/fullsys/fuzz.s", source, KernelPrograms.resources());
        } catch (AssemblyException e) {
            return; // the assembler's own target checks its refusals
        }
        MachineConfig config = Recording.config(1 + (shape & 3), 1 + (shape >> 3), List.of("limits.maxInstructions=20000",
                "limits.maxCycles=20000000", "checkpoint.interval=5000 cycles", "checkpoint.quiesce=100 cycles",
                "devices.enabled=" + ((shape & 4) != 0)));
        CoreDump recorded = Simulation.run(program, config, Console.silent(), RunOptions.LOGS).dump();
        CoreDump dump = CoreDumpReader.read(CoreDumpWriter.toBytes(recorded), "fuzz.fdr");
        for (int k = 0; k < dump.checkpoints().size(); k++) {
            Verdict v = DumpReplay.verify(dump, k);
            assertThat(v.bitExact()).as("replay from retained checkpoint %d: %s", k, v.describe()).isTrue();
        }
    }
}
