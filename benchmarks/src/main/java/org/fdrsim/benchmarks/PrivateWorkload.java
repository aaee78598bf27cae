package org.fdrsim.benchmarks;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.fdrsim.cpu.asm.Assembler;
import org.fdrsim.cpu.asm.AssemblyException;
import org.fdrsim.cpu.asm.IncludeResolver;
import org.fdrsim.cpu.program.ProgramImage;

/**
 * The mostly-private workload of {@code examples/private-mix.s} (packaged into the
 * benchmarks jar), so that benchmark figures can be checked with {@code fdr run --stats}.
 */
final class PrivateWorkload {
    private PrivateWorkload() {}

    static ProgramImage program() {
        try (InputStream in = PrivateWorkload.class.getResourceAsStream("/private-mix.s")) {
            if (in == null) {
                throw new IllegalStateException("private-mix.s is missing from the benchmarks jar");
            }
            String source = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return Assembler.assemble("private-mix.s", source, IncludeResolver.none());
        } catch (IOException | AssemblyException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }
}
