package org.fdrsim.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/** The bytes a run's console input reads: a file ({@code --input}, {@code devices.consoleInput}) or standard input. */
final class ConsoleInputFile {
    private ConsoleInputFile() {}

    /**
     * The bytes of {@code source}; none when it is null or empty; {@code -} reads {@code stdin}.
     *
     * @throws UserError naming the file and why it cannot be read
     */
    static byte[] read(String source, InputStream stdin) {
        if (source == null || source.isEmpty()) {
            return new byte[0];
        }
        try {
            if (source.equals("-")) {
                return stdin.readAllBytes();
            }
            Path p = Path.of(source);
            if (Files.isDirectory(p)) {
                throw new UserError("cannot read console input '" + source + "': it is a directory (expected a file of"
                        + " input bytes, from --input or devices.consoleInput)");
            }
            return Files.readAllBytes(p);
        } catch (IOException e) {
            throw new UserError("cannot read console input '" + source + "': " + OutputPaths.reason(e)
                    + " (expected a file of input bytes, from --input or devices.consoleInput)", e);
        }
    }
}
