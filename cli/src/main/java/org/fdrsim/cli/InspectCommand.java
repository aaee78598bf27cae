package org.fdrsim.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.fdrsim.cpu.text.OneLine;
import org.fdrsim.recorder.buffer.LogKind;
import org.fdrsim.recorder.dump.CheckpointState;
import org.fdrsim.cpu.sim.SimTime;
import org.fdrsim.recorder.dump.CoreDump;
import org.fdrsim.recorder.dump.DumpSummary;
import org.fdrsim.recorder.buffer.LogSegment;
import org.fdrsim.recorder.dump.TriggerInfo;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code fdr inspect run.fdr}: what a core dump holds: the trigger, the retained checkpoints
 * (cycles, ICs), the replay interval, every log's size raw and compressed, reserved memory use.
 * A damaged or foreign file is refused with one line and exit status 2.
 */
@Command(name = "inspect", footerHeading = "%nExamples:%n", footer = {"  fdr inspect run.fdr", "  fdr inspect demo.fdr    (after 'fdr demo')"},
        mixinStandardHelpOptions = true,
        description = "Describe a core dump: trigger, checkpoints, replay interval, log sizes, reserved memory.")
final class InspectCommand implements Callable<Integer> {
    @ParentCommand
    Main main;

    @Parameters(paramLabel = "DUMP", description = "A core dump written by 'fdr record'.")
    Path file;

    @Override
    public Integer call() {
        CoreDump d = DumpLoader.load(file);
        var out = main.out;
        DumpSummary s = d.summary();
        out.printf("core dump: %s (format %d), program %s, %d cpus, %d DMA engines, seed %d%n", OneLine.of(file),
                d.formatVersion(), d.program().name(), d.cpus(), d.dmaEngines(), d.seed());
        TriggerInfo t = d.trigger();
        out.printf("trigger: %s%s%n", t.cause(), t.cpu() < 0 ? ""
                : String.format(" on cpu %d at pc %d, ic %d, %s %d (0x%x)", t.cpu(), t.pc(), t.ic(),
                        t.fault().isEmpty() ? "code" : t.fault(), t.code(), t.code()));
        out.printf("  %s%n", t.description());
        double ghz = clockGHz(d);
        out.printf("cycles: %d = %s; instructions: %d%n", s.cycles(), SimTime.seconds(s.cycles() / (ghz * 1e9)), s.instructions());
        out.printf("checkpoints: %d taken, %d retained, %d dropped (%d early: reserved memory full); quiesce %d cycles in all%n",
                s.checkpointsTaken(), d.checkpoints().size(), s.checkpointsDropped(), s.checkpointsDroppedEarly(),
                s.quiesceCycles());
        out.printf("replay interval: %d cycles = %s from the oldest retained checkpoint (target %d cycles = %s)%n",
                replayInterval(d), SimTime.seconds(replayInterval(d) / (ghz * 1e9)), s.replayIntervalTargetCycles(),
                SimTime.seconds(s.replayIntervalTargetCycles() / (ghz * 1e9)));
        for (int k = 0; k < d.checkpoints().size(); k++) {
            CheckpointState c = d.checkpoints().get(k);
            StringBuilder ics = new StringBuilder();
            for (int cpu = 0; cpu < d.cpus(); cpu++) {
                ics.append(cpu == 0 ? "" : " ").append(d.intervalEndIc(k, cpu));
            }
            out.printf("  #%d checkpoint %d at cycle %d = %s (quiesce %d): interval ICs [%s], log bytes %d raw / %d compressed%n",
                    k, c.number(), c.cycle(), SimTime.seconds(c.cycle() / (ghz * 1e9)), c.quiesceCycles(), ics, raw(c, null),
                    packed(c, null));
        }
        out.println("logs over the retained intervals:");
        out.printf("  %-17s %9s %12s %12s %7s%n", "log", "entries", "raw B", "compressed B", "ratio");
        long rawAll = 0;
        long packedAll = 0;
        for (LogKind k : LogKind.values()) {
            long entries = 0;
            long raw = 0;
            long packed = 0;
            for (CheckpointState c : d.checkpoints()) {
                for (LogSegment seg : c.segments(k)) {
                    entries += seg.entries();
                }
                raw += raw(c, k);
                packed += packed(c, k);
            }
            rawAll += raw;
            packedAll += packed;
            out.printf("  %-17s %9d %12d %12d %7s%n", k.key(), entries, raw, packed, ratio(raw, packed));
        }
        out.printf("  %-17s %9s %12d %12d %7s%n", "total", "", rawAll, packedAll, ratio(rawAll, packedAll));
        if (!s.logStalls().isEmpty()) {
            StringBuilder stalls = new StringBuilder();
            for (int k = 0; k < s.logStalls().size() && k < LogKind.values().length; k++) {
                stalls.append(k == 0 ? "" : ", ").append(LogKind.values()[k].key()).append(' ')
                        .append(s.logStalls().get(k)).append(" (").append(s.logStallCycles().get(k)).append(" cycles)");
            }
            out.println("log-buffer stalls over the whole run (a full buffer makes its producer wait): " + stalls);
        }
        out.printf("reserved memory: %d of %d bytes held at the trigger (%.2f%%), peak %d%n", s.reservedUsedBytes(),
                s.reservedCapacityBytes(), s.reservedCapacityBytes() == 0 ? 0.0
                        : 100.0 * s.reservedUsedBytes() / s.reservedCapacityBytes(), s.reservedPeakBytes());
        out.printf("memory image: %d pages of 4 KB%n", d.memoryImage().pageCount());
        if (d.keepsConsoleInput()) {
            out.printf("console input: %d bytes, kept so that 'fdr view' can re-execute the run%n",
                    d.consoleInput().length);
        }
        return ExitCodes.OK;
    }

    /** The processor clock the dump's configuration names (FDR1's 4 GHz if it cannot be read). */
    static double clockGHz(CoreDump d) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?m)^\\s+clockGHz:\\s*([0-9.]+)").matcher(d.configText());
        if (m.find()) {
            double g = Double.parseDouble(m.group(1));
            if (g > 0) {
                return g;
            }
        }
        return 4.0;
    }

    /** Cycles from the oldest retained checkpoint to the trigger. */
    static long replayInterval(CoreDump d) {
        return d.checkpoints().isEmpty() ? 0 : d.summary().cycles() - d.checkpoints().get(0).cycle();
    }

    /** The retained checkpoints' cycles, e.g. "0, 5000, 10000". */
    static String cycles(CoreDump d) {
        StringBuilder sb = new StringBuilder("at cycles ");
        for (int i = 0; i < d.checkpoints().size(); i++) {
            sb.append(i == 0 ? "" : ", ").append(d.checkpoints().get(i).cycle());
        }
        return sb.toString();
    }

    private static long raw(CheckpointState c, LogKind kind) {
        long n = 0;
        for (LogSegment s : c.logs()) {
            if (kind == null || s.kind() == kind) {
                n += s.rawBytes();
            }
        }
        return n;
    }

    private static long packed(CheckpointState c, LogKind kind) {
        long n = 0;
        for (LogSegment s : c.logs()) {
            if (kind == null || s.kind() == kind) {
                n += s.compressedBytes();
            }
        }
        return n;
    }

    private static String ratio(long raw, long packed) {
        return packed == 0 ? "-" : String.format("%.2f", (double) raw / packed);
    }
}
