package org.fdrsim.debugadapter;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import org.fdrsim.replayer.debug.DebugException;

/** Paths a client sends in a request's arguments, refused by the argument's name when no file system takes them. */
final class ClientPaths {
    private ClientPaths() {}

    /**
     * {@code path} as a {@link Path}.
     *
     * @param argument the argument's name in the request, e.g. {@code source.path}
     * @param expected what it should have named, e.g. {@code one of the program's .s files}
     * @throws DebugException if it cannot be a path (on Linux: it holds a NUL character)
     */
    static Path of(String argument, String path, String expected) {
        try {
            return Path.of(path);
        } catch (InvalidPathException e) {
            String why = path.indexOf('\0') >= 0 ? "it holds a NUL character" : e.getReason();
            throw new DebugException("argument '" + argument + "': '" + path + "' is not a path (" + why + "), expected " + expected);
        }
    }
}
