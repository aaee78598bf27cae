package org.fdrsim.debugadapter;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The DAP server checked by a real client, not only our own code: VS Code's debug adapter test
 * client ({@code @vscode/debugadapter-testsupport}, in Node) connects to the server on a
 * loopback port over a replay of the racy counter and launches, sets a source breakpoint on the
 * counter's store, continues to it, reads threads, stack, scopes and variables, evaluates,
 * continues to the next hit, steps back, reverse-continues to the first hit, stops on a data
 * breakpoint on the counter, runs to the end and disconnects (src/test/js/dap-client-test.js).
 */
class DapClientTest {
    @Test
    void vsCodesDebugClientDrivesAReplayOfTheRacyCounter(@TempDir Path dir) throws Exception {
        NodeDapClient client = NodeDapClient.require();
        RacyCounter racy = RacyCounter.record(dir);
        CompletableFuture<Integer> port = new CompletableFuture<>();
        Thread server = new Thread(() -> {
            try {
                DapConnection.serveOnLoopback(racy.session(), 0, port::complete);
            } catch (Exception e) {
                port.completeExceptionally(e);
            }
        }, "dap-server-under-test");
        server.setDaemon(true);
        server.start();

        String out = client.runScript("dap-client-test.js", List.of(String.valueOf(port.get(30, TimeUnit.SECONDS)),
                racy.source().toString(), String.valueOf(racy.storeLine()), racy.sourceRoot().toString()), 180);

        assertThat(out).as(NodeDapClient.lastOutput()).isNotNull();
        assertThat(out).contains("ok - reverseContinue: back at the first hit", "ok - continue to the end: terminated",
                "DAP client test: all checks passed");
        server.join(TimeUnit.SECONDS.toMillis(30));
        assertThat(server.isAlive()).as("the server ends when the client disconnects").isFalse();
    }
}
