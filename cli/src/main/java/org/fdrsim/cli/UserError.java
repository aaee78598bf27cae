package org.fdrsim.cli;

import org.fdrsim.cpu.text.OneLine;

/**
 * A problem the user can fix (bad file, flag or program). The command prints its message
 * as one line and exits with status 2; no stack trace unless {@code --debug}. The message is
 * one line by construction ({@link OneLine}), whatever file name or value it quotes.
 */
public final class UserError extends RuntimeException {
    public UserError(String message) {
        super(OneLine.escape(message));
    }

    public UserError(String message, Throwable cause) {
        super(OneLine.escape(message), cause);
    }
}
