package org.fdrsim.cpu.files;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;

/** Why a file a user named could not be read, in a few words for a one-line message (no exception class names). */
public final class ReadProblem {
    private ReadProblem() {}

    /** {@code no such file}, {@code permission denied}, {@code not valid UTF-8}, else the exception's own message. */
    public static String of(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof CharacterCodingException) {
            return "not valid UTF-8";
        }
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }
}
