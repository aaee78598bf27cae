package org.fdrsim.cli;

import static org.assertj.core.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * Debian's headless Chromium for browser tests: opens a page, lets its scripts run and returns
 * the rendered DOM. Under CI ({@code CI=true}) a missing browser fails the test (.ci/run installs
 * it); locally the test is skipped with a message saying how to install it.
 */
final class HeadlessChromium {
    private final String binary;

    private HeadlessChromium(String binary) {
        this.binary = binary;
    }

    /** The browser, or a skipped (locally) / failed (CI) test. */
    static HeadlessChromium require() {
        String found = find();
        if (found == null) {
            String msg = "chromium not found on PATH (nor $FDR_CHROMIUM): install it with "
                    + "'apt-get install -y chromium' to run the browser tests";
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                fail("CI=true but " + msg);
            }
            Assumptions.abort(msg);
        }
        return new HeadlessChromium(found);
    }

    private static String find() {
        String env = System.getenv("FDR_CHROMIUM");
        if (env != null && !env.isBlank()) {
            return env;
        }
        String path = System.getenv("PATH");
        for (String dir : path == null ? new String[0] : path.split(File.pathSeparator)) {
            for (String name : new String[] {"chromium", "chromium-browser", "google-chrome"}) {
                Path p = Path.of(dir, name);
                if (Files.isExecutable(p)) {
                    return p.toString();
                }
            }
        }
        return null;
    }

    /** The DOM of {@code page} (with {@code fragment}, e.g. "#1:20", or "") after its scripts ran. */
    String dumpDom(Path page, String fragment, int width, int height, Path scratch) throws IOException, InterruptedException {
        return run(scratch, List.of("--window-size=" + width + "," + height, "--dump-dom",
                page.toAbsolutePath().toUri() + fragment));
    }

    /** Writes a PNG of {@code page} as a browser window of the given size shows it. */
    void screenshot(Path page, Path png, int width, int height, Path scratch) throws IOException, InterruptedException {
        run(scratch, List.of("--window-size=" + width + "," + height, "--hide-scrollbars",
                "--screenshot=" + png.toAbsolutePath(), page.toAbsolutePath().toUri().toString()));
    }

    private String run(Path scratch, List<String> args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(binary, "--headless", "--no-sandbox", "--disable-gpu",
                "--no-first-run", "--user-data-dir=" + scratch.resolve("profile").toAbsolutePath()));
        cmd.addAll(args);
        Path out = scratch.resolve("chromium.out");
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail("chromium did not finish in 120 s: " + cmd);
        }
        if (p.exitValue() != 0) {
            fail("chromium exited with " + p.exitValue() + ": " + cmd);
        }
        return Files.readString(out, StandardCharsets.UTF_8);
    }
}
