package org.fdrsim.cpu.asm;

import java.util.Map;
import org.fdrsim.cpu.isa.Instruction;
import org.fdrsim.cpu.program.ProgramImage;

/** Helpers shared by the assembler tests. */
final class Asm {
    private Asm() {}

    /** Assembles an in-memory program named t.s with no includes. */
    static ProgramImage assemble(String source) throws AssemblyException {
        return Assembler.assemble("t.s", source, IncludeResolver.none());
    }

    /** Assembles a program made of these lines. */
    static ProgramImage lines(String... lines) throws AssemblyException {
        return assemble(String.join("\n", lines) + "\n");
    }

    /** The single instruction of "_start: line". */
    static Instruction one(String line) throws AssemblyException {
        return assemble("_start: " + line + "\n").code().get(0);
    }

    /** The one-line message of the error this program causes. */
    static String error(String source) {
        return error(source, Map.of());
    }

    /** The one-line message of the error this program, with in-memory includes, causes. */
    static String error(String source, Map<String, String> files) {
        try {
            Assembler.assemble("t.s", source, IncludeResolver.of(files));
        } catch (AssemblyException e) {
            return e.getMessage();
        }
        throw new AssertionError("expected an AssemblyException for:\n" + source);
    }
}
