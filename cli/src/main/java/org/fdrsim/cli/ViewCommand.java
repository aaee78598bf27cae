package org.fdrsim.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fdrsim.cpu.files.AtomicFile;
import org.fdrsim.cpu.text.Blanks;
import org.fdrsim.cpu.text.OneLine;
import org.fdrsim.machine.config.MachineConfig;
import org.fdrsim.recorder.dump.CheckpointState;
import org.fdrsim.recorder.dump.CoreDump;
import org.fdrsim.recorder.policy.PolicyName;
import org.fdrsim.recorder.trace.AccessTrace;
import org.fdrsim.replayer.CommitTrace;
import org.fdrsim.replayer.DumpReplay;
import org.fdrsim.replayer.ReplayInput;
import org.fdrsim.replayer.Verdict;
import org.fdrsim.replayer.Verifier;
import org.fdrsim.results.view.ExecutionView;
import org.fdrsim.results.view.ViewBuilder;
import org.fdrsim.results.view.ViewPage;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code fdr view PROGRAM.s|DUMP -o view.html}: records the run (a dump is re-executed from its
 * own program and configuration, and must come out byte-identical), replays its dump with every
 * instruction traced, and writes the paper's Figure 1 for it as one self-contained HTML page.
 */
@Command(name = "view", mixinStandardHelpOptions = true, sortOptions = false, footerHeading = "%nExamples:%n",
        footer = {"  fdr view examples/message-passing.s --cpus 2 -o mp.html",
                "  fdr view rt.fdr -o rt.html --window 0:1000-3000"},
        description = {"Draw an execution as one self-contained HTML page (the paper's Figure 1):",
                "a lane per processor and DMA engine, every conflict arc since the last",
                "checkpoint, FDR's logged arcs solid, the reduced ones dashed with the path",
                "that implies them, netzer's minimal set on a switch."})
final class ViewCommand implements Callable<Integer> {
    private static final Pattern WINDOW = Pattern.compile("(\\d+):(\\d+)-(\\d+)");

    @ParentCommand
    Main main;

    @Parameters(paramLabel = "PROGRAM.s|DUMP", description = "Assembly source (.s), or a core dump written by 'fdr record'.")
    Path file;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", required = true, description = "Where to write the page (e.g. view.html).")
    Path output;

    @Mixin
    MachineOptions machine;

    @Option(names = "--window", paramLabel = "C:IC1-IC2", description = "Show only the rows of agent C's ICs IC1..IC2 (all lanes); needed past "
            + "100,000 instructions.")
    String window;

    @Option(names = "--force", description = "Draw more than 100,000 instructions anyway.")
    boolean force;

    @Override
    public Integer call() {
        long[] win = window == null ? null : parseWindow(window);
        RunSource source = RunSource.of(file, machine);
        // before the run and its replay, not after
        OutputPaths.file("--output", output, machine.reads(source.expectedDump() == null ? "the program" : "the dump",
                file, source.keptInput() == null ? source.config().devices().consoleInput() : null));
        RecordedRuns.Run run = source.run();
        CoreDump dump = run.dump();
        List<CheckpointState> cps = dump.checkpoints();
        int last = cps.size() - 1;
        ReplayInput input = DumpReplay.input(dump, last);
        CommitTrace.Result traced = CommitTrace.replay(input);
        Verdict v = Verifier.compare(input, traced.outcome(), DumpReplay.expected(dump));
        String verdict = v.bitExact() ? "BIT-EXACT" : "DIVERGED: " + OneLine.firstLine(v.divergence().describe());
        AccessTrace trace = run.recorder().trace();
        MachineConfig config = run.machine().config();
        int agents = dump.cpus() + dump.dmaEngines();
        String title = file.getFileName() + ", " + config.cpus() + (config.cpus() == 1 ? " cpu" : " cpus") + ", seed "
                + config.seed();
        ExecutionView view;
        try {
            view = new ViewBuilder(dump.program(), traced.trace(), trace, agents, run.recorder().arcs(PolicyName.ALL_ARCS),
                    run.recorder().arcs(PolicyName.FDR), trace.netzer().arcs())
                    .sourceText(new SourceLines()::line)
                    .build(title, cps.get(last).number(), verdict, win, force);
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage(), e);
        }
        String html = ViewPage.html(view);
        try {
            AtomicFile.write(output, html.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UserError("cannot write '" + output + "': " + OutputPaths.reason(e), e);
        }
        main.out.printf("%s: %d lanes, %,d instructions%s, %d conflict arcs (%d logged, %d implied), %d netzer; replay %s%n",
                OneLine.of(output), view.lanes().size(), view.instructions(),
                view.window() == null ? "" : " in window " + view.window() + "; in the whole run",
                view.explanation().size(), view.explanation().loggedCount(), view.explanation().impliedCount(),
                view.netzer().size(), verdict.toLowerCase(java.util.Locale.ROOT));
        return ExitCodes.OK;
    }

    static long[] parseWindow(String text) {
        Matcher m = WINDOW.matcher(Blanks.strip(text));
        if (!m.matches()) {
            throw new UserError("--window '" + text + "': expected C:IC1-IC2 (agent, first and last IC), e.g. 1:100-2000");
        }
        try {
            return new long[] {Long.parseLong(m.group(1)), Long.parseLong(m.group(2)), Long.parseLong(m.group(3))};
        } catch (NumberFormatException e) {
            throw new UserError("--window '" + text + "': number too large", e);
        }
    }
}
