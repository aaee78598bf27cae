package org.fdrsim.cli;

import java.util.concurrent.Callable;
import java.util.Map;
import org.fdrsim.checkpoint.CheckpointSchedule;
import org.fdrsim.machine.config.ConfigLoader;
import org.fdrsim.machine.config.MachineConfig;
import org.fdrsim.cpu.sim.SimTime;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

/** {@code fdr config}: print the configuration a command would use, as YAML. */
@Command(name = "config", footerHeading = "%nExamples:%n", footer = {"  fdr config --set caches.l2.sizeKB=1024 > my.yaml", "  fdr run examples/hello.s --config my.yaml"},
        mixinStandardHelpOptions = true,
        description = {"Print the effective configuration as YAML.",
                "The FDR1 defaults with --config, --set and the shortcut options applied;",
                "save it to start a configuration file."})
final class ConfigCommand implements Callable<Integer> {
    @ParentCommand
    Main main;

    @Mixin
    MachineOptions machine;

    @Override
    public Integer call() {
        MachineConfig c = machine.build();
        main.out.print(withCycles(ConfigLoader.toYaml(c), c));
        return ExitCodes.OK;
    }

    /** The YAML with each checkpoint time followed by a comment giving it in seconds and processor cycles. */
    static String withCycles(String yaml, MachineConfig c) {
        CheckpointSchedule k = c.checkpointSchedule();
        double ghz = c.processor().clockGHz();
        Map<String, Long> cycles = Map.of("interval", k.intervalCycles(), "quiesce", k.quiesceCycles(),
                "replayIntervalTarget", k.replayIntervalTargetCycles(), "warmup", k.warmupCycles());
        StringBuilder sb = new StringBuilder();
        boolean inCheckpoint = false;
        for (String line : yaml.split("\n", -1)) {
            if (!line.startsWith(" ")) {
                inCheckpoint = line.startsWith("checkpoint:");
            }
            sb.append(line);
            String key = line.strip().split(":", 2)[0];
            if (inCheckpoint && line.startsWith("  ") && cycles.containsKey(key)) {
                sb.append("  # ").append(SimTime.describe(cycles.get(key), ghz).replaceFirst(" (cycles?)\\)$", " processor $1)"));
            }
            sb.append('\n');
        }
        return sb.substring(0, sb.length() - 1);
    }
}
