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
 * Locates and links the small kernel and the full-system example programs shipped as
 * resources of this module ({@code kernel/kernel.s}, {@code programs/fullsys/*.s}). A user
 * program links against the kernel by {@code .include}-ing it (docs/kernel.md); names resolve
 * against the resource tree, so an in-memory program names the kernel {@code "kernel/kernel.s"}.
 */
public final class KernelPrograms {
    /** The kernel's resource name. */
    public static final String KERNEL = "kernel/kernel.s";
    public static final String DISK_CHECKSUM = "programs/fullsys/disk-checksum.s";
    public static final String PACKET_ECHO = "programs/fullsys/packet-echo.s";
    public static final String CONSOLE_ECHO = "programs/fullsys/console-echo.s";

    private KernelPrograms() {}

    /** The full-system programs by their workload names ({@code fullsys/console-echo}, ...), in name order. */
    public static List<String> fullSystemNames() {
        List<String> names = new ArrayList<>();
        for (String resource : new String[] {CONSOLE_ECHO, DISK_CHECKSUM, PACKET_ECHO}) {
            names.add(resource.substring(Programs.ROOT.length(), resource.length() - ".s".length()));
        }
        return List.copyOf(names);
    }

    /** Resolves {@code .include} names against this module's resources. */
    public static IncludeResolver resources() {
        return (from, name) -> {
            String resolved = org.fdrsim.cpu.asm.SourceNames.resolve(from, name);
            return readOrNull(resolved);
        };
    }

    /** The text of a resource (e.g. {@link #KERNEL}). */
    public static String source(String resource) {
        String text = readOrNull(resource);
        if (text == null) {
            throw new IllegalArgumentException("no workload resource '" + resource + "'");
        }
        return text;
    }

    /** Assembles a shipped program, e.g. {@link #DISK_CHECKSUM}. */
    public static ProgramImage assemble(String resource) throws AssemblyException {
        return Assembler.assemble(resource, source(resource), resources());
    }

    /**
     * Assembles a user program held in memory; it links the kernel with
     * {@code .include "kernel/kernel.s"} and defines {@code user_threads}.
     */
    public static ProgramImage assembleUser(String name, String source) throws AssemblyException {
        return Assembler.assemble(name, source, resources());
    }

    private static String readOrNull(String resource) {
        try (InputStream in = KernelPrograms.class.getClassLoader().getResourceAsStream(resource)) {
            return in == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
