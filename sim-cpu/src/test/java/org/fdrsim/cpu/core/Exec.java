package org.fdrsim.cpu.core;

import java.nio.charset.StandardCharsets;
import org.fdrsim.cpu.asm.Assembler;
import org.fdrsim.cpu.asm.AssemblyException;
import org.fdrsim.cpu.asm.IncludeResolver;
import org.fdrsim.cpu.functional.FunctionalConfig;
import org.fdrsim.cpu.functional.FunctionalMachine;
import org.fdrsim.cpu.run.RunResult;
import org.fdrsim.cpu.io.Console;
import org.fdrsim.cpu.program.ProgramImage;

/** Test helper: assemble a snippet and run it on the functional machine. */
final class Exec {
    final FunctionalMachine machine;
    final RunResult result;

    private Exec(FunctionalMachine machine, RunResult result) {
        this.machine = machine;
        this.result = result;
    }

    static ProgramImage assemble(String source) {
        try {
            return Assembler.assemble("test.s", source, IncludeResolver.none());
        } catch (AssemblyException e) {
            throw new AssertionError(e.getMessage(), e);
        }
    }

    /** Runs {@code body} (text section, starting at _start) on one processor until it stops. */
    static Exec body(String body) {
        return program(".text\n_start:\n" + body + "\nhalt\n", 1, "");
    }

    static Exec program(String source, int cpus, String input) {
        return program(source, FunctionalConfig.of(cpus, 1).withLimits(10_000_000, 0), input);
    }

    static Exec program(String source, FunctionalConfig config, String input) {
        FunctionalMachine m = new FunctionalMachine(assemble(source), config,
                new Console(input.getBytes(StandardCharsets.UTF_8), null));
        return new Exec(m, m.run());
    }

    long reg(int r) {
        return machine.cpu(0).register(r);
    }

    Processor cpu() {
        return machine.cpu(0);
    }
}
