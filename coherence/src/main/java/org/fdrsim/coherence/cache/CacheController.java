package org.fdrsim.coherence.cache;

import org.fdrsim.coherence.CoherenceListener;
import org.fdrsim.coherence.CoherenceListener.Agent;
import org.fdrsim.coherence.CoherenceListener.ReplyKind;
import org.fdrsim.coherence.MissCompletion;
import org.fdrsim.coherence.Overrides;
import org.fdrsim.coherence.protocol.CacheAction;
import org.fdrsim.coherence.protocol.CacheEvent;
import org.fdrsim.coherence.protocol.CacheState;
import org.fdrsim.coherence.protocol.Message;
import org.fdrsim.coherence.protocol.MessageType;
import org.fdrsim.coherence.protocol.ProtocolContext;
import org.fdrsim.coherence.protocol.ProtocolTable;
import org.fdrsim.coherence.protocol.Transition;
import org.fdrsim.coherence.protocol.TransitionCoverage;
import org.fdrsim.coherence.protocol.TransitionTable;
import org.fdrsim.cpu.core.MemoryPort;

/**
 * One processor's caches: an L1 of tags (a timing filter) over an L2 with data, the coherence
 * point of the MOSI protocol. Every access and message is looked up in
 * {@link ProtocolTable#CACHE}; this class only gives the named actions their meaning.
 *
 * <p>The core is blocking: at most one miss is outstanding (writebacks in flight are extra).
 * On {@link #MISS} the request leaves after the L2 tag check; when data and all acks are in,
 * the {@link MissCompletion} runs in that same event and the processor re-executes the access,
 * which then hits. Accesses are assumed to stay within one 64-byte block (the ISA's aligned
 * words and bytes do).
 */
public final class CacheController implements MemoryPort {
    private static final TransitionTable<CacheState, CacheEvent, CacheAction> TABLE = ProtocolTable.CACHE;
    private static final int EV_LOAD = CacheEvent.LOAD.ordinal();
    private static final int EV_STORE = CacheEvent.STORE.ordinal();
    private static final int EV_REPLACEMENT = CacheEvent.REPLACEMENT.ordinal();
    private static final int ST_I = CacheState.I.ordinal();
    private static final int ST_S = CacheState.S.ordinal();
    private static final int ST_O = CacheState.O.ordinal();
    private static final int ST_IS_D = CacheState.IS_D.ordinal();
    private static final int ST_IM_AD = CacheState.IM_AD.ordinal();
    private static final int ST_IM_A = CacheState.IM_A.ordinal();
    private static final int ST_SM_A = CacheState.SM_A.ordinal();
    private static final int ST_OM_A = CacheState.OM_A.ordinal();
    private static final MissCompletion NOBODY = (cpu, now) -> {};
    /** Bit s set if a load (store) in state s is a hit: the hit path's test without a table cell. */
    private static final long HIT_LOADS = hitStates(EV_LOAD);
    private static final long HIT_STORES = hitStates(EV_STORE);

    private final int cpu;
    private final ProtocolContext ctx;
    private final TransitionCoverage<CacheState, CacheEvent, CacheAction> coverage;
    private final TagArray l1;
    private final TagArray l2;
    private final byte[] l2State;
    private final FrameData l2Data;
    private final WritebackBuffer writebacks = new WritebackBuffer();
    private final int l1HitCycles;
    private final int l2HitCycles;
    private final CacheStats stats = new CacheStats();
    private MissCompletion completion = NOBODY;
    // Per-frame state kept outside the cache, by the event observed: only the observers that
    // override it, resolved when attached (a hit calls no empty default); null when none (the
    // hit path then makes no call), a pair when two.
    private FrameObserver allocationObserver;
    private FrameObserver accessObserver;
    private FrameObserver storeObserver;

    // The outstanding miss (missBlock == -1: none).
    private long missBlock = -1;
    private boolean missWrite;
    private boolean missWaitsForWriteback;
    private long missStart;
    /** Acks still to come; negative while acks overtake the data or ack count that announces them. */
    private int pendingAcks;

    // The block the last successful acquire() made accessible: its L2 data page and offset.
    private long[] accessPage;
    private int accessOffset;

    // The transition being run: the block, its L2 frame (-1: none), the message (null for
    // processor events) and the time.
    private long xBlock;
    private int xFrame;
    private Message xMsg;
    private long xNow;
    private boolean wakeProcessor;
    private boolean restartMiss;

