package org.fdrsim.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/** Files a user names for a command to read, refused in one line that says why and what was expected. */
final class InputFiles {
    private InputFiles() {}

    /**
     * The bytes of {@code file}.
     *
     * @param refusal  the message's start, e.g. {@code --batch: cannot read }; the file and the reason follow
     * @param expected what the file should have been, e.g. {@code a file of debugger commands}
     * @throws UserError if it is a directory or cannot be read
     */
    static byte[] bytes(Path file, String refusal, String expected) {
        if (Files.isDirectory(file)) {
            throw new UserError(refusal + "'" + file + "': it is a directory (expected " + expected + ")");
        }
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UserError(refusal + "'" + file + "': " + OutputPaths.reason(e) + " (expected " + expected + ")", e);
        }
    }

    /** The file a console input source names: none for null, empty or {@code -} (standard input). */
    static Path consoleInputFile(String source) {
        if (source == null || source.isEmpty() || source.equals("-")) {
            return null;
        }
        try {
            return Path.of(source);
        } catch (InvalidPathException e) {
            return null; // no file has that name; reading it says so
        }
    }

    /**
     * The bytes a run's console input reads ({@code --input}, {@code devices.consoleInput}): none
     * when {@code source} is null or empty; {@code -} reads {@code stdin}.
     */
    static byte[] consoleInput(String source, InputStream stdin) {
        if (source == null || source.isEmpty()) {
            return new byte[0];
        }
        if (source.equals("-")) {
            try {
                return stdin.readAllBytes();
            } catch (IOException e) {
                throw new UserError("cannot read console input from standard input: " + OutputPaths.reason(e), e);
            }
        }
        String expected = "a file of input bytes, from --input or devices.consoleInput";
        Path file = consoleInputFile(source);
        if (file == null) { // a name no file system takes (the configuration's check refuses a NUL first)
            throw new UserError("cannot read console input '" + source + "': not a file name (expected " + expected + ")");
        }
        return bytes(file, "cannot read console input ", expected);
    }
}
