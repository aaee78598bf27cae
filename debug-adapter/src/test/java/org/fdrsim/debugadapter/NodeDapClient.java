package org.fdrsim.debugadapter;

import static org.assertj.core.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * Node with {@code @vscode/debugadapter-testsupport} installed: the scripts of
 * {@code src/test/js} copied to {@code target/dap-client}, their packages installed there once
 * by {@code npm ci} from the committed package-lock.json (again only when the lock changes).
 * Under CI ({@code CI=true}) a missing node or npm fails the test (.ci/run installs both);
 * locally the test is skipped with a message saying how to install them.
 */
final class NodeDapClient {
    private static final Path SCRIPTS = Path.of("src", "test", "js");
    private static final Path HOME = Path.of("target", "dap-client");
    private final String node;

    private NodeDapClient(String node) {
        this.node = node;
    }

    /** The client, installed; or a skipped (locally) / failed (CI) test. */
    static NodeDapClient require() throws IOException, InterruptedException {
        String node = onPath("node", "nodejs");
        String npm = onPath("npm");
        if (node == null || npm == null) {
            String msg = (node == null ? "node" : "npm") + " not found on PATH: install them with "
                    + "'apt-get install -y nodejs npm' to run the DAP client test";
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                fail("CI=true but " + msg);
            }
            Assumptions.abort(msg);
        }
        Files.createDirectories(HOME);
        try (var files = Files.list(SCRIPTS)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Files.copy(f, HOME.resolve(f.getFileName()), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        Path lock = HOME.resolve("package-lock.json");
        Path installed = HOME.resolve("node_modules").resolve(".installed-lock.json");
        if (!Files.exists(installed) || Files.mismatch(lock, installed) != -1) {
            String out = run(List.of(npm, "ci", "--no-audit", "--no-fund", "--prefer-offline"), 300);
            if (out == null) {
                fail("npm ci in " + HOME + " failed; see target/dap-client/run.out");
            }
            Files.copy(lock, installed, StandardCopyOption.REPLACE_EXISTING);
        }
        return new NodeDapClient(node);
    }

    /** Runs {@code script} with {@code args}; its output, or null if it failed or took longer than {@code seconds}. */
    String runScript(String script, List<String> args, int seconds) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(node, script));
        cmd.addAll(args);
        return run(cmd, seconds);
    }

    /** The output of the last run. */
    static String lastOutput() throws IOException {
        return Files.readString(HOME.resolve("run.out"), StandardCharsets.UTF_8);
    }

    private static String run(List<String> cmd, int seconds) throws IOException, InterruptedException {
        Path out = HOME.resolve("run.out");
        Process p = new ProcessBuilder(cmd).directory(HOME.toFile()).redirectErrorStream(true)
                .redirectOutput(out.toFile()).start();
        if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            Files.writeString(out, "\n(killed after " + seconds + " s)\n", StandardCharsets.UTF_8,
                    java.nio.file.StandardOpenOption.APPEND);
            return null;
        }
        String text = Files.readString(out, StandardCharsets.UTF_8);
        return p.exitValue() == 0 ? text : null;
    }

    private static String onPath(String... names) {
        String path = System.getenv("PATH");
        for (String dir : path == null ? new String[0] : path.split(File.pathSeparator)) {
            for (String name : names) {
                Path p = Path.of(dir, name);
                if (Files.isExecutable(p)) {
                    return p.toString();
                }
            }
        }
        return null;
    }
}
