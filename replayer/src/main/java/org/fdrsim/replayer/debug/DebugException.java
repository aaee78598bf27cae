package org.fdrsim.replayer.debug;

import org.fdrsim.cpu.text.OneLine;

/**
 * A request the engine cannot do (bad expression, unknown label, no such cpu): the message is one
 * line for the user, whatever of the request it quotes ({@link OneLine}).
 */
public final class DebugException extends RuntimeException {
    public DebugException(String message) {
        super(OneLine.escape(message));
    }
}
