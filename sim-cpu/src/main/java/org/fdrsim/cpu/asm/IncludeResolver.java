package org.fdrsim.cpu.asm;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;

/**
 * Supplies the text of a file named by {@code .include}. The assembler names an included
 * file by {@link SourceNames#resolve(String, String) resolving} the written name against the
 * including file's directory; that name appears in error messages and source locations.
 */
@FunctionalInterface
public interface IncludeResolver {

    /**
     * The source text of {@code includedName} as written in {@code .include} inside
     * {@code includingFile}.
     *
     * @return the text, or null if there is no such file
     * @throws NoSuchFileException if there is no such file (same as returning null)
     * @throws IOException if the file exists but cannot be read
     */
    String read(String includingFile, String includedName) throws IOException;

    /** A resolver for programs without includes: every include is "not found". */
    static IncludeResolver none() {
        return (from, name) -> null;
    }

    /** Files held in memory, keyed by their resolved name (see {@link SourceNames#resolve}). */
    static IncludeResolver of(Map<String, String> files) {
        Map<String, String> copy = Map.copyOf(files);
        return (from, name) -> copy.get(SourceNames.resolve(from, name));
    }

    /** Reads UTF-8 files from the file system, relative to the including file's directory. */
    static IncludeResolver fileSystem() {
        return (from, name) -> Files.readString(Path.of(SourceNames.resolve(from, name)), StandardCharsets.UTF_8);
    }
}
