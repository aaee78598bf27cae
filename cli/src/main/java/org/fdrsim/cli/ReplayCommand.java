package org.fdrsim.cli;

import java.util.concurrent.Callable;
import org.fdrsim.cpu.text.OneLine;
import org.fdrsim.recorder.dump.CoreDump;
import org.fdrsim.replayer.DumpReplay;
import org.fdrsim.replayer.ReplayInput;
import org.fdrsim.replayer.ReplayParallelism;
import org.fdrsim.replayer.ReplayProbe;
import org.fdrsim.replayer.ReplayProgress;
import org.fdrsim.replayer.ValidationProbe;
import org.fdrsim.replayer.Verdict;
import org.fdrsim.replayer.Verifier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code fdr replay run.fdr [--from-checkpoint K]}: restore memory at a retained checkpoint from
 * the dump alone, replay every processor under its logs to the trigger, and compare every
 * register and memory word with the dump.
 */
@Command(name = "replay", footerHeading = "%nExamples:%n", footer = {"  fdr replay run.fdr", "  fdr replay run.fdr --from-checkpoint 1 --schedules 5"},
        mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Replay a core dump from a retained checkpoint and verify it bit for bit.",
                "Exit status 0: bit-exact; 3: divergence (the report names the first divergent point)."})
final class ReplayCommand implements Callable<Integer> {
    @ParentCommand
    Main main;

    @Mixin
    ReplayStart start = new ReplayStart();

    @Option(names = "--schedules", paramLabel = "N", description = "Replay under N schedules (forward, reverse, then shuffled roots); each must be bit-exact. Default: ${DEFAULT-VALUE}.")
    int schedules = Verifier.DEFAULT_SCHEDULES;

    @Override
    public Integer call() {
        CoreDump dump = DumpLoader.load(start.file);
        if (schedules < 1) {
            throw new UserError("--schedules: expected 1 or more, got " + schedules);
        }
        ReplayInput input;
        try {
            input = DumpReplay.input(dump, start.from);
        } catch (IllegalArgumentException e) {
            throw new UserError("--from-checkpoint: " + e.getMessage(), e);
        }
        ReplayProbe probe = DumpReplay.probe(dump);
        ReplayProgress progress = new ReplayProgress();
        Verdict v;
        // Every schedule replays the whole logged execution, so the bar's end is their sum.
        try (SimulationProgress bar = SimulationProgress.start("replay", progress::instructions,
                input.loggedInstructions() * schedules, () -> "")) {
            v = Verifier.verify(input, probe, DumpReplay.expected(dump), schedules, progress);
        }
        ReplayParallelism par = ReplayParallelism.of(input);
        main.out.printf("replaying %s from checkpoint %d (#%d of %d retained) to the trigger (%s)%n", OneLine.of(start.file),
                dump.checkpoints().get(start.from).number(), start.from, dump.checkpoints().size(), dump.trigger().cause());
        main.out.println(v.describe().stripTrailing());
        if (probe instanceof ValidationProbe vp) {
            main.out.printf("validation trace (every %d instructions): %d state hashes and %d device stores checked"
                    + "%s%n", dump.validation().every(), vp.hashesChecked(), vp.storesChecked(),
                    vp.window() == null ? ", all matched" : "; first divergent interval above");
        }
        main.out.printf("replay parallelism: %.2f (%d instructions, critical path %d)%n", par.figure(),
                par.instructions(), par.criticalPath());
        return v.bitExact() ? ExitCodes.OK : ExitCodes.DIVERGED;
    }
}
