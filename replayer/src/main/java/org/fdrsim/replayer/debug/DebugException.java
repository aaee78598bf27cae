package org.fdrsim.replayer.debug;

/** A request the engine cannot do (bad expression, unknown label, no such cpu): the message is one line for the user. */
public final class DebugException extends RuntimeException {
    public DebugException(String message) {
        super(message);
    }
}
