package org.fdrsim.replayer;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The replay cannot see the recorded final state and does not call back into verification:
 * the classes that run a replay name neither {@code FinalState} nor {@code Verifier} (only
 * {@link Verifier} compares, after {@link Replayer#replay} has returned).
 */
class ReplayHonestyTest {
    private static final Path SOURCES = Path.of("src", "main", "java", "org", "fdrsim", "replayer");
    private static final List<String> REPLAY = List.of("Replayer", "ReplaySession", "ReplayAgents",
            "DepthFirstSchedule", "RootOrder", "ArcTable", "AgentReports", "StateComparison", "LoggedInputPort",
            "IntervalLog", "ReplayInput", "ReplayOutcome", "ReplayPosition", "ReplaySnapshot", "SavedAgents",
            "ReplayMilestone");

    @Test
    void theReplayClassesNameNeitherTheFinalStateNorTheVerifier() throws IOException {
        for (String name : REPLAY) {
            String code = withoutComments(Files.readString(SOURCES.resolve(name + ".java")));
            assertThat(code).as(name).doesNotContain("FinalState").doesNotContain("Verifier")
                    .doesNotContain("DumpReplay");
        }
    }

    /**
     * The debugger (package debug) opens a dump through {@code DumpReplay.input} and
     * {@code DumpReplay.probe} only: no class of it names the final state, the verifier or
     * {@code DumpReplay.expected}, and no dump's final memory or registers.
     */
    @Test
    void theDebuggerNeverSeesTheRecordedFinalState() throws IOException {
        List<Path> files;
        try (var s = Files.list(SOURCES.resolve("debug"))) {
            files = s.filter(f -> f.toString().endsWith(".java")).sorted().toList();
        }
        assertThat(files).hasSizeGreaterThan(10);
        for (Path f : files) {
            String code = withoutComments(Files.readString(f));
            assertThat(code).as(f.toString()).doesNotContain("FinalState").doesNotContain("Verifier")
                    .doesNotContain("expected(").doesNotContain("finalRegisters").doesNotContain(".memory()");
        }
    }

    /** The code without comments (Javadoc may name the verifier to explain this very rule). */
    private static String withoutComments(String s) {
        return s.replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("//[^\n]*", "");
    }
}
