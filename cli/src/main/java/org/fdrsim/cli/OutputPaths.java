package org.fdrsim.cli;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import org.fdrsim.results.KeptFileException;

/**
 * Checks output paths before anything is simulated, so that a run of minutes or hours is
 * not lost to a typo or a read-only directory at the end. A check creates (and deletes) a
 * probe file where the output will go, because permission bits alone do not tell about
 * read-only file systems, and root passes them all.
 */
final class OutputPaths {
    private OutputPaths() {}

    /**
     * A file the command reads or writes besides the output being checked, which that output must
     * not replace; {@code what} names it in the refusal (e.g. "the program this command reads").
     * A null path stands for none.
     */
    record Other(String what, Path path) {}

    /** {@code path}, which the command reads, named {@code what} (e.g. "the program"). */
    static Other read(String what, Path path) {
        return new Other(what + " this command reads", path);
    }

    /** {@code path}, which the command also writes, given by {@code flag}. */
    static Other written(String flag, Path path) {
        return new Other("the file " + flag + " writes", path);
    }

    /**
     * Refuses {@code file} (given by {@code flag}) unless a file can be written there and it is
     * none of {@code others}: an output named like the program would replace the source with a
     * dump when the run ends.
     */
    static void file(String flag, Path file, Other... others) {
        file(flag, file, List.of(others));
    }

    /** As {@link #file(String, Path, Other...)}. */
    static void file(String flag, Path file, List<Other> others) {
        if (file == null) {
            return;
        }
        if (file.toString().isEmpty()) {
            throw new UserError(flag + ": expected a file name, got an empty one");
        }
        if (Files.isDirectory(file)) {
            throw refuse(flag, file, "it is a directory (expected a file name)");
        }
        for (Other other : others) {
            if (other.path() != null && sameFile(file, other.path())) {
                throw refuse(flag, file, "it is " + other.what() + " (expected another file name)");
            }
        }
        probe(flag, file, file.toAbsolutePath().getParent());
    }

    /** Whether two names reach one file: through links when both exist, by their absolute form when not. */
    private static boolean sameFile(Path a, Path b) {
        if (Files.exists(a) && Files.exists(b)) {
            try {
                return Files.isSameFile(a, b);
            } catch (IOException e) {
                return false; // unreadable: the read or the write says why, in its own words
            }
        }
        return a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize());
    }

    /** Refuses {@code dir} (given by {@code flag}) unless files can be written in it (it may not exist yet). */
    static void directory(String flag, Path dir) {
        if (dir == null) {
            return;
        }
        if (dir.toString().isEmpty()) {
            throw new UserError(flag + ": expected a directory name, got an empty one");
        }
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw refuse(flag, dir, "it exists and is not a directory");
        }
        probe(flag, dir, dir.toAbsolutePath());
    }

    private static void probe(String flag, Path target, Path dir) {
        Path existing = dir;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            throw refuse(flag, target, "no part of its directory exists");
        }
        if (!Files.isDirectory(existing)) {
            throw refuse(flag, target, "'" + existing + "' is not a directory");
        }
        try {
            Files.delete(Files.createTempFile(existing, ".fdr-probe", ".tmp"));
        } catch (IOException e) {
            throw refuse(flag, target, "cannot create files in '" + existing + "' (" + reason(e) + ")");
        }
    }

    private static UserError refuse(String flag, Path target, String why) {
        return new UserError(flag + ": cannot write '" + target + "': " + why);
    }

    /** A short reason for an I/O failure, without the Java exception's class name. */
    static String reason(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NoSuchFileException) {
            return "no such file or directory";
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    /** One line for an I/O failure: the file and the reason. */
    static String describe(IOException e) {
        if (e instanceof KeptFileException) {
            return e.getMessage(); // a file's content, not an input/output failure; the message names the file
        }
        if (e instanceof FileSystemException f && f.getFile() != null) {
            return "'" + f.getFile() + "': " + reason(e);
        }
        return "input/output error: " + reason(e);
    }
}
