package org.fdrsim.coherence.dma;

import org.fdrsim.coherence.CoherenceListener;
import org.fdrsim.coherence.CoherenceListener.Agent;
import org.fdrsim.coherence.CoherenceListener.ReplyKind;
import org.fdrsim.coherence.protocol.DmaAction;
import org.fdrsim.coherence.protocol.DmaEvent;
import org.fdrsim.coherence.protocol.DmaState;
import org.fdrsim.coherence.protocol.Message;
import org.fdrsim.coherence.protocol.MessageType;
import org.fdrsim.coherence.protocol.ProtocolContext;
import org.fdrsim.coherence.protocol.ProtocolTable;
import org.fdrsim.coherence.protocol.Transition;
import org.fdrsim.coherence.protocol.TransitionTable;

/**
 * A DMA engine as a pseudo-processor (FDR section 5): agent id above the processors', its own
 * instruction count (one per block transferred), no cache. It moves one 64-byte block at a
 * time through the home directory with ordinary requests, looked up in
 * {@link ProtocolTable#DMA}: a write gains ownership (invalidating every cached copy and
 * collecting the acks, whose piggybacked ICs the listener sees), commits, and writes the
 * block back at once, so the directory remembers the engine as the last owner; a read gets
 * the latest version. Messages travel from and to the engine's host node.
 */
public final class DmaAgent {
    private static final TransitionTable<DmaState, DmaEvent, DmaAction> TABLE = ProtocolTable.DMA;

    private final int id;
    private final ProtocolContext ctx;
    private final long[] buffer = new long[Message.BLOCK_WORDS];
    private int state = DmaState.IDLE.ordinal();
    private long block = -1;
    private int pendingAcks;
    private long ic;
    private DmaClient client;
    private long blocksWritten;
    private long blocksRead;

    // the transition being run
    private Message xMsg;
    private long xNow;

    /** Use {@code MemorySystem.addDmaEngine}. */
    public DmaAgent(int id, ProtocolContext ctx) {
        this.id = id;
        this.ctx = ctx;
    }

    /** The agent id: the number of processors plus the engine's index. */
    public int id() {
        return id;
    }

    /** Blocks transferred since the last {@link #resetInstructionCount}: the engine's IC. */
    public long instructionCount() {
        return ic;
    }

    /** Restarts the count from 0 (at a checkpoint). */
    public void resetInstructionCount() {
        ic = 0;
    }

    public boolean busy() {
        return state != DmaState.IDLE.ordinal();
    }

    public DmaState state() {
        return DmaState.of(state);
    }

    public long blocksWritten() {
        return blocksWritten;
    }

    public long blocksRead() {
        return blocksRead;
    }

    /** Starts writing the 8 words {@code data} to {@code block} at {@code now} (inside an event). */
    public void write(long now, long block, long[] data, DmaClient client) {
        System.arraycopy(data, 0, buffer, 0, Message.BLOCK_WORDS);
        start(now, block, client, DmaEvent.START_WRITE);
    }

    /** Starts reading {@code block} at {@code now}; the client gets the data when it commits. */
    public void read(long now, long block, DmaClient client) {
        start(now, block, client, DmaEvent.START_READ);
    }

    private void start(long now, long block, DmaClient client, DmaEvent event) {
        if ((block & 63) != 0) {
            throw new IllegalArgumentException("DMA block address must be 64-byte aligned: 0x" + Long.toHexString(block));
        }
        if (busy()) {
            throw new IllegalStateException("DMA engine " + id + " is busy with block 0x" + Long.toHexString(this.block));
        }
        this.block = block;
        this.client = client;
        this.pendingAcks = 0;
        run(event, null, now);
    }

    /** The word at {@code address} while this engine owns its block (coherent peeks). */
    public long peekWord(long address) {
        return buffer[(int) ((address >>> 3) & 7)];
    }

