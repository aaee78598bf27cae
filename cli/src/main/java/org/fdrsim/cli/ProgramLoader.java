package org.fdrsim.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import org.fdrsim.cpu.asm.Assembler;
import org.fdrsim.cpu.asm.AssemblyException;
import org.fdrsim.cpu.program.ProgramImage;

/** Reads and assembles a program named on the command line, turning failures into user errors. */
final class ProgramLoader {
    private ProgramLoader() {}

    static ProgramImage load(Path file) {
        if (Files.isDirectory(file)) {
            throw new UserError("cannot read '" + file + "': it is a directory (expected an assembly program, e.g. "
                    + "examples/hello.s)");
        }
        if (!Files.isRegularFile(file)) {
            throw new UserError("cannot read '" + file + "': no such file (expected an assembly program, e.g. examples/hello.s)");
        }
        try {
            return Assembler.assemble(file);
        } catch (AssemblyException e) {
            throw new UserError(e.getMessage(), e);
        }
    }
}