    public CacheController(int cpu, ProtocolContext ctx) {
        this.cpu = cpu;
        this.ctx = ctx;
        this.coverage = ctx.cacheCoverage();
        CacheGeometry g1 = ctx.config().l1();
        CacheGeometry g2 = ctx.config().l2();
        this.l1 = new TagArray(g1);
        this.l2 = new TagArray(g2);
        this.l2State = new byte[g2.frames()];
        this.l2Data = new FrameData(g2.frames());
        this.l1HitCycles = g1.hitCycles();
        this.l2HitCycles = g2.hitCycles();
    }

    public int cpu() {
        return cpu;
    }

    /** Who to wake when a miss completes. */
    public void setMissCompletion(MissCompletion completion) {
        this.completion = completion == null ? NOBODY : completion;
    }

    /**
     * Attaches per-frame state kept outside the cache; a second observer is called after the
     * first. Each event goes only to the observers whose class overrides it (found here, by
     * reflection, once), so a hit makes no call to an empty default. Call before the run starts.
     */
    public void observeFrames(FrameObserver observer) {
        if (Overrides.method(observer, FrameObserver.class, "blockAllocated")) {
            allocationObserver = FrameObserverPair.after(allocationObserver, observer);
        }
        if (Overrides.method(observer, FrameObserver.class, "accessed")) {
            accessObserver = FrameObserverPair.after(accessObserver, observer);
        }
        if (Overrides.method(observer, FrameObserver.class, "storing")) {
            storeObserver = FrameObserverPair.after(storeObserver, observer);
        }
    }

    public CacheStats stats() {
        return stats;
    }

    /** True while a miss is outstanding. */
    public boolean missOutstanding() {
        return missBlock >= 0;
    }

    // ---------------------------------------------------------------- processor side

    @Override
    public int acquire(long address, boolean write, long ic, long cycle) {
        long block = address & ~63L;
        int frame = l2.lookup(block);
        int state = frame >= 0 ? l2State[frame] : stateOutsideL2(block);
        int event = write ? EV_STORE : EV_LOAD;
        if (((write ? HIT_STORES : HIT_LOADS) >>> state & 1) != 0) {
            coverage.count(state, event);
            long[] page = l2Data.page(frame);
            int offset = FrameData.offset(frame);
            accessPage = page;
            accessOffset = offset;
            if (accessObserver != null) {
                accessObserver.accessed(frame, ic);
            }
            if (write && storeObserver != null) {
                storeObserver.storing(Math.max(cycle, ctx.queue().now()), frame, block, page, offset);
            }
            l2.touch(frame);
            int f1 = l1.lookup(block);
            if (f1 >= 0) {
                l1.touch(f1);
                if (write) {
                    stats.storeL1Hits++;
                } else {
                    stats.loadL1Hits++;
                }
                return l1HitCycles;
            }
            fillL1(block);
            if (write) {
                stats.storeL2Hits++;
            } else {
                stats.loadL2Hits++;
            }
            return l2HitCycles;
        }
        Transition<CacheState, CacheAction> t = TABLE.get(state, event);
        if (missBlock >= 0) {
            throw new IllegalStateException("cpu " + cpu + ": access to 0x" + Long.toHexString(address)
                    + " while the miss to 0x" + Long.toHexString(missBlock) + " is outstanding");
        }
        long now = Math.max(cycle, ctx.queue().now()); // a processor never runs behind the queue
        missBlock = block;
        missWrite = write;
        missStart = now;
        pendingAcks = 0;
        accessPage = null;
        if (t.kind() == Transition.Kind.STALL) {
            // Our writeback of this block is in flight: the miss starts at its Put-Ack.
            missWaitsForWriteback = true;
            stats.waitedForWriteback++;
            coverage.count(state, event);
            return MISS;
        }
        startMiss(state, frame, now);
        return MISS;
    }

    @Override
    public int repeatedHitCycles() {
        return l1HitCycles; // the acquire before left the block in the L1
    }

    /**
     * The hits after a first one that {@link #acquire} made: no observer but the access's needs
     * a call (the first store of a checkpoint interval was that acquire's, and both LRU stamps
     * already mark the block most recent), so only the counts and the last IC change.
     */
    @Override
    public void repeatHits(long address, boolean write, long lastIc, long times) {
        int frame = l2.lookup(address & ~63L);
        coverage.count(l2State[frame], write ? EV_STORE : EV_LOAD, times);
        if (accessObserver != null) {
            accessObserver.accessed(frame, lastIc);
        }
        if (write) {
            stats.storeL1Hits += times;
        } else {
            stats.loadL1Hits += times;
        }
    }