    /** Handles a message addressed to this engine and releases it. */
    public void receive(long now, Message m) {
        DmaEvent event;
        CoherenceListener listener = ctx.listener();
        switch (m.type) {
            case INV -> event = DmaEvent.INV;
            case FWD_GETS -> event = DmaEvent.FWD_GETS;
            case FWD_GETM -> event = DmaEvent.FWD_GETM;
            case PUT_ACK -> event = DmaEvent.PUT_ACK;
            case DATA -> {
                listener.dmaReplyReceived(now, id, ic, m.src, m.fromDirectory ? Agent.DIRECTORY : Agent.CACHE,
                        m.block, ReplyKind.DATA, m.piggyback);
                event = pendingAcks + m.acks == 0 ? DmaEvent.DATA_COMPLETE : DmaEvent.DATA_WAIT_ACKS;
            }
            case INV_ACK -> {
                listener.dmaReplyReceived(now, id, ic, m.src, Agent.CACHE, m.block, ReplyKind.INV_ACK, m.piggyback);
                event = state == DmaState.W_A.ordinal() && pendingAcks == 1 ? DmaEvent.LAST_INV_ACK : DmaEvent.INV_ACK;
            }
            default -> throw new IllegalStateException("DMA engine " + id + " cannot handle " + m);
        }
        if (event != DmaEvent.INV && m.block != block) {
            throw new IllegalStateException("DMA engine " + id + ": " + m + " is not for its block 0x"
                    + Long.toHexString(block));
        }
        run(event, m, now);
        ctx.pool().release(m);
    }

    private void run(DmaEvent event, Message m, long now) {
        Transition<DmaState, DmaAction> t = TABLE.get(state, event.ordinal());
        if (!t.isTransition()) {
            throw new IllegalStateException("DMA engine " + id + ": " + t.kind() + " transition "
                    + DmaState.of(state) + " x " + event + (m == null ? "" : " (" + m + ")") + " at " + now);
        }
        xMsg = m;
        xNow = now;
        DmaClient finishing = null;
        for (DmaAction a : t.actionArray()) {
            if (a == DmaAction.FINISH) {
                finishing = client;
            } else {
                perform(a);
            }
        }
        state = t.next().ordinal();
        if (finishing != null) {
            // after the state change, so the client may start the next block at once
            long done = block;
            client = null;
            block = -1;
            finishing.finished(now, this, done);
        }
    }

    private void perform(DmaAction a) {
        Message m = xMsg;
        switch (a) {
            case SEND_GETM -> send(MessageType.GETM, ctx.home(block), false);
            case SEND_GETS -> send(MessageType.GETS, ctx.home(block), false);
            case ADD_ACKS -> pendingAcks += m.acks;
            case COUNT_ACK -> pendingAcks--;
            case WRITE_BLOCK -> {
                ic++;
                blocksWritten++;
                ctx.listener().dmaBlockCommitted(xNow, id, ic, block, true);
                client.committed(xNow, this, block, ic, buffer, true);
            }
            case READ_BLOCK -> {
                System.arraycopy(m.data, 0, buffer, 0, Message.BLOCK_WORDS);
                ic++;
                blocksRead++;
                ctx.listener().dmaBlockCommitted(xNow, id, ic, block, false);
                client.committed(xNow, this, block, ic, buffer, false);
            }
            case SEND_UNBLOCK -> send(MessageType.UNBLOCK, ctx.home(block), false);
            case SEND_PUTM -> send(MessageType.PUTM, ctx.home(block), true);
            case SEND_DATA -> {
                Message d = ctx.obtain(MessageType.DATA, block, id, m.requester, m.requester);
                System.arraycopy(buffer, 0, d.data, 0, Message.BLOCK_WORDS);
                d.acks = m.type == MessageType.FWD_GETM ? m.acks : 0;
                d.piggyback = ctx.listener().dmaReplySending(xNow, id, ic, m.requester, block, ReplyKind.DATA);
                if (m.type == MessageType.FWD_GETM) {
                    ctx.listener().ownershipMoved(xNow, block, id, m.requester);
                }
                ctx.send(xNow, d);
            }
            case SEND_INV_ACK -> {
                Message ack = ctx.obtain(MessageType.INV_ACK, m.block, id, m.requester, m.requester);
                ack.piggyback = ctx.listener().dmaReplySending(xNow, id, ic, m.requester, m.block, ReplyKind.INV_ACK);
                ctx.send(xNow, ack);
            }
            default -> throw new IllegalStateException("unknown action " + a);
        }
    }

    private void send(MessageType type, int home, boolean withData) {
        Message m = ctx.obtain(type, block, id, home, id);
        if (withData) {
            System.arraycopy(buffer, 0, m.data, 0, Message.BLOCK_WORDS);
        }
        ctx.send(xNow, m);
    }

    /** One line if a transfer is in progress (deadlock reports). */
    public String describeOutstanding() {
        return busy() ? "dma engine " + id + ": block 0x" + Long.toHexString(block) + " in " + DmaState.of(state)
                + ", acks " + pendingAcks + "\n" : "";
    }
}
