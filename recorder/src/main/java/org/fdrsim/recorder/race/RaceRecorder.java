package org.fdrsim.recorder.race;

import java.util.Arrays;
import org.fdrsim.coherence.CoherenceListener;
import org.fdrsim.cpu.log.LogSink;

/**
 * FDR's memory-race recorder (Table 2 and section 4.3 of the paper), as a coherence listener.
 *
 * <ul>
 *   <li>Send: a cache replying for block b piggybacks (its id, CIC[b]); the CIC is the IC of
 *       its last access to b, kept per L2 frame beside the cache ({@link CicArray}, read
 *       through {@link AgentView#lastAccessIc}). A cache without a CIC for b (silently
 *       replaced S block answering an Inv, block in the writeback buffer, frame not accessed
 *       since its fill) sends its current IC: by the send observation any value in
 *       [CIC[b], IC] is correct. With {@code cic16} the frame keeps 16 bits and the reply
 *       carries {@code min((IC & ~0xffff) | CIC16, IC)}.</li>
 *   <li>Written-back blocks: memory's reply is sent in the last owner's name, and carries
 *       the last owner's current IC (FDR: the directory asks it).</li>
 *   <li>Data from memory with no last owner carries nothing: no store since memory was
 *       initialised (or since the checkpoint) can conflict.</li>
 *   <li>Receive: the receiver j logs (id, ic, IC+1) in its race log only if ic &gt; VIC[id]
 *       (the primary policy decides; see the fdr policy).
 *       Replies may arrive in any order: each carries a whole IC, so the VIC check stays
 *       right (section 4.3, unordered interconnect).</li>
 * </ul>
 *
 * <p>The primary policy's entries go to the receiver's log sink (its memory-race log buffer,
 * or a DMA engine's DMA-race log buffer); when the sink is full its stall goes to the
 * {@link StallSink}. Observer policies see the same arcs and only count. Nothing here
 * allocates per message.
 */
public final class RaceRecorder implements CoherenceListener {
    private static final long LOW16 = 0xffffL;

    private final AgentView view;
    private final boolean cic16;
    private final ArcPolicy primary;
    private ArcPolicy[] observers = new ArcPolicy[0];
    private LogSink[] sinks = new LogSink[0];
    private StallSink stallSink = StallSink.NONE;
    private AccessSink trace;
    private final byte[] entry = new byte[RaceEntry.BYTES];

    private long repliesSent;
    private long replyArcs;
    private long entries;
    private long stalls;
    private long stallCycles;

    public RaceRecorder(AgentView view, boolean cic16, ArcPolicy primary) {
        this.view = view;
        this.cic16 = cic16;
        this.primary = primary;
    }

    /** Also shows every arc to {@code policy} (a passive observer on the same execution). */
    public void addObserver(ArcPolicy policy) {
        observers = Arrays.copyOf(observers, observers.length + 1);
        observers[observers.length - 1] = policy;
    }

    /** Where agent {@code agent}'s entries go (its race log buffer). Default: discarded. */
    public void setSink(int agent, LogSink sink) {
        if (agent >= sinks.length) {
            int old = sinks.length;
            sinks = Arrays.copyOf(sinks, agent + 1);
            Arrays.fill(sinks, old, sinks.length, LogSink.DISCARD);
        }
        sinks[agent] = sink;
    }

    public void setStallSink(StallSink stallSink) {
        this.stallSink = stallSink;
    }

    /** Records DMA engines' block transfers into {@code trace} (processors report through their listener). */
    public void setTrace(AccessSink trace) {
        this.trace = trace;
    }

    public ArcPolicy primary() {
        return primary;
    }

    public boolean cic16() {
        return cic16;
    }

