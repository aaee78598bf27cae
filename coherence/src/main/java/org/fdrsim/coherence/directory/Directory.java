package org.fdrsim.coherence.directory;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.fdrsim.coherence.CoherenceListener;
import org.fdrsim.coherence.CoherenceListener.Agent;
import org.fdrsim.coherence.CoherenceListener.ReplyKind;
import org.fdrsim.coherence.protocol.DirectoryAction;
import org.fdrsim.coherence.protocol.DirectoryEvent;
import org.fdrsim.coherence.protocol.DirectoryState;
import org.fdrsim.coherence.protocol.Message;
import org.fdrsim.coherence.protocol.MessageType;
import org.fdrsim.coherence.protocol.ProtocolContext;
import org.fdrsim.coherence.protocol.ProtocolTable;
import org.fdrsim.coherence.protocol.Transition;
import org.fdrsim.coherence.protocol.TransitionTable;
import org.fdrsim.cpu.sim.SimRandom;

/**
 * One node's slice of the full-map directory, in front of its {@link MemoryController}.
 * Every message is looked up in {@link ProtocolTable#DIRECTORY}; this class gives the actions
 * their meaning. Entries are created on first touch and kept in primitive arrays (state,
 * owner, sharer bit mask: at most 64 nodes); each busy entry has an intrusive FIFO of the
 * messages that wait for it, so queuing allocates nothing.
 */
public final class Directory {
    private static final TransitionTable<DirectoryState, DirectoryEvent, DirectoryAction> TABLE =
            ProtocolTable.DIRECTORY;

    private final int node;
    private final ProtocolContext ctx;
    private final MemoryController memory;
    private final int directoryCycles;
    private final Long2IntOpenHashMap index = new Long2IntOpenHashMap();
    /** The block {@link #entry} last found and its entry (a request and its Unblock come for one block); entries are never removed. */
    private long lastBlock = -1;
    private int lastEntry;
    private long[] blocks = new long[64];
    private byte[] states = new byte[64];
    private int[] owners = new int[64];
    private long[] sharers = new long[64];
    private Message[] queueHead = new Message[64];
    private Message[] queueTail = new Message[64];
    private int entries;

    private final long[] requests = new long[MessageType.values().length];
    private long busyStalls;
    private long stalePuts;

    // The transition being run.
    private int xEntry;
    private Message xMsg;
    private long xNow;
    /** Cycles before this transition's messages leave: lookup plus the seeded perturbation. */
    private int xDelay;
    private boolean wakeQueue;
    private final int perturbation;
    private final SimRandom random;

    public Directory(int node, ProtocolContext ctx, MemoryController memory) {
        this.node = node;
        this.ctx = ctx;
        this.memory = memory;
        this.directoryCycles = ctx.config().directoryCycles();
        // Perturb every transaction, not only DRAM reads: cache-to-cache transfers then vary
        // too, so repeated runs of a racy program interleave differently (Alameldeen and Wood).
        this.perturbation = ctx.config().memoryPerturbationCycles();
        this.random = SimRandom.forComponent(ctx.config().seed(), "directory" + node);
        index.defaultReturnValue(-1);
    }

    public int node() {
        return node;
    }

    public MemoryController memory() {
        return memory;
    }

    /** Handles a request, writeback or Unblock for a block homed here, and releases it. */
    public void receive(long now, Message m) {
        requests[m.type.ordinal()]++;
        handle(entry(m.block), m, now);
    }

    private void handle(int e, Message m, long now) {
        int state = states[e];
        DirectoryEvent event = classify(e, m);
        Transition<DirectoryState, DirectoryAction> t = TABLE.get(state, event.ordinal());
        ctx.directoryCoverage().count(state, event.ordinal());
        if (t.kind() == Transition.Kind.STALL) {
            busyStalls++;
            enqueue(e, m);
            return;
        }
        if (t.kind() == Transition.Kind.IMPOSSIBLE) {
            throw new IllegalStateException("directory " + node + ": impossible transition "
                    + DirectoryState.of(state) + " x " + event + " for " + m + " at " + now + " (owner "
                    + owners[e] + ", sharers " + Long.toBinaryString(sharers[e]) + ")");
        }
        if (event == DirectoryEvent.PUT_FROM_NON_OWNER) {
            stalePuts++;
        }
        xEntry = e;
        xMsg = m;
        xNow = now;
        xDelay = perturbation == 0 ? directoryCycles : directoryCycles + random.nextInt(perturbation + 1);
        for (DirectoryAction a : t.actionArray()) {
            perform(a);
        }
        states[e] = (byte) t.next().ordinal();
        ctx.pool().release(m);
        if (wakeQueue) {
            wakeQueue = false;
            // Requests that waited run in arrival order until one makes the entry busy again.
            while (queueHead[e] != null && DirectoryState.of(states[e]).isStable()) {
                Message q = queueHead[e];
                queueHead[e] = q.next();
                if (queueHead[e] == null) {
                    queueTail[e] = null;
                }
                q.setNext(null);
                handle(e, q, now);
            }
        }
    }

