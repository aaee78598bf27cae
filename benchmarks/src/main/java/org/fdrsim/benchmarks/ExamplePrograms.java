package org.fdrsim.benchmarks;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.fdrsim.cpu.asm.Assembler;
import org.fdrsim.cpu.asm.AssemblyException;
import org.fdrsim.cpu.asm.IncludeResolver;
import org.fdrsim.cpu.program.ProgramImage;

/**
 * Programs of {@code examples/} that the benchmarks run (packaged into the benchmarks jar, see
 * its pom), so that a benchmark's figures can be checked with {@code fdr run --stats} on the
 * same file.
 */
final class ExamplePrograms {
    private ExamplePrograms() {}

    /** The mostly-private workload of {@code examples/private-mix.s}. */
    static ProgramImage privateMix() {
        return assemble("private-mix.s", source("private-mix.s"));
    }

    /**
     * {@code examples/racy-counter.s} with {@code iterations} iterations a processor instead of
     * the 1,000 it ships with.
     */
    static ProgramImage racyCounter(int iterations) {
        String shipped = source("racy-counter.s");
        String changed = shipped.replaceFirst("\\.equ ITERATIONS, 1000\n", ".equ ITERATIONS, " + iterations + "\n");
        if (changed.equals(shipped)) {
            throw new IllegalStateException("racy-counter.s no longer has '.equ ITERATIONS, 1000'");
        }
        return assemble("racy-counter.s", changed);
    }

    private static String source(String file) {
        try (InputStream in = ExamplePrograms.class.getResourceAsStream("/" + file)) {
            if (in == null) {
                throw new IllegalStateException(file + " is missing from the benchmarks jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + file + " from the benchmarks jar: " + e.getMessage(), e);
        }
    }

    private static ProgramImage assemble(String file, String source) {
        try {
            return Assembler.assemble(file, source, IncludeResolver.none());
        } catch (AssemblyException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }
}