    @Override
    public long loadWord(long address) {
        return accessPage[accessOffset + (int) ((address >>> 3) & 7)];
    }

    @Override
    public void storeWord(long address, long value) {
        accessPage[accessOffset + (int) ((address >>> 3) & 7)] = value;
    }

    @Override
    public int loadByte(long address) {
        return (int) (loadWord(address) >>> ((address & 7) * 8)) & 0xff;
    }

    @Override
    public void storeByte(long address, int value) {
        int i = accessOffset + (int) ((address >>> 3) & 7);
        int shift = (int) (address & 7) * 8;
        accessPage[i] = (accessPage[i] & ~(0xffL << shift)) | ((long) (value & 0xff) << shift);
    }

    private void startMiss(int state, int frame, long now) {
        if (state == ST_I) {
            if (missWrite) {
                stats.missGetM++;
            } else {
                stats.missGetS++;
            }
        } else if (state == ST_S) {
            stats.upgradeFromS++;
        } else if (state == ST_O) {
            stats.upgradeFromO++;
        }
        run(TABLE.get(state, missWrite ? EV_STORE : EV_LOAD), state, missWrite ? EV_STORE : EV_LOAD,
                missBlock, frame, null, now);
    }

    // ---------------------------------------------------------------- network side

    /** Handles a message for this cache (forward or response network) and releases it. */
    public void receive(long now, Message m) {
        long block = m.block;
        int frame = l2.lookup(block);
        int state = frame >= 0 ? l2State[frame] : stateOutsideL2(block);
        CacheEvent event;
        switch (m.type) {
            case FWD_GETS -> {
                stats.forwardedGetS++;
                event = CacheEvent.FWD_GETS;
            }
            case FWD_GETM -> {
                stats.forwardedGetM++;
                event = CacheEvent.FWD_GETM;
            }
            case INV -> {
                stats.invalidations++;
                if (state == ST_I || state == ST_IS_D || state == ST_IM_AD) {
                    stats.staleInvalidations++;
                }
                event = CacheEvent.INV;
            }
            case PUT_ACK -> event = CacheEvent.PUT_ACK;
            case DATA -> {
                ctx.listener().replyReceived(now, cpu, m.src, m.fromDirectory ? Agent.DIRECTORY : Agent.CACHE,
                        block, ReplyKind.DATA, m.piggyback);
                event = pendingAcks + m.acks == 0 ? CacheEvent.DATA_COMPLETE : CacheEvent.DATA_WAIT_ACKS;
            }
            case ACK_COUNT -> event = pendingAcks + m.acks == 0
                    ? CacheEvent.ACK_COUNT_COMPLETE : CacheEvent.ACK_COUNT_WAIT_ACKS;
            case INV_ACK -> {
                ctx.listener().replyReceived(now, cpu, m.src, Agent.CACHE, block, ReplyKind.INV_ACK,
                        m.piggyback);
                boolean counted = state == ST_IM_A || state == ST_SM_A || state == ST_OM_A;
                event = counted && pendingAcks == 1 ? CacheEvent.LAST_INV_ACK : CacheEvent.INV_ACK;
            }
            default -> throw new IllegalStateException("cpu " + cpu + " cannot handle " + m);
        }
        run(TABLE.get(state, event.ordinal()), state, event.ordinal(), block, frame, m, now);
        ctx.pool().release(m);
    }

    // ---------------------------------------------------------------- the table interpreter

    private void run(Transition<CacheState, CacheAction> t, int state, int event, long block, int frame,
            Message m, long now) {
        if (!t.isTransition()) {
            throw new IllegalStateException("cpu " + cpu + ": " + t.kind() + " transition "
                    + CacheState.of(state) + " x " + CacheEvent.values()[event] + " for block 0x"
                    + Long.toHexString(block) + (m == null ? "" : " (" + m + ")") + " at " + now);
        }
        coverage.count(state, event);
        xBlock = block;
        xFrame = frame;
        xMsg = m;
        xNow = now;
        for (CacheAction a : t.actionArray()) {
            perform(a);
        }
        commitState(t.next());
        if (wakeProcessor) {
            wakeProcessor = false;
            long filled = missBlock;
            missBlock = -1;
            stats.missesCompleted++;
            stats.missCycles += now - missStart;
            ctx.listener().blockFilled(now, cpu, filled, missWrite);
            completion.missCompleted(cpu, now);
        }
        if (restartMiss) {
            restartMiss = false;
            missWaitsForWriteback = false;
            startMiss(ST_I, -1, now);
        }
    }