    /**
     * The IC a reply from {@code cpu} for {@code block} carries: CIC[b], its 16-bit form, or
     * the current IC when the cache keeps no CIC for the block (send observation).
     */
    public long sendIc(int cpu, long block) {
        long ic = view.ic(cpu);
        long cic = view.lastAccessIc(cpu, block);
        if (cic < 0) {
            return ic;
        }
        if (cic16) {
            return Math.min((ic & ~LOW16) | (cic & LOW16), ic);
        }
        return cic;
    }

    // ---------------------------------------------------------------- coherence listener

    @Override
    public long replySending(long now, int sender, Agent agent, int requester, long block, ReplyKind kind) {
        if (agent == Agent.DIRECTORY) {
            return 0; // memory's copy, and no owner ever wrote it back: nothing to order after
        }
        repliesSent++;
        return Piggyback.encode(sender, sendIc(sender, block));
    }

    @Override
    public long lastOwnerReplySending(long now, int home, int lastOwner, int requester, long block) {
        repliesSent++;
        return Piggyback.encode(lastOwner, view.ic(lastOwner));
    }

    @Override
    public void replyReceived(long now, int receiver, int sender, Agent agent, long block, ReplyKind kind,
            long piggyback) {
        // The receiver is blocked on this miss, so its IC is stable: the arc ends at IC+1, the
        // instruction it will commit next (receive observation).
        received(now, receiver, view.ic(receiver) + 1, piggyback);
    }

    @Override
    public long dmaReplySending(long now, int engine, long engineIc, int requester, long block, ReplyKind kind) {
        repliesSent++;
        return Piggyback.encode(engine, engineIc);
    }

    @Override
    public void dmaReplyReceived(long now, int engine, long engineIc, int sender, Agent agent, long block,
            ReplyKind kind, long piggyback) {
        received(now, engine, engineIc + 1, piggyback);
    }

    @Override
    public long dmaLastOwnerReplySending(long now, int home, int engine, long engineIc, int requester, long block) {
        repliesSent++;
        return Piggyback.encode(engine, engineIc);
    }

    @Override
    public void dmaBlockCommitted(long now, int engine, long engineIc, long block, boolean write) {
        if (trace != null) {
            trace.record(engine, engineIc, block, write);
        }
    }

    /**
     * A reply carrying {@code piggyback} reached agent {@code to}, whose next instruction is
     * {@code toIc}: the policies see the arc; the primary's entry goes to {@code to}'s log.
     */
    public void received(long now, int to, long toIc, long piggyback) {
        if (piggyback == 0) {
            return;
        }
        int from = Piggyback.id(piggyback);
        long fromIc = Piggyback.ic(piggyback);
        replyArcs++;
        if (primary.observe(from, fromIc, to, toIc)) {
            entries++;
            RaceEntry.encode(entry, 0, from, fromIc, toIc);
            LogSink sink = to < sinks.length ? sinks[to] : LogSink.DISCARD;
            long until = sink.append(now, entry, 0, RaceEntry.BYTES);
            if (until > now) {
                stalls++;
                stallCycles += until - now;
                stallSink.stall(to, now, until);
            }
        }
        for (ArcPolicy o : observers) {
            o.observe(from, fromIc, to, toIc);
        }
    }

    /** A checkpoint: VICs and logged arcs start afresh (ICs and CICs are reset by their owners). */
    public void reset() {
        primary.reset();
        for (ArcPolicy o : observers) {
            o.reset();
        }
    }

    // ---------------------------------------------------------------- counters

    /** Replies that carried FDR's fields (from caches, last owners, DMA engines). */
    public long repliesSent() {
        return repliesSent;
    }

    /** Replies received that revealed an arc (non-zero piggyback). */
    public long replyArcs() {
        return replyArcs;
    }

    /** Entries the primary policy logged. */
    public long entries() {
        return entries;
    }

    /** Appends that found the log buffer full. */
    public long stalls() {
        return stalls;
    }

    /** Cycles agents waited for a full race log buffer. */
    public long stallCycles() {
        return stallCycles;
    }
}
