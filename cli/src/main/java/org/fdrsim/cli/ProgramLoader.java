package org.fdrsim.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.fdrsim.cpu.asm.Assembler;
import org.fdrsim.cpu.asm.AssemblyException;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.recorder.dump.CoreDumpReader;

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
        if (isDump(file)) {
            throw new UserError("'" + file + "' is a core dump, expected an assembly program (e.g. examples/hello.s);"
                    + " fdr replay, inspect, debug and view read dumps");
        }
        try {
            return Assembler.assemble(file);
        } catch (AssemblyException e) {
            throw new UserError(e.getMessage(), e);
        }
    }

    /** Whether {@code file} starts with a dump's magic (unreadable: no; the assembler reports why). */
    private static boolean isDump(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            return CoreDumpReader.startsAsDump(in.readNBytes(CoreDumpReader.MAGIC_BYTES));
        } catch (IOException e) {
            return false;
        }
    }
}