    /** Stores the next state where the block now lives: its L2 frame or the writeback buffer. */
    private void commitState(CacheState next) {
        if (next.inWritebackBuffer()) {
            writebacks.setState(writebacks.find(xBlock), (byte) next.ordinal());
        } else if (next == CacheState.I) {
            if (xFrame >= 0) {
                throw new IllegalStateException("cpu " + cpu + ": table left block 0x"
                        + Long.toHexString(xBlock) + " in a frame in state I");
            }
        } else {
            l2State[xFrame] = (byte) next.ordinal();
        }
    }

    private void perform(CacheAction a) {
        switch (a) {
            case HIT -> { } // hits take the fast path in acquire()
            case ALLOCATE -> allocate();
            case SEND_GETS -> request(MessageType.GETS);
            case SEND_GETM -> request(MessageType.GETM);
            case EVICT_SILENTLY -> {
                stats.silentEvictions++;
                ctx.listener().blockEvicted(xNow, cpu, xBlock, false);
                dropFrame();
            }
            case WRITE_BACK_PUTM -> writeBack(MessageType.PUTM);
            case WRITE_BACK_PUTO -> writeBack(MessageType.PUTO);
            case SEND_DATA -> sendData();
            case SEND_INV_ACK -> sendInvAck();
            case INVALIDATE -> {
                ctx.listener().blockInvalidated(xNow, cpu, xBlock, xMsg.requester);
                dropFrame();
            }
            case INVALIDATE_L1 -> l1.invalidateBlock(xBlock);
            case WRITE_DATA -> l2Data.copyIn(xFrame, xMsg.data);
            case ADD_ACKS -> pendingAcks += xMsg.acks;
            case COUNT_ACK -> pendingAcks--;
            case UNBLOCK -> ctx.send(xNow, ctx.obtain(MessageType.UNBLOCK, xBlock, cpu, ctx.home(xBlock), cpu));
            case WAKE -> {
                fillL1(xBlock);
                wakeProcessor = true;
            }
            case FREE_WB -> {
                writebacks.remove(writebacks.find(xBlock));
                if (missWaitsForWriteback && missBlock == xBlock) {
                    restartMiss = true;
                }
            }
            default -> throw new IllegalStateException("unknown action " + a);
        }
    }

    private void allocate() {
        int victim = l2.victim(xBlock);
        if (l2.isValid(victim)) {
            replace(victim);
        }
        l2.install(victim, xBlock);
        l2Data.allocate(victim);
        l2State[victim] = (byte) ST_I;
        if (allocationObserver != null) {
            allocationObserver.blockAllocated(victim, xBlock);
        }
        xFrame = victim;
    }

    /** Runs the victim's Replacement transition, then restores the outer transition's context. */
    private void replace(int victim) {
        long outerBlock = xBlock;
        Message outerMsg = xMsg;
        int state = l2State[victim];
        Transition<CacheState, CacheAction> t = TABLE.get(state, EV_REPLACEMENT);
        if (!t.isTransition()) {
            throw new IllegalStateException("cpu " + cpu + ": cannot replace block 0x"
                    + Long.toHexString(l2.blockAt(victim)) + " in state " + CacheState.of(state));
        }
        coverage.count(state, EV_REPLACEMENT);
        xBlock = l2.blockAt(victim);
        xFrame = victim;
        xMsg = null;
        for (CacheAction a : t.actionArray()) {
            perform(a);
        }
        commitState(t.next());
        xBlock = outerBlock;
        xMsg = outerMsg;
    }

    private void request(MessageType type) {
        Message m = ctx.obtain(type, xBlock, cpu, ctx.home(xBlock), cpu);
        ctx.send(xNow + l2HitCycles, m); // the L2 tag check finds the miss first
    }

    private void writeBack(MessageType type) {
        writebacks.add(xBlock, (byte) 0, l2Data.page(xFrame), FrameData.offset(xFrame));
        Message m = ctx.obtain(type, xBlock, cpu, ctx.home(xBlock), cpu);
        l2Data.copyOut(xFrame, m.data);
        ctx.send(xNow, m);
        stats.writebacks++;
        ctx.listener().blockEvicted(xNow, cpu, xBlock, true);
        dropFrame();
    }

