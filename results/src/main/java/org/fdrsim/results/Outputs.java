package org.fdrsim.results;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.fdrsim.cpu.files.AtomicFile;

/** Writes result files: every file atomically (temporary file, then rename). */
public final class Outputs {
    public static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final Path dir;

    public Outputs(Path dir) throws IOException {
        this.dir = dir;
        Files.createDirectories(dir);
    }

    public Path dir() {
        return dir;
    }

    public void text(String name, String content) throws IOException {
        AtomicFile.write(dir.resolve(name), content.getBytes(StandardCharsets.UTF_8));
    }

    public void json(String name, Object value) throws IOException {
        text(name, toJson(value));
    }

    public void chart(String base, Charts.Rendered r) throws IOException {
        AtomicFile.write(dir.resolve(base + ".png"), r.png());
        AtomicFile.write(dir.resolve(base + ".svg"), r.svg());
        AtomicFile.write(dir.resolve(base + ".pdf"), r.pdf());
    }

    public static String toJson(Object value) {
        try {
            return JSON.writeValueAsString(value) + "\n";
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A number for reports: fixed decimals, locale-independent. */
    public static String f(double v, int decimals) {
        return String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    /** A CSV field, quoted when needed. */
    public static String csv(String s) {
        return s.contains(",") || s.contains("\"") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }
}
