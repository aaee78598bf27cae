package org.fdrsim.coherence;

import java.util.ArrayList;
import java.util.List;

/**
 * Several listeners behind one: each event goes to the listeners that observe it, in attach
 * order. A listener observes an event if its class overrides the event's no-op default; the
 * others are not called at all (with FDR, the race recorder and the checkpoint logger each
 * observe a few events, and none observes blocks filled or invalidated, which happen on every
 * miss).
 */
final class ListenerChain implements CoherenceListener {
    private final CoherenceListener[] replySending;
    private final CoherenceListener[] replyReceived;
    private final CoherenceListener[] lastOwnerReplySending;
    private final CoherenceListener[] blockFilled;
    private final CoherenceListener[] blockEvicted;
    private final CoherenceListener[] blockInvalidated;
    private final CoherenceListener[] ownershipMoved;
    private final CoherenceListener[] writebackReceived;
    private final CoherenceListener[] memoryBlockWriting;
    private final CoherenceListener[] dmaReplySending;
    private final CoherenceListener[] dmaReplyReceived;
    private final CoherenceListener[] dmaLastOwnerReplySending;
    private final CoherenceListener[] dmaBlockCommitted;

    ListenerChain(CoherenceListener[] listeners) {
        this.replySending = observers(listeners, "replySending");
        this.replyReceived = observers(listeners, "replyReceived");
        this.lastOwnerReplySending = observers(listeners, "lastOwnerReplySending");
        this.blockFilled = observers(listeners, "blockFilled");
        this.blockEvicted = observers(listeners, "blockEvicted");
        this.blockInvalidated = observers(listeners, "blockInvalidated");
        this.ownershipMoved = observers(listeners, "ownershipMoved");
        this.writebackReceived = observers(listeners, "writebackReceived");
        this.memoryBlockWriting = observers(listeners, "memoryBlockWriting");
        this.dmaReplySending = observers(listeners, "dmaReplySending");
        this.dmaReplyReceived = observers(listeners, "dmaReplyReceived");
        this.dmaLastOwnerReplySending = observers(listeners, "dmaLastOwnerReplySending");
        this.dmaBlockCommitted = observers(listeners, "dmaBlockCommitted");
    }

    /** The listeners whose class overrides {@link CoherenceListener}'s method {@code name} (there is one of each name). */
    private static CoherenceListener[] observers(CoherenceListener[] listeners, String name) {
        List<CoherenceListener> out = new ArrayList<>();
        for (CoherenceListener l : listeners) {
            if (Overrides.method(l, CoherenceListener.class, name)) {
                out.add(l);
            }
        }
        return out.toArray(new CoherenceListener[0]);
    }

    /** The listener that stands for {@code listeners}: NONE, the only one, or a chain. */
    static CoherenceListener of(CoherenceListener[] listeners) {
        return switch (listeners.length) {
            case 0 -> NONE;
            case 1 -> listeners[0];
            default -> new ListenerChain(listeners);
        };
    }

    @Override
    public long replySending(long now, int sender, Agent agent, int requester, long block, ReplyKind kind) {
        long result = 0;
        for (CoherenceListener l : replySending) {
            long v = l.replySending(now, sender, agent, requester, block, kind);
            if (result == 0) {
                result = v;
            }
        }
        return result;
    }

    @Override
    public void replyReceived(long now, int receiver, int sender, Agent agent, long block, ReplyKind kind,
            long piggyback) {
        for (CoherenceListener l : replyReceived) {
            l.replyReceived(now, receiver, sender, agent, block, kind, piggyback);
        }
    }

    @Override
    public long lastOwnerReplySending(long now, int home, int lastOwner, int requester, long block) {
        long result = 0;
        for (CoherenceListener l : lastOwnerReplySending) {
            long v = l.lastOwnerReplySending(now, home, lastOwner, requester, block);
            if (result == 0) {
                result = v;
            }
        }
        return result;
    }

    @Override
    public void blockFilled(long now, int cpu, long block, boolean writable) {
        for (CoherenceListener l : blockFilled) {
            l.blockFilled(now, cpu, block, writable);
        }
    }

    @Override
    public void blockEvicted(long now, int cpu, long block, boolean writtenBack) {
        for (CoherenceListener l : blockEvicted) {
            l.blockEvicted(now, cpu, block, writtenBack);
        }
    }

    @Override
    public void blockInvalidated(long now, int cpu, long block, int requester) {
        for (CoherenceListener l : blockInvalidated) {
            l.blockInvalidated(now, cpu, block, requester);
        }
    }

    @Override
    public void ownershipMoved(long now, long block, int from, int to) {
        for (CoherenceListener l : ownershipMoved) {
            l.ownershipMoved(now, block, from, to);
        }
    }

    @Override
    public void writebackReceived(long now, int home, int from, long block) {
        for (CoherenceListener l : writebackReceived) {
            l.writebackReceived(now, home, from, block);
        }
    }

    @Override
    public void memoryBlockWriting(long now, int home, int from, long block) {
        for (CoherenceListener l : memoryBlockWriting) {
            l.memoryBlockWriting(now, home, from, block);
        }
    }

    @Override
    public long dmaReplySending(long now, int engine, long engineIc, int requester, long block, ReplyKind kind) {
        long result = 0;
        for (CoherenceListener l : dmaReplySending) {
            long v = l.dmaReplySending(now, engine, engineIc, requester, block, kind);
            if (result == 0) {
                result = v;
            }
        }
        return result;
    }

    @Override
    public void dmaReplyReceived(long now, int engine, long engineIc, int sender, Agent agent, long block,
            ReplyKind kind, long piggyback) {
        for (CoherenceListener l : dmaReplyReceived) {
            l.dmaReplyReceived(now, engine, engineIc, sender, agent, block, kind, piggyback);
        }
    }

    @Override
    public long dmaLastOwnerReplySending(long now, int home, int engine, long engineIc, int requester,
            long block) {
        long result = 0;
        for (CoherenceListener l : dmaLastOwnerReplySending) {
            long v = l.dmaLastOwnerReplySending(now, home, engine, engineIc, requester, block);
            if (result == 0) {
                result = v;
            }
        }
        return result;
    }

    @Override
    public void dmaBlockCommitted(long now, int engine, long engineIc, long block, boolean write) {
        for (CoherenceListener l : dmaBlockCommitted) {
            l.dmaBlockCommitted(now, engine, engineIc, block, write);
        }
    }
}
