package org.fdrsim.replayer.debug;

/**
 * What a command that runs the replay (forward or back) ended with: why it stopped, the
 * breakpoint or watchpoint number (0 if none), the focus processor's {@link CodePoint}, the
 * write that triggered a watchpoint (null otherwise) and a message (divergence text, "reached
 * the start of the replay", at the end the fault that ended the run, empty if nothing to say).
 */
public record StopEvent(StopReason reason, int number, CodePoint where, WriteHit write, String message) {
    /** The stop's lines as every front end prints them: the why, then the where. */
    public String describe() {
        StringBuilder b = new StringBuilder();
        switch (reason) {
            case BREAKPOINT -> b.append("breakpoint ").append(number).append('\n');
            case WATCHPOINT -> b.append("watchpoint ").append(number).append(": ").append(write.describe()).append('\n');
            case END -> b.append("end of the replay (trigger").append(message.isEmpty() ? "" : ": " + message).append(")\n");
            case REACHED_START -> b.append("reached the start of the replay\n");
            case INTERRUPTED -> b.append("interrupted\n");
            case DIVERGED -> b.append("replay diverged: ").append(message).append('\n');
            default -> { }
        }
        b.append(where.line());
        return b.toString();
    }
}
