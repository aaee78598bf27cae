package org.fdrsim.cli;

import java.util.concurrent.Callable;
import org.fdrsim.machine.config.ConfigLoader;
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
        main.out.print(ConfigLoader.toYaml(machine.build()));
        return ExitCodes.OK;
    }
}
