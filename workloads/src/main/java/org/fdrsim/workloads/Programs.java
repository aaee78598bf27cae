package org.fdrsim.workloads;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.fdrsim.cpu.asm.Assembler;
import org.fdrsim.cpu.asm.AssemblyException;
import org.fdrsim.cpu.asm.IncludeResolver;
import org.fdrsim.cpu.asm.SourceNames;
import org.fdrsim.cpu.program.ProgramImage;

/**
 * The assembly programs shipped as resources of this module, under {@code programs/} on the
 * class path. A program is named by its path below that directory without {@code .s}, for
 * example {@code splash/fft}; {@code programs/index.txt} lists them. A program's
 * {@code .include} directives are resolved against the resources beside it, the same way
 * the assembler resolves them against the files beside a program on disk.
 */
public final class Programs {
    /** The class-path directory holding the programs. */
    public static final String ROOT = "programs/";

    private static final String INDEX = ROOT + "index.txt";
    private static final String SUFFIX = ".s";

    private Programs() {}

    /** The names of the available programs, in the order of the index. */
    public static List<String> names() {
        String index = readResource(INDEX);
        if (index == null) {
            throw new IllegalStateException("missing class-path resource " + INDEX);
        }
        List<String> names = new ArrayList<>();
        for (String line : index.split("\n")) {
            String name = line.strip();
            if (!name.isEmpty() && !name.startsWith("#")) {
                names.add(name);
            }
        }
        return List.copyOf(names);
    }

    /**
     * The source text of program {@code name}.
     *
     * @throws IllegalArgumentException if there is no such program
     */
    public static String source(String name) {
        String text = readResource(ROOT + fileName(name));
        if (text == null) {
            throw new IllegalArgumentException("no program '" + name + "', expected one of " + names());
        }
        return text;
    }

    /**
     * Assembles program {@code name}. The image and its source locations name files by their
     * class-path resource, e.g. {@code programs/splash/fft.s:12:9}.
     *
     * @throws IllegalArgumentException if there is no such program
     * @throws AssemblyException if the program does not assemble (a bug in the resource)
     */
    public static ProgramImage load(String name) throws AssemblyException {
        return assemble(name, source(name));
    }

    /**
     * Assembles {@code source} as if it were the text of program {@code name}: its
     * {@code .include}s resolve beside that program. Useful for variants of a shipped
     * program (a changed constant, a removed barrier).
     */
    public static ProgramImage assemble(String name, String source) throws AssemblyException {
        return Assembler.assemble(ROOT + fileName(name), source, includeResolver());
    }

    /**
     * Resolves {@code .include} against this module's class-path resources, relative to the
     * including resource (so {@code programs/fullsys/x.s} may include
     * {@code ../../kernel/kernel.s}); null when there is no such resource.
     */
    public static IncludeResolver includeResolver() {
        return (from, included) -> readResource(SourceNames.resolve(from, included));
    }

    private static String fileName(String name) {
        return name.endsWith(SUFFIX) ? name : name + SUFFIX;
    }

    private static String readResource(String path) {
        if (path.startsWith("/") || ("/" + path + "/").contains("/../")) {
            return null; // outside the resource tree: not ours to read
        }
        try (InputStream in = Programs.class.getClassLoader().getResourceAsStream(path)) {
            return in == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read class-path resource " + path, e);
        }
    }
}
