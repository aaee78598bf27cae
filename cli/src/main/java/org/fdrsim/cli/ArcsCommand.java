package org.fdrsim.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.fdrsim.cpu.io.Console;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.machine.config.ConfigException;
import org.fdrsim.machine.config.ConfigLoader;
import org.fdrsim.machine.config.MachineConfig;
import org.fdrsim.recorder.check.SoundnessChecker;
import org.fdrsim.recorder.check.SoundnessReport;
import org.fdrsim.recorder.policy.PolicyName;
import org.fdrsim.recorder.policy.ReductionExplanation;
import org.fdrsim.recorder.race.ArcLog;
import org.fdrsim.recorder.race.RaceEntry;
import org.fdrsim.recorder.trace.AccessTrace;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code fdr arcs FILE}: run a (small) program with the recorder and print the arcs a policy
 * logs, one {@code i:ic -> j:ic} a line; {@code --compare} prints every policy's count on the
 * same execution with the soundness checker's verdict instead; {@code --explain} gives each
 * conflict arc and why FDR logged it or could drop it.
 */
@Command(name = "arcs", footerHeading = "%nExamples:%n", footer = {"  fdr arcs examples/racy-counter.s --cpus 2", "  fdr arcs examples/message-passing.s --compare"},
        mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Print the race arcs a recorder policy logs for a program.",
                "Arcs print as 'i:ic -> j:ic'; --compare runs every policy on the same execution."})
final class ArcsCommand implements Callable<Integer> {
    @ParentCommand
    Main main;

    @Parameters(paramLabel = "FILE", description = "Assembly source (.s).")
    Path file;

    @Mixin
    MachineOptions machine;

    @Option(names = "--policy", paramLabel = "P", description = "fdr (default), all-arcs, netzer (reference reduction from the access trace) or none.")
    String policy = "fdr";

    @Option(names = "--cic16", description = "16-bit CICs (send min((IC & ~0xffff) | CIC, IC)).")
    boolean cic16;

    @Option(names = "--compare", description = "Print arcs and bytes per 1000 instructions of every policy and check each log.")
    boolean compare;

    @Option(names = "--explain", description = "Print every conflict arc (all-arcs) and why FDR needs it: 'logged', or "
            + "'implied by <logged arc> via <program-order path>'.")
    boolean explain;

    @Override
    public Integer call() {
        PolicyName chosen;
        try {
            chosen = PolicyName.parse(policy);
        } catch (IllegalArgumentException e) {
            throw new UserError("--policy: " + e.getMessage(), e);
        }
        MachineConfig config = RecordedRuns.withRecorder(machine.build(), true);
        if (cic16) {
            try {
                config = new ConfigLoader(config).set("recorder.cic16", "true").build();
            } catch (ConfigException e) {
                throw new UserError(e.getMessage(), e);
            }
        }
        ProgramImage program = ProgramLoader.load(file);
        RecordedRuns.Run run = RecordedRuns.run(program, config, Console.silent(), true);
        AccessTrace trace = run.recorder().trace();
        int agents = config.cpus();
        if (compare) {
            long instructions = run.result().instructions();
            main.out.printf("%d instructions, %d accesses, %d cycles (seed %d)%n", instructions, trace.size(),
                    run.result().cycles(), config.seed());
            main.out.printf("%-9s %8s %14s  %s%n", "policy", "arcs", "B/1000 instr", "soundness check");
            for (PolicyName p : PolicyName.values()) {
                ArcLog arcs = arcs(run, p, trace, agents);
                SoundnessReport report = SoundnessChecker.check(trace, arcs, agents);
                main.out.printf("%-9s %8d %14.2f  %s%n", p, arcs.size(),
                        instructions == 0 ? 0.0 : arcs.size() * (double) RaceEntry.BYTES * 1000 / instructions,
                        report.sound() ? "sound" : "UNSOUND: " + report.firstViolation());
            }
            return ExitCodes.OK;
        }
        if (explain) {
            ReductionExplanation x = ReductionExplanation.of(run.recorder().arcs(PolicyName.ALL_ARCS),
                    run.recorder().arcs(PolicyName.FDR));
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < x.size(); i++) {
                sb.append(x.arcs().line(i)).append("  ").append(x.reason(i)).append('\n');
            }
            sb.append(x.size()).append(" conflict arcs: ").append(x.loggedCount()).append(" logged, ")
                    .append(x.impliedCount()).append(" implied\n");
            main.out.print(sb);
            return ExitCodes.OK;
        }
        ArcLog arcs = arcs(run, chosen, trace, agents);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < arcs.size(); i++) {
            sb.append(arcs.line(i)).append('\n');
        }
        main.out.print(sb);
        return ExitCodes.OK;
    }

    private static ArcLog arcs(RecordedRuns.Run run, PolicyName p, AccessTrace trace, int agents) {
        return p == PolicyName.NETZER ? trace.netzer().arcs() : run.recorder().arcs(p);
    }
}
