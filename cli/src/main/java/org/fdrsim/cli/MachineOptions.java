package org.fdrsim.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fdrsim.machine.config.ConfigException;
import org.fdrsim.machine.config.ConfigLoader;
import org.fdrsim.machine.config.MachineConfig;
import picocli.CommandLine.Option;

/**
 * The options that choose a machine, shared by every command that runs one. The order of
 * precedence: FDR1 defaults, then {@code --config}, then {@code --set}, then the shortcuts
 * ({@code --cpus}, {@code --seed}, {@code --memory}, limits).
 */
final class MachineOptions {
    @Option(names = {"-c", "--config"}, paramLabel = "FILE", description = "Configuration (YAML or JSON); see 'fdr config'.")
    Path config;

    @Option(names = "--set", paramLabel = "PATH=VALUE", description = "Override one setting, e.g. --set caches.l2.sizeKB=1024 (repeatable).")
    List<String> set = new ArrayList<>();

    @Option(names = {"-p", "--cpus"}, paramLabel = "N", description = "Processors, 1..64 (default: the configuration's, 4).")
    Integer cpus;

    @Option(names = {"-s", "--seed"}, paramLabel = "S", description = "Seed of every random stream (scheduler, latency perturbation). Default: the configuration's, 1.")
    Long seed;

    @Option(names = "--memory", paramLabel = "MODEL", description = "timed (caches, directories, torus: the default) or ideal (one flat memory, the functional reference).")
    String memory;

    @Option(names = "--max-instructions", paramLabel = "N", description = "Stop after N instructions in all (0 = no limit).")
    Long maxInstructions;

    @Option(names = "--max-cycles", paramLabel = "N", description = "Stop at processor cycle N (0 = no limit).")
    Long maxCycles;

    /**
     * The files a run under these options reads, which no output may replace: {@code input} (the
     * program or dump, named {@code what}), the configuration file and the console input
     * {@code consoleInput} names ({@code --input} or devices.consoleInput).
     */
    List<OutputPaths.Other> reads(String what, Path input, String consoleInput) {
        return List.of(OutputPaths.read(what, input), OutputPaths.read("the configuration", config),
                OutputPaths.read("the console input", InputFiles.consoleInputFile(consoleInput)));
    }

    /** The configuration these options describe. */
    MachineConfig build() {
        try {
            ConfigLoader loader = ConfigLoader.fdr1();
            if (config != null) {
                loader.file(config);
            }
            loader.set(set);
            shortcut(loader, "cpus", cpus, "--cpus");
            shortcut(loader, "seed", seed, "--seed");
            shortcut(loader, "memory.model", memory, "--memory");
            shortcut(loader, "limits.maxInstructions", maxInstructions, "--max-instructions");
            shortcut(loader, "limits.maxCycles", maxCycles, "--max-cycles");
            MachineConfig built = loader.build();
            loader.notes().forEach(System.err::println);
            return built;
        } catch (ConfigException e) {
            throw new UserError(e.getMessage(), e);
        }
    }

    private static void shortcut(ConfigLoader loader, String path, Object value, String flag) throws ConfigException {
        if (value != null) {
            try {
                loader.set(path, String.valueOf(value));
            } catch (ConfigException e) {
                throw new ConfigException(flag + ": " + e.getMessage(), e);
            }
        }
    }
}
