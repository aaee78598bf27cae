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
            "IntervalLog", "ReplayInput", "ReplayOutcome", "ReplayPosition");

    @Test
    void theReplayClassesNameNeitherTheFinalStateNorTheVerifier() throws IOException {
        for (String name : REPLAY) {
            String code = withoutComments(Files.readString(SOURCES.resolve(name + ".java")));
            assertThat(code).as(name).doesNotContain("FinalState").doesNotContain("Verifier")
                    .doesNotContain("DumpReplay");
        }
    }

    /** The code without comments (Javadoc may name the verifier to explain this very rule). */
    private static String withoutComments(String s) {
        return s.replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("//[^\n]*", "");
    }
}
