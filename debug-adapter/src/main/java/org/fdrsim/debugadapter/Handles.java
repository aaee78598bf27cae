package org.fdrsim.debugadapter;

/**
 * The numbers DAP uses to name things, derived from what they name so that no table is
 * needed: thread ids are agent + 1, stack frame ids carry the agent and the depth, variable
 * references carry the agent and the scope. All are positive, as the protocol requires.
 */
final class Handles {
    /** Frames and scopes per agent: room for the depth of any backtrace. */
    private static final int PER_AGENT = 1 << 16;

    private Handles() {}

    static int thread(int agent) {
        return agent + 1;
    }

    static int agentOfThread(int threadId) {
        return threadId - 1;
    }

    static int frame(int agent, int depth) {
        return agent * PER_AGENT + depth + 1;
    }

    static int agentOfFrame(int frameId) {
        return (frameId - 1) / PER_AGENT;
    }

    static int depthOfFrame(int frameId) {
        return (frameId - 1) % PER_AGENT;
    }

    static int scope(int agent, Scope s) {
        return agent * Scope.values().length + s.ordinal() + 1;
    }

    static int agentOfScope(int reference) {
        return (reference - 1) / Scope.values().length;
    }

    static Scope scopeOf(int reference) {
        return Scope.values()[(reference - 1) % Scope.values().length];
    }

    /** The variable scopes every processor frame shows. */
    enum Scope {
        REGISTERS("Registers"),
        CSRS("CSRs"),
        DATA("Data labels");

        final String title;

        Scope(String title) {
            this.title = title;
        }
    }
}
