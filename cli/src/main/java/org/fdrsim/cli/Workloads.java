package org.fdrsim.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.fdrsim.cpu.asm.Assembler;
import org.fdrsim.cpu.asm.AssemblyException;
import org.fdrsim.cpu.asm.IncludeResolver;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.workloads.CommercialWorkload;
import org.fdrsim.workloads.KernelPrograms;
import org.fdrsim.workloads.Programs;

/**
 * Programs named on the command line by {@code --workload}: a file, an example shipped in the
 * jar ({@code random-tester}, {@code spin-lock}, ...), or a workloads program
 * ({@code splash/fft}, {@code fullsys/disk-checksum}, {@code oltp}).
 */
final class Workloads {
    private Workloads() {}

    static final String DEFAULT = "random-tester";

    /**
     * The one spelling of a workload across commands: the commercial proxies are {@code oltp},
     * {@code jbb}, {@code web}, {@code dynweb} (as in 'fdr experiment' and 'fdr sweep');
     * {@code commercial/oltp} is accepted and means the same.
     */
    static String canonical(String name) {
        return name.startsWith("commercial/") ? name.substring("commercial/".length()) : name;
    }

    private static boolean commercial(String name) {
        for (CommercialWorkload w : CommercialWorkload.values()) {
            if (w.key().equals(name)) {
                return true;
            }
        }
        return false;
    }

    static ProgramImage load(String name) {
        name = canonical(name);
        if (commercial(name)) {
            name = "commercial/" + name;
        }
        Path file = Path.of(name);
        if (name.endsWith(".s") && Files.isRegularFile(file)) {
            return ProgramLoader.load(file);
        }
        try (InputStream in = Workloads.class.getResourceAsStream("/examples/" + name + ".s")) {
            if (in != null) {
                return Assembler.assemble(name + ".s", new String(in.readAllBytes(), StandardCharsets.UTF_8),
                        IncludeResolver.fileSystem());
            }
        } catch (IOException | AssemblyException e) {
            throw new UserError("workload '" + name + "': " + e.getMessage(), e);
        }
        try {
            if (name.startsWith("fullsys/") || name.startsWith("commercial/")) {
                return KernelPrograms.assemble("programs/" + name + ".s");
            }
            return Programs.load(name);
        } catch (AssemblyException | RuntimeException e) {
            throw new UserError("unknown workload '" + name + "': expected a .s file, an example (random-tester, "
                    + "spin-lock, ...), splash/NAME, fullsys/NAME, or oltp, jbb, web, dynweb", e);
        }
    }

    /** Full-system programs need the devices. */
    static boolean needsDevices(String name) {
        return name.startsWith("fullsys/") || name.startsWith("commercial/") || commercial(name);
    }
}
