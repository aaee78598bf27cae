package org.fdrsim.coherence.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** docs/protocol.md is generated from the transition tables and must not drift from them. */
class ProtocolDocumentationTest {
    @Test
    void docsProtocolMdIsWhatFdrProtocolPrints() throws IOException {
        String doc = Files.readString(Path.of("..", "docs", "protocol.md"), StandardCharsets.UTF_8);
        assertThat(doc)
                .as("docs/protocol.md is stale: regenerate it with ./fdr protocol -o docs/protocol.md")
                .isEqualTo(ProtocolTable.toMarkdown());
    }
}
