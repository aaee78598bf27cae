package org.fdrsim.debugadapter;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.cpu.program.SourceLocation;

/**
 * The program image's line table seen as files on disk: which {@code .s} file and line a code
 * index came from, and which code indices a source breakpoint on a file's line stands for.
 * File names in the image are as the assembler was given them; they are resolved against a
 * source root (the client's working directory by default) to the absolute paths a DAP client
 * shows and sends back.
 */
final class SourceMap {
    private final ProgramImage program;
    private final Path root;

    SourceMap(ProgramImage program, Path root) {
        this.program = program;
        this.root = root.toAbsolutePath().normalize();
    }

    /** The absolute path of the file code index {@code pc} came from, or null if unknown. */
    Path path(int pc) {
        SourceLocation loc = program.locationOf(pc);
        return loc == null ? null : root.resolve(loc.file()).normalize();
    }

    /** The lines of the source file the line table names {@code imageName}, or null if it cannot be read. */
    List<String> text(String imageName) {
        try {
            return Files.readAllLines(root.resolve(imageName).normalize(), StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            return null; // 'list' then says the source is not at hand
        }
    }

    /** The 1-based line code index {@code pc} came from, or 0 if unknown. */
    int line(int pc) {
        SourceLocation loc = program.locationOf(pc);
        return loc == null ? 0 : loc.line();
    }

    /**
     * Where a breakpoint asked for on {@code file}'s line {@code line} lands: the first line at
     * or after it that has instructions, and the first instruction of that line (a
     * pseudo-instruction such as {@code la} may assemble to several); none if no line has.
     */
    Placement place(Path file, int line) {
        int bestLine = Integer.MAX_VALUE;
        int bestPc = -1;
        for (int pc = 0; pc < program.sourceLines().size(); pc++) {
            SourceLocation loc = program.locationOf(pc);
            if (loc != null && loc.line() >= line && loc.line() < bestLine && sameFile(file, loc.file())) {
                bestLine = loc.line();
                bestPc = pc;
            }
        }
        return new Placement(bestPc < 0 ? 0 : bestLine, bestPc);
    }

    private boolean sameFile(Path client, String imageName) {
        Path resolved = root.resolve(imageName).normalize();
        Path asked = client.toAbsolutePath().normalize();
        return resolved.equals(asked)
                // A client whose root differs from ours still names the same file by its name.
                || !asked.startsWith(root) && asked.getFileName().equals(resolved.getFileName());
    }

    /** A breakpoint's landing line (0: none) and the code index it stops at (-1: none). */
    record Placement(int line, int pc) {
        boolean verified() {
            return pc >= 0;
        }
    }
}