    private void sendData() {
        int requester = xMsg.requester;
        Message m = ctx.obtain(MessageType.DATA, xBlock, cpu, requester, requester);
        if (xFrame >= 0) {
            l2Data.copyOut(xFrame, m.data);
        } else {
            System.arraycopy(writebacks.data(), writebacks.find(xBlock) * 8, m.data, 0, 8);
        }
        boolean getM = xMsg.type == MessageType.FWD_GETM;
        m.acks = getM ? xMsg.acks : 0;
        CoherenceListener listener = ctx.listener();
        m.piggyback = listener.replySending(xNow, cpu, Agent.CACHE, requester, xBlock, ReplyKind.DATA);
        if (getM) {
            listener.ownershipMoved(xNow, xBlock, cpu, requester);
        }
        ctx.send(xNow + l2HitCycles, m); // read the data out of the L2
    }

    private void sendInvAck() {
        int requester = xMsg.requester;
        Message m = ctx.obtain(MessageType.INV_ACK, xBlock, cpu, requester, requester);
        m.piggyback = ctx.listener().replySending(xNow, cpu, Agent.CACHE, requester, xBlock, ReplyKind.INV_ACK);
        ctx.send(xNow, m);
    }

    private void dropFrame() {
        l1.invalidateBlock(xBlock);
        l2.invalidate(xFrame);
        xFrame = -1;
    }

    private void fillL1(long block) {
        int f = l1.victim(block);
        l1.install(f, block);
    }

    private static long hitStates(int event) {
        if (CacheState.values().length > Long.SIZE) {
            throw new IllegalStateException("more cache states than bits in a long");
        }
        long bits = 0;
        for (CacheState s : CacheState.values()) {
            if (TABLE.get(s.ordinal(), event).isHit()) {
                bits |= 1L << s.ordinal();
            }
        }
        return bits;
    }

    private int stateOutsideL2(long block) {
        int e = writebacks.find(block);
        return e < 0 ? ST_I : writebacks.state(e);
    }

    // ---------------------------------------------------------------- frames

    /** L2 block frames (per-frame state kept outside the cache is sized by it). */
    public int l2Frames() {
        return l2State.length;
    }

    /** The L2 frame that holds {@code block}, or -1 if it is not in the L2 (the writeback buffer is not). */
    public int l2Frame(long block) {
        return l2.lookup(block & ~63L);
    }

    // ---------------------------------------------------------------- inspection

    /** The state of {@code block} here (I if absent). */
    public CacheState state(long block) {
        block &= ~63L;
        int frame = l2.lookup(block);
        return CacheState.of(frame >= 0 ? l2State[frame] : stateOutsideL2(block));
    }

    /** True if {@code block} is in the L1 (timing filter). */
    public boolean inL1(long block) {
        return l1.lookup(block & ~63L) >= 0;
    }

    /**
     * This cache's copy of the word at {@code address} (L2 frame or writeback buffer), for
     * functional inspection; only meaningful where this cache holds the block.
     */
    public long peekWord(long address) {
        long block = address & ~63L;
        int w = (int) ((address >>> 3) & 7);
        int frame = l2.lookup(block);
        if (frame >= 0) {
            return l2Data.word(frame, w);
        }
        int e = writebacks.find(block);
        if (e >= 0) {
            return writebacks.data()[e * 8 + w];
        }
        throw new IllegalStateException("cpu " + cpu + " does not hold block 0x" + Long.toHexString(block));
    }

    /** Writebacks waiting for their Put-Ack. */
    public int writebacksInFlight() {
        return writebacks.size();
    }

    /** One line per outstanding transaction (deadlock reports); empty if idle. */
    public String describeOutstanding() {
        StringBuilder sb = new StringBuilder();
        if (missBlock >= 0) {
            sb.append("cpu ").append(cpu).append(": ").append(missWrite ? "write" : "read")
                    .append(" miss to 0x").append(Long.toHexString(missBlock)).append(" in ")
                    .append(state(missBlock)).append(missWaitsForWriteback ? " (waiting for its writeback)" : "")
                    .append(", pending acks ").append(pendingAcks).append(", since cycle ").append(missStart)
                    .append('\n');
        }
        for (int e = 0; e < writebacks.capacity(); e++) {
            long b = writebacks.block(e);
            if (b != -1L) {
                sb.append("cpu ").append(cpu).append(": writeback of 0x").append(Long.toHexString(b))
                        .append(" in ").append(CacheState.of(writebacks.state(e))).append('\n');
            }
        }
        return sb.toString();
    }
}
