package org.fdrsim.cpu.asm;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fdrsim.cpu.files.ReadProblem;
import org.fdrsim.cpu.isa.Instruction;
import org.fdrsim.cpu.program.Code;
import org.fdrsim.cpu.program.DataSegment;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.cpu.program.SourceLocation;
import org.fdrsim.cpu.program.Symbol;
import org.fdrsim.cpu.program.SymbolTable;

/**
 * Turns assembly source (DESIGN.md 2.1) into a {@link ProgramImage}.
 *
 * <p>Steps: read and parse every line, expanding {@code .include}; declare all names; pass 1
 * lays out code indices and data addresses and binds labels; pass 2 evaluates operands and
 * data values. The first error stops assembly with an {@link AssemblyException}.
 *
 * <p>{@code .ascii} does not add a terminating NUL; write {@code .byte 0} after it for a
 * C-style string.
 */
public final class Assembler {
    private Assembler() {}

    /**
     * Assembles a UTF-8 file. Locations name the file as given; included files are named
     * relative to it (see {@link SourceNames#resolve}). The image is named after the file name.
     */
    public static ProgramImage assemble(Path file) throws AssemblyException {
        String name = file.toString();
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new AssemblyException(new SourceLocation(name, 0, 0), "cannot read the program: "
                    + ReadProblem.of(e) + ", expected a readable UTF-8 text file", e);
        }
        Path fileName = file.getFileName();
        return assemble(name, fileName == null ? name : fileName.toString(), text, IncludeResolver.fileSystem());
    }

    /** Assembles source held in memory; {@code name} names it in locations and in the image. */
    public static ProgramImage assemble(String name, String source, IncludeResolver resolver) throws AssemblyException {
        return assemble(name, name, source, resolver);
    }

    private static ProgramImage assemble(String sourceName, String imageName, String source, IncludeResolver resolver)
            throws AssemblyException {
        List<Statement> program = SourceReader.read(sourceName, source, resolver);
        SymbolScope scope = SymbolScope.declare(program);
        Layout layout = Layout.run(program, scope);
        Encoder encoder = new Encoder(scope);
        List<Instruction> instructions = encoder.instructions(layout.code());
        List<DataSegment> data = encoder.data(layout.data());

        List<Symbol> symbols = new ArrayList<>(scope.labels());
        symbols.addAll(scope.constants(program));
        int entry = entry(scope, sourceName, instructions.size());

        List<SourceLocation> lines = new ArrayList<>(layout.code().size());
        for (Statement.Instr s : layout.code()) {
            lines.add(s.where());
        }
        return new ProgramImage(imageName, new Code(instructions), List.copyOf(data), new SymbolTable(symbols),
                List.copyOf(lines), entry);
    }

    private static int entry(SymbolScope scope, String mainFile, int instructions) throws AssemblyException {
        Symbol start = scope.label(ProgramImage.ENTRY_LABEL);
        if (start == null && scope.definedAt(ProgramImage.ENTRY_LABEL) != null) {
            throw new AssemblyException(scope.definedAt(ProgramImage.ENTRY_LABEL), "'" + ProgramImage.ENTRY_LABEL
                    + "' is a constant, expected the entry point '" + ProgramImage.ENTRY_LABEL + ":' in .text");
        }
        if (start == null) {
            throw new AssemblyException(new SourceLocation(mainFile, 1, 1), "no '" + ProgramImage.ENTRY_LABEL
                    + "' label, expected the entry point '" + ProgramImage.ENTRY_LABEL + ":' in .text");
        }
        if (start.kind() != Symbol.Kind.TEXT) {
            throw new AssemblyException(scope.definedAt(ProgramImage.ENTRY_LABEL), "'" + ProgramImage.ENTRY_LABEL
                    + "' is a data label, expected the entry point '" + ProgramImage.ENTRY_LABEL + ":' in .text");
        }
        if (start.value() >= instructions) {
            // the first fetch would fault, and a core dump's reader refuses an entry outside the code
            throw new AssemblyException(scope.definedAt(ProgramImage.ENTRY_LABEL), "'" + ProgramImage.ENTRY_LABEL
                    + "' labels the end of the code (" + instructions + (instructions == 1 ? " instruction" : " instructions")
                    + "), expected it on an instruction, e.g. '" + ProgramImage.ENTRY_LABEL + ": halt'");
        }
        return (int) start.value();
    }
}