    private DirectoryEvent classify(int e, Message m) {
        boolean fromOwner = DirectoryState.of(states[e]).hasOwner() && owners[e] == m.requester;
        return switch (m.type) {
            case GETS -> {
                if (fromOwner) {
                    throw new IllegalStateException("directory " + node + ": GetS from the owner: " + m);
                }
                yield DirectoryEvent.GET_S;
            }
            case GETM -> fromOwner ? DirectoryEvent.GET_M_FROM_OWNER : DirectoryEvent.GET_M;
            case PUTM, PUTO -> fromOwner ? DirectoryEvent.PUT_FROM_OWNER : DirectoryEvent.PUT_FROM_NON_OWNER;
            case UNBLOCK -> DirectoryEvent.UNBLOCK;
            default -> throw new IllegalStateException("directory " + node + " cannot handle " + m);
        };
    }

    private void perform(DirectoryAction a) {
        int e = xEntry;
        Message m = xMsg;
        long block = blocks[e];
        int requester = m.requester;
        long others = sharers[e] & ~(1L << requester);
        switch (a) {
            case SEND_DATA_FROM_MEMORY -> {
                Message d = ctx.obtain(MessageType.DATA, block, node, requester, requester);
                d.fromDirectory = true;
                d.acks = m.type == MessageType.GETM ? Long.bitCount(others) : 0;
                int latency = memory.read(block, d);
                CoherenceListener listener = ctx.listener();
                int lastOwner = owners[e]; // in I and S: the last owner that wrote back, or -1
                if (lastOwner >= 0 && ctx.isDmaEngine(lastOwner)) {
                    d.piggyback = listener.dmaLastOwnerReplySending(xNow, node, lastOwner, ctx.dmaIc(lastOwner),
                            requester, block);
                } else {
                    d.piggyback = lastOwner >= 0
                            ? listener.lastOwnerReplySending(xNow, node, lastOwner, requester, block)
                            : listener.replySending(xNow, node, Agent.DIRECTORY, requester, block, ReplyKind.DATA);
                }
                if (m.type == MessageType.GETM) {
                    listener.ownershipMoved(xNow, block, -1, requester);
                }
                ctx.send(xNow + xDelay + latency, d);
            }
            case SEND_INVS -> {
                long bits = others;
                while (bits != 0) {
                    int sharer = Long.numberOfTrailingZeros(bits);
                    bits &= bits - 1;
                    ctx.send(xNow + xDelay, ctx.obtain(MessageType.INV, block, node, sharer, requester));
                }
            }
            case FWD_GETS -> ctx.send(xNow + xDelay,
                    ctx.obtain(MessageType.FWD_GETS, block, node, owners[e], requester));
            case FWD_GETM -> {
                Message f = ctx.obtain(MessageType.FWD_GETM, block, node, owners[e], requester);
                f.acks = Long.bitCount(others);
                ctx.send(xNow + xDelay, f);
            }
            case SEND_ACK_COUNT -> {
                Message c = ctx.obtain(MessageType.ACK_COUNT, block, node, requester, requester);
                c.fromDirectory = true;
                c.acks = Long.bitCount(others);
                ctx.send(xNow + xDelay, c);
            }
            case ADD_SHARER -> sharers[e] |= 1L << requester;
            case CLEAR_SHARERS -> sharers[e] = 0;
            case SET_OWNER -> owners[e] = requester;
            case WRITE_MEMORY -> {
                ctx.listener().memoryBlockWriting(xNow, node, requester, block);
                memory.write(block, m);
                ctx.listener().writebackReceived(xNow, node, requester, block);
            }
            case SEND_PUT_ACK -> {
                Message p = ctx.obtain(MessageType.PUT_ACK, block, node, requester, requester);
                p.fromDirectory = true;
                ctx.send(xNow + xDelay, p);
            }
            case WAKE_QUEUE -> wakeQueue = true;
            default -> throw new IllegalStateException("unknown action " + a);
        }
    }

