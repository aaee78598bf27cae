package org.fdrsim.debugadapter;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The DAP server shows the replay only through the debugger's session: no class of it names
 * the recorded final state, the verifier, {@code DumpReplay.expected}, or a dump's final
 * memory or registers (the same rule {@code ReplayHonestyTest} holds the debugger to).
 */
class AdapterHonestyTest {
    private static final Path SOURCES = Path.of("src", "main", "java", "org", "fdrsim", "debugadapter");

    @Test
    void theAdapterNeverSeesTheRecordedFinalState() throws IOException {
        List<Path> files;
        try (var s = Files.list(SOURCES)) {
            files = s.filter(f -> f.toString().endsWith(".java")).sorted().toList();
        }
        assertThat(files).hasSizeGreaterThanOrEqualTo(5);
        for (Path f : files) {
            String code = Files.readString(f).replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("//[^\n]*", "");
            assertThat(code).as(f.toString()).doesNotContain("FinalState").doesNotContain("Verifier")
                    .doesNotContain("expected(").doesNotContain("finalRegisters").doesNotContain(".memory()");
        }
    }
}
