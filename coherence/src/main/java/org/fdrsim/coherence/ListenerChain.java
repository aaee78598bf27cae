package org.fdrsim.coherence;

import java.util.Arrays;

/** Several listeners behind one: calls each in attach order. */
final class ListenerChain implements CoherenceListener {
    private final CoherenceListener[] listeners;

    ListenerChain(CoherenceListener[] listeners) {
        this.listeners = Arrays.copyOf(listeners, listeners.length);
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
        for (CoherenceListener l : listeners) {
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
        for (CoherenceListener l : listeners) {
            l.replyReceived(now, receiver, sender, agent, block, kind, piggyback);
        }
    }

    @Override
    public long lastOwnerReplySending(long now, int home, int lastOwner, int requester, long block) {
        long result = 0;
        for (CoherenceListener l : listeners) {
            long v = l.lastOwnerReplySending(now, home, lastOwner, requester, block);
            if (result == 0) {
                result = v;
            }
        }
        return result;
    }

    @Override
    public void blockFilled(long now, int cpu, long block, boolean writable) {
        for (CoherenceListener l : listeners) {
            l.blockFilled(now, cpu, block, writable);
        }
    }

    @Override
    public void blockEvicted(long now, int cpu, long block, boolean writtenBack) {
        for (CoherenceListener l : listeners) {
            l.blockEvicted(now, cpu, block, writtenBack);
        }
    }

    @Override
    public void blockInvalidated(long now, int cpu, long block, int requester) {
        for (CoherenceListener l : listeners) {
            l.blockInvalidated(now, cpu, block, requester);
        }
    }

    @Override
    public void ownershipMoved(long now, long block, int from, int to) {
        for (CoherenceListener l : listeners) {
            l.ownershipMoved(now, block, from, to);
        }
    }

    @Override
    public void writebackReceived(long now, int home, int from, long block) {
        for (CoherenceListener l : listeners) {
            l.writebackReceived(now, home, from, block);
        }
    }

    @Override
    public void memoryBlockWriting(long now, int home, int from, long block) {
        for (CoherenceListener l : listeners) {
            l.memoryBlockWriting(now, home, from, block);
        }
    }

    @Override
    public long dmaReplySending(long now, int engine, long engineIc, int requester, long block, ReplyKind kind) {
        long result = 0;
        for (CoherenceListener l : listeners) {
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
        for (CoherenceListener l : listeners) {
            l.dmaReplyReceived(now, engine, engineIc, sender, agent, block, kind, piggyback);
        }
    }

    @Override
    public long dmaLastOwnerReplySending(long now, int home, int engine, long engineIc, int requester,
            long block) {
        long result = 0;
        for (CoherenceListener l : listeners) {
            long v = l.dmaLastOwnerReplySending(now, home, engine, engineIc, requester, block);
            if (result == 0) {
                result = v;
            }
        }
        return result;
    }

    @Override
    public void dmaBlockCommitted(long now, int engine, long engineIc, long block, boolean write) {
        for (CoherenceListener l : listeners) {
            l.dmaBlockCommitted(now, engine, engineIc, block, write);
        }
    }
}