    private void enqueue(int e, Message m) {
        m.setNext(null);
        if (queueTail[e] == null) {
            queueHead[e] = m;
        } else {
            queueTail[e].setNext(m);
        }
        queueTail[e] = m;
    }

    private int entry(long block) {
        if (block == lastBlock) {
            return lastEntry;
        }
        int e = index.get(block);
        if (e < 0) {
            e = newEntry(block);
        }
        lastBlock = block;
        lastEntry = e;
        return e;
    }

    private int newEntry(long block) {
        if (entries == blocks.length) {
            int n = entries * 2;
            blocks = Arrays.copyOf(blocks, n);
            states = Arrays.copyOf(states, n);
            owners = Arrays.copyOf(owners, n);
            sharers = Arrays.copyOf(sharers, n);
            queueHead = Arrays.copyOf(queueHead, n);
            queueTail = Arrays.copyOf(queueTail, n);
        }
        int e = entries++;
        blocks[e] = block;
        states[e] = (byte) DirectoryState.I.ordinal();
        owners[e] = -1;
        sharers[e] = 0;
        index.put(block, e);
        return e;
    }

    // ---------------------------------------------------------------- inspection

    public DirectoryState state(long block) {
        int e = index.get(block & ~63L);
        return e < 0 ? DirectoryState.I : DirectoryState.of(states[e]);
    }

    /** The owner (O, M, busy) or the last owner that wrote back (I, S); -1 if none. */
    public int owner(long block) {
        int e = index.get(block & ~63L);
        return e < 0 ? -1 : owners[e];
    }

    /** The sharer bit mask (bit i: node i). */
    public long sharers(long block) {
        int e = index.get(block & ~63L);
        return e < 0 ? 0 : sharers[e];
    }

    /** Receives owned blocks from {@link #forEachOwned}. */
    @FunctionalInterface
    public interface OwnedBlockVisitor {
        void visit(long block, int owner);
    }

    /** Visits every block a cache owns (O or M; busy entries by their recorded owner), in entry order. */
    public void forEachOwned(OwnedBlockVisitor visitor) {
        for (int e = 0; e < entries; e++) {
            DirectoryState s = DirectoryState.of(states[e]);
            if (s.hasOwner() || s == DirectoryState.BUSY_O || s == DirectoryState.BUSY_M) {
                visitor.visit(blocks[e], owners[e]);
            }
        }
    }

    /** Number of busy entries. */
    public int busyEntries() {
        int n = 0;
        for (int e = 0; e < entries; e++) {
            if (!DirectoryState.of(states[e]).isStable()) {
                n++;
            }
        }
        return n;
    }

    /** One line per busy entry with its waiting messages (deadlock reports), in entry order. */
    public String describeBusy() {
        StringBuilder sb = new StringBuilder();
        for (int e = 0; e < entries; e++) {
            if (!DirectoryState.of(states[e]).isStable() || queueHead[e] != null) {
                sb.append("directory ").append(node).append(": block 0x").append(Long.toHexString(blocks[e]))
                        .append(" in ").append(DirectoryState.of(states[e])).append(", owner ").append(owners[e])
                        .append(", sharers ").append(Long.toBinaryString(sharers[e])).append(", waiting:");
                for (Message q = queueHead[e]; q != null; q = q.next()) {
                    sb.append(' ').append(q.type).append(" from ").append(q.requester);
                }
                sb.append('\n');
            }
        }
        return sb.toString();
    }

    public Map<String, Object> stats() {
        Map<String, Object> m = new LinkedHashMap<>();
        Map<String, Object> req = new LinkedHashMap<>();
        req.put("GetS", requests[MessageType.GETS.ordinal()]);
        req.put("GetM", requests[MessageType.GETM.ordinal()]);
        req.put("PutM", requests[MessageType.PUTM.ordinal()]);
        req.put("PutO", requests[MessageType.PUTO.ordinal()]);
        req.put("Unblock", requests[MessageType.UNBLOCK.ordinal()]);
        m.put("requests", req);
        m.put("stalePuts", stalePuts);
        m.put("busyStalls", busyStalls);
        m.put("memoryReads", memory.reads());
        m.put("memoryWrites", memory.writes());
        m.put("entries", (long) entries);
        return m;
    }
}
