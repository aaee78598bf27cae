package org.fdrsim.cli;

import java.io.PrintStream;
import org.fdrsim.machine.config.MachineConfig;
import org.fdrsim.cpu.sim.SimTime;
import org.fdrsim.recorder.HardwareState;
import org.fdrsim.recorder.buffer.LogKind;
import org.fdrsim.recorder.buffer.LogTotals;
import org.fdrsim.recorder.policy.PolicyName;
import org.fdrsim.recorder.race.ArcLog;
import org.fdrsim.recorder.race.Piggyback;
import org.fdrsim.recorder.race.RaceEntry;
import org.fdrsim.recorder.session.RecordingSession;

/** What {@code fdr run --record} prints after the run: logs, hardware, policies, slowdown. */
final class RecordReport {
    private RecordReport() {}

    static void print(PrintStream out, MachineConfig config, RecordedRuns.Run recorded, RecordedRuns.Run baseline) {
        RecordingSession r = recorded.recorder();
        // ICs restart at every checkpoint: the run's count is the machine's, not the last interval's
        long instructions = recorded.machine().instructionsSoFar();
        long cycles = recorded.result().cycles();
        long base = baseline.result().cycles();
        double clock = config.processor().clockGHz();
        int cpus = config.cpus();
        out.printf("recorded run: %d instructions in all (%d in the last checkpoint interval), %s simulated, %d checkpoints%n",
                instructions, recorded.result().instructions(), SimTime.describe(cycles, clock), r.checkpoints().taken());
        out.printf("cycles: %d recorded, %d without the recorder (same seed): slowdown %+.2f%%%n", cycles, base,
                base == 0 ? 0.0 : 100.0 * (cycles - base) / base);
        long stalls = 0;
        long stallCycles = 0;
        for (LogKind k : LogKind.values()) {
            stalls += r.logs().totals(k).stalls();
            stallCycles += r.logs().totals(k).stallCycles();
        }
        out.printf("recorder: policy %s, %s CICs, %d replies carried FDR's %d bytes, log-buffer stalls %d (%d cycles, "
                + "all logs; per log below)%n", r.options().policy(), r.options().cic16() ? "16-bit" : "32-bit",
                r.race().repliesSent(), Piggyback.WIRE_BYTES, stalls, stallCycles);
        HardwareState hw = r.hardwareState();
        int frames = recorded.machine().memorySystem().cache(0).l2Frames();
        out.printf("hardware per core: IC %d B, VIC %d B, CIC %d B (%.2f%% of the L2), total %d B%n", hw.icBytes(),
                hw.vicBytes(), hw.cicBytes(), 100 * hw.cicOverhead(frames), hw.totalBytes());
        out.printf("%-17s %9s %11s %13s %13s %14s %14s %9s %13s%n", "log", "entries", "raw B", "compressed B",
                "B/1000 instr", "MB/s/cpu raw", "MB/s/cpu LZ", "stalls", "stall cycles");
        for (LogKind k : LogKind.values()) {
            LogTotals t = r.logs().totals(k);
            out.printf("%-17s %9d %11d %13d %13.2f %14.4f %14.4f %9d %13d%n", k.key(), t.entries(), t.rawBytes(),
                    t.compressedBytes(), t.bytesPerKiloInstruction(instructions),
                    t.mbPerSecondPerCpu(cycles, cpus, clock, false), t.mbPerSecondPerCpu(cycles, cpus, clock, true),
                    t.stalls(), t.stallCycles());
        }
        for (LogKind k : LogKind.values()) {
            LogTotals t = r.logs().totals(k);
            if (t.compressedBytes() > t.rawBytes()) {
                out.printf("note: LZ made the %s log larger than raw (%d > %d B): LZ4 adds a few bytes per chunk, "
                        + "and these entries have nothing to repeat%n", k.key(), t.compressedBytes(), t.rawBytes());
            }
        }
        out.printf("reserved memory: %d of %d B used%s%n", r.logs().reserve().usedBytes(),
                r.logs().reserve().capacityBytes(), r.logs().reserve().overflowed() ? " (OVERFLOWED)" : "");
        out.println("policies on this execution (race log, uncompressed):");
        for (PolicyName p : PolicyName.values()) {
            ArcLog arcs = r.arcs(p);
            if (arcs != null) {
                out.printf("  %-9s %8d arcs %10.2f B/1000 instr%n", p, arcs.total(),
                        instructions == 0 ? 0.0 : arcs.total() * (double) RaceEntry.BYTES * 1000 / instructions);
            }
        }
    }
}
