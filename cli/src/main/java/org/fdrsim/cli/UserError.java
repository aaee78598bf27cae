package org.fdrsim.cli;

/**
 * A problem the user can fix (bad file, flag or program). The command prints its message
 * as one line and exits with status 2; no stack trace unless {@code --debug}.
 */
public final class UserError extends RuntimeException {
    public UserError(String message) {
        super(message);
    }

    public UserError(String message, Throwable cause) {
        super(message, cause);
    }
}
