package org.fdrsim.cli;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import org.fdrsim.results.SlurmQuoting;

/**
 * The command line that runs this fdrsim again, for batch scripts that run on other nodes
 * without the submitting shell's PATH: the {@code ./fdr} launcher by its absolute path when
 * it started us (it exports {@code FDR_LAUNCHER}), else {@code java -jar} on this jar, both
 * absolute; "fdr" only when neither is known (running from classes in a build).
 */
final class SelfCommand {
    private SelfCommand() {}

    static String get() {
        String launcher = System.getenv("FDR_LAUNCHER");
        if (launcher != null && Files.isExecutable(Path.of(launcher))) {
            return SlurmQuoting.shell(Path.of(launcher).toAbsolutePath().normalize().toString());
        }
        Path jar = jar();
        if (jar != null) {
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            return SlurmQuoting.shell(java) + " -jar " + SlurmQuoting.shell(jar.toString());
        }
        return "fdr";
    }

    private static Path jar() {
        try {
            CodeSource source = Main.class.getProtectionDomain().getCodeSource();
            if (source == null) {
                return null;
            }
            Path p = Path.of(source.getLocation().toURI()).toAbsolutePath().normalize();
            return p.toString().endsWith(".jar") && Files.isRegularFile(p) ? p : null;
        } catch (URISyntaxException | IllegalArgumentException | SecurityException e) {
            return null;
        }
    }
}
