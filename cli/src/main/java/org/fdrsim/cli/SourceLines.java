package org.fdrsim.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fdrsim.cpu.program.SourceLocation;

/** Source lines by location, read once per file; null where the file cannot be read (views fall back to assembly). */
final class SourceLines {
    private final Map<String, List<String>> files = new HashMap<>();

    String line(SourceLocation at) {
        List<String> lines = files.computeIfAbsent(at.file(), SourceLines::read);
        return lines != null && at.line() >= 1 && at.line() <= lines.size() ? lines.get(at.line() - 1) : null;
    }

    private static List<String> read(String file) {
        try {
            Path p = Path.of(file);
            return Files.isRegularFile(p) ? Files.readAllLines(p, StandardCharsets.UTF_8) : null;
        } catch (IOException | RuntimeException e) {
            return null; // not readable (moved, not UTF-8, a resource name): show the assembly instead
        }
    }
}
