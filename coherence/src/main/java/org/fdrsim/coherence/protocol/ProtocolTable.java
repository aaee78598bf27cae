package org.fdrsim.coherence.protocol;

import static org.fdrsim.coherence.protocol.CacheAction.ADD_ACKS;
import static org.fdrsim.coherence.protocol.CacheAction.ALLOCATE;
import static org.fdrsim.coherence.protocol.CacheAction.COUNT_ACK;
import static org.fdrsim.coherence.protocol.CacheAction.EVICT_SILENTLY;
import static org.fdrsim.coherence.protocol.CacheAction.FREE_WB;
import static org.fdrsim.coherence.protocol.CacheAction.HIT;
import static org.fdrsim.coherence.protocol.CacheAction.INVALIDATE;
import static org.fdrsim.coherence.protocol.CacheAction.INVALIDATE_L1;
import static org.fdrsim.coherence.protocol.CacheAction.SEND_DATA;
import static org.fdrsim.coherence.protocol.CacheAction.SEND_GETM;
import static org.fdrsim.coherence.protocol.CacheAction.SEND_GETS;
import static org.fdrsim.coherence.protocol.CacheAction.SEND_INV_ACK;
import static org.fdrsim.coherence.protocol.CacheAction.UNBLOCK;
import static org.fdrsim.coherence.protocol.CacheAction.WAKE;
import static org.fdrsim.coherence.protocol.CacheAction.WRITE_BACK_PUTM;
import static org.fdrsim.coherence.protocol.CacheAction.WRITE_BACK_PUTO;
import static org.fdrsim.coherence.protocol.CacheAction.WRITE_DATA;
import static org.fdrsim.coherence.protocol.CacheEvent.ACK_COUNT_COMPLETE;
import static org.fdrsim.coherence.protocol.CacheEvent.ACK_COUNT_WAIT_ACKS;
import static org.fdrsim.coherence.protocol.CacheEvent.DATA_COMPLETE;
import static org.fdrsim.coherence.protocol.CacheEvent.DATA_WAIT_ACKS;
import static org.fdrsim.coherence.protocol.CacheEvent.FWD_GETM;
import static org.fdrsim.coherence.protocol.CacheEvent.FWD_GETS;
import static org.fdrsim.coherence.protocol.CacheEvent.INV;
import static org.fdrsim.coherence.protocol.CacheEvent.INV_ACK;
import static org.fdrsim.coherence.protocol.CacheEvent.LAST_INV_ACK;
import static org.fdrsim.coherence.protocol.CacheEvent.LOAD;
import static org.fdrsim.coherence.protocol.CacheEvent.PUT_ACK;
import static org.fdrsim.coherence.protocol.CacheEvent.REPLACEMENT;
import static org.fdrsim.coherence.protocol.CacheEvent.STORE;
import static org.fdrsim.coherence.protocol.CacheState.I;
import static org.fdrsim.coherence.protocol.CacheState.II_A;
import static org.fdrsim.coherence.protocol.CacheState.IM_A;
import static org.fdrsim.coherence.protocol.CacheState.IM_AD;
import static org.fdrsim.coherence.protocol.CacheState.IS_D;
import static org.fdrsim.coherence.protocol.CacheState.M;
import static org.fdrsim.coherence.protocol.CacheState.MI_A;
import static org.fdrsim.coherence.protocol.CacheState.O;
import static org.fdrsim.coherence.protocol.CacheState.OI_A;
import static org.fdrsim.coherence.protocol.CacheState.OM_A;
import static org.fdrsim.coherence.protocol.CacheState.OM_AC;
import static org.fdrsim.coherence.protocol.CacheState.S;
import static org.fdrsim.coherence.protocol.CacheState.SM_A;
import static org.fdrsim.coherence.protocol.CacheState.SM_AD;

/**
 * The MOSI directory protocol, as data: the cache-controller table and the directory table.
 * The controllers look up every event here and run the listed actions, so this file is the
 * single source of truth, and {@link #toMarkdown()} prints it for `fdr protocol`.
 *
 * <p>Why some cells are impossible (the blocking directory serializes each block's
 * transactions until the requester's Unblock, and caches never stall a network message):
 * <ul>
 *   <li>No forward reaches a cache in IS_D, IM_AD, IM_A, SM_AD, SM_A or OM_A: the directory
 *       only forwards to the owner it recorded, and it records a new owner only when it serves
 *       that owner's GetM, after which it is busy until the owner's Unblock.</li>
 *   <li>An Inv reaches IS_D, IM_AD or SM_AD only from an earlier GetM (the cache was a sharer,
 *       possibly silently evicted); that GetM's requester needs this ack before it unblocks, so
 *       the Inv can never arrive after our own request was served (hence none in the _A states).</li>
 *   <li>A miss to a block whose writeback is in flight waits (stall) for the Put-Ack, so a
 *       cache never has a request and a Put for the same block outstanding.</li>
 * </ul>
 */
public final class ProtocolTable {
    /** The cache controller (L2) table. */
    public static final TransitionTable<CacheState, CacheEvent, CacheAction> CACHE = cacheTable();
    /** The directory table. */
    public static final TransitionTable<DirectoryState, DirectoryEvent, DirectoryAction> DIRECTORY =
            directoryTable();

    /** A DMA engine's controller (a pseudo-processor without a cache, FDR section 5). */
    public static final TransitionTable<DmaState, DmaEvent, DmaAction> DMA = dmaTable();

    private ProtocolTable() {}

    private static TransitionTable<CacheState, CacheEvent, CacheAction> cacheTable() {
        var b = TransitionTable.builder("Cache controller (L2)", CacheState.class, CacheEvent.class,
                CacheAction.class);
        // Stable states.
        b.in(I).on(LOAD).go(IS_D, ALLOCATE, SEND_GETS)
                .in(I).on(STORE).go(IM_AD, ALLOCATE, SEND_GETM)
                .in(I).on(INV).stay(SEND_INV_ACK) // stale: the S copy was silently replaced
                .in(S).on(LOAD).hit(HIT)
                .in(S).on(STORE).go(SM_AD, SEND_GETM)
                .in(S).on(REPLACEMENT).go(I, EVICT_SILENTLY)
                .in(S).on(INV).go(I, SEND_INV_ACK, INVALIDATE)
                .in(O).on(LOAD).hit(HIT)
                .in(O).on(STORE).go(OM_AC, SEND_GETM)
                .in(O).on(REPLACEMENT).go(OI_A, WRITE_BACK_PUTO)
                .in(O).on(FWD_GETS).stay(SEND_DATA)
                .in(O, M).on(FWD_GETM).go(I, SEND_DATA, INVALIDATE)
                .in(M).on(LOAD, STORE).hit(HIT)
                .in(M).on(REPLACEMENT).go(MI_A, WRITE_BACK_PUTM)
                .in(M).on(FWD_GETS).go(O, SEND_DATA);
        // Processor accesses during a miss. The blocking core never asks; the primer's read
        // hits in SM_x / OM_x are kept so the table reads like the primer's.
        b.in(IS_D, IM_AD, IM_A, MI_A, OI_A, II_A).on(LOAD, STORE).stall()
                .in(SM_AD, SM_A, OM_AC, OM_A).on(LOAD).hit(HIT)
                .in(SM_AD, SM_A, OM_AC, OM_A).on(STORE).stall();
        // Misses from I.
        b.in(IS_D).on(INV).stay(SEND_INV_ACK) // stale: an earlier GetM saw us as a sharer
                .in(IS_D).on(DATA_COMPLETE).go(S, WRITE_DATA, UNBLOCK, WAKE)
                .in(IM_AD).on(INV).stay(SEND_INV_ACK)
                .in(IM_AD, SM_AD).on(DATA_COMPLETE).go(M, WRITE_DATA, UNBLOCK, WAKE)
                .in(IM_AD).on(DATA_WAIT_ACKS).go(IM_A, WRITE_DATA, ADD_ACKS)
                .in(IM_AD, IM_A, SM_AD, SM_A, OM_AC, OM_A).on(INV_ACK).stay(COUNT_ACK)
                .in(IM_A, SM_A, OM_A).on(LAST_INV_ACK).go(M, COUNT_ACK, UNBLOCK, WAKE);
        // Upgrades.
        b.in(SM_AD).on(INV).go(IM_AD, SEND_INV_ACK, INVALIDATE_L1) // another GetM won the race
                .in(SM_AD).on(DATA_WAIT_ACKS).go(SM_A, WRITE_DATA, ADD_ACKS)
                .in(OM_AC).on(FWD_GETS).stay(SEND_DATA)
                .in(OM_AC).on(FWD_GETM).go(IM_AD, SEND_DATA, INVALIDATE_L1) // another GetM won
                .in(OM_AC).on(ACK_COUNT_COMPLETE).go(M, UNBLOCK, WAKE)
                .in(OM_AC).on(ACK_COUNT_WAIT_ACKS).go(OM_A, ADD_ACKS);
        // Writebacks: still the owner until Put-Ack, so forwards are answered from the buffer.
        b.in(MI_A).on(FWD_GETS).go(OI_A, SEND_DATA)
                .in(OI_A).on(FWD_GETS).stay(SEND_DATA)
                .in(MI_A, OI_A).on(FWD_GETM).go(II_A, SEND_DATA)
                .in(MI_A, OI_A, II_A).on(PUT_ACK).go(I, FREE_WB);
        return b.build();
    }

    private static TransitionTable<DirectoryState, DirectoryEvent, DirectoryAction> directoryTable() {
        var b = TransitionTable.builder("Directory", DirectoryState.class, DirectoryEvent.class,
                DirectoryAction.class);
        DirectoryState dI = DirectoryState.I;
        DirectoryState dS = DirectoryState.S;
        DirectoryState dO = DirectoryState.O;
        DirectoryState dM = DirectoryState.M;
        DirectoryState bS = DirectoryState.BUSY_S;
        DirectoryState bO = DirectoryState.BUSY_O;
        DirectoryState bM = DirectoryState.BUSY_M;
        b.in(dI, dS).on(DirectoryEvent.GET_S)
                .go(bS, DirectoryAction.SEND_DATA_FROM_MEMORY, DirectoryAction.ADD_SHARER)
                .in(dI).on(DirectoryEvent.GET_M)
                .go(bM, DirectoryAction.SEND_DATA_FROM_MEMORY, DirectoryAction.SET_OWNER)
                .in(dS).on(DirectoryEvent.GET_M)
                .go(bM, DirectoryAction.SEND_DATA_FROM_MEMORY, DirectoryAction.SEND_INVS,
                        DirectoryAction.CLEAR_SHARERS, DirectoryAction.SET_OWNER)
                .in(dO, dM).on(DirectoryEvent.GET_S)
                .go(bO, DirectoryAction.FWD_GETS, DirectoryAction.ADD_SHARER)
                .in(dO).on(DirectoryEvent.GET_M)
                .go(bM, DirectoryAction.FWD_GETM, DirectoryAction.SEND_INVS, DirectoryAction.CLEAR_SHARERS,
                        DirectoryAction.SET_OWNER)
                .in(dO).on(DirectoryEvent.GET_M_FROM_OWNER)
                .go(bM, DirectoryAction.SEND_ACK_COUNT, DirectoryAction.SEND_INVS,
                        DirectoryAction.CLEAR_SHARERS)
                .in(dM).on(DirectoryEvent.GET_M)
                .go(bM, DirectoryAction.FWD_GETM, DirectoryAction.SET_OWNER)
                .in(dO).on(DirectoryEvent.PUT_FROM_OWNER)
                .go(dS, DirectoryAction.WRITE_MEMORY, DirectoryAction.SEND_PUT_ACK)
                .in(dM).on(DirectoryEvent.PUT_FROM_OWNER)
                .go(dI, DirectoryAction.WRITE_MEMORY, DirectoryAction.SEND_PUT_ACK)
                .in(dI, dS, dO, dM).on(DirectoryEvent.PUT_FROM_NON_OWNER)
                .stay(DirectoryAction.SEND_PUT_ACK)
                .in(bS, bO, bM).on(DirectoryEvent.GET_S, DirectoryEvent.GET_M, DirectoryEvent.GET_M_FROM_OWNER,
                        DirectoryEvent.PUT_FROM_OWNER, DirectoryEvent.PUT_FROM_NON_OWNER)
                .stall()
                .in(bS).on(DirectoryEvent.UNBLOCK).go(dS, DirectoryAction.WAKE_QUEUE)
                .in(bO).on(DirectoryEvent.UNBLOCK).go(dO, DirectoryAction.WAKE_QUEUE)
                .in(bM).on(DirectoryEvent.UNBLOCK).go(dM, DirectoryAction.WAKE_QUEUE);
        return b.build();
    }

    /**
     * A DMA engine uses the directory's ordinary GetM / GetS / PutM transitions as a requester
     * whose id is above the processors' (so the directory table needs no DMA cells): a write is
     * GetM (invalidating sharers and the owner, collecting the acks), a commit, then Unblock and
     * an immediate PutM, after which the directory keeps the engine in its owner field as the
     * last owner. Until the Put-Ack the engine is the owner and answers forwards like a cache in
     * MI_A / II_A. One block at a time: the next transfer starts after the Put-Ack or the data.
     * Inv can name any block the engine read earlier, so it is acked in every state.
     */
    private static TransitionTable<DmaState, DmaEvent, DmaAction> dmaTable() {
        var b = TransitionTable.builder("DMA engine", DmaState.class, DmaEvent.class, DmaAction.class);
        b.in(DmaState.IDLE).on(DmaEvent.START_WRITE).go(DmaState.W_AD, DmaAction.SEND_GETM)
                .in(DmaState.IDLE).on(DmaEvent.START_READ).go(DmaState.R_D, DmaAction.SEND_GETS)
                .in(DmaState.values()).on(DmaEvent.INV).stay(DmaAction.SEND_INV_ACK)
                .in(DmaState.W_AD).on(DmaEvent.DATA_COMPLETE).go(DmaState.WB_A, DmaAction.WRITE_BLOCK,
                        DmaAction.SEND_UNBLOCK, DmaAction.SEND_PUTM)
                .in(DmaState.W_AD).on(DmaEvent.DATA_WAIT_ACKS).go(DmaState.W_A, DmaAction.ADD_ACKS)
                .in(DmaState.W_AD, DmaState.W_A).on(DmaEvent.INV_ACK).stay(DmaAction.COUNT_ACK)
                .in(DmaState.W_A).on(DmaEvent.LAST_INV_ACK).go(DmaState.WB_A, DmaAction.COUNT_ACK,
                        DmaAction.WRITE_BLOCK, DmaAction.SEND_UNBLOCK, DmaAction.SEND_PUTM)
                .in(DmaState.WB_A).on(DmaEvent.FWD_GETS).stay(DmaAction.SEND_DATA)
                .in(DmaState.WB_A).on(DmaEvent.FWD_GETM).go(DmaState.WB_II_A, DmaAction.SEND_DATA)
                .in(DmaState.WB_A, DmaState.WB_II_A).on(DmaEvent.PUT_ACK).go(DmaState.IDLE, DmaAction.FINISH)
                .in(DmaState.R_D).on(DmaEvent.DATA_COMPLETE).go(DmaState.IDLE, DmaAction.READ_BLOCK,
                        DmaAction.SEND_UNBLOCK, DmaAction.FINISH);
        return b.build();
    }

    /** Both tables as Markdown: legends of states, events and actions, then the matrices. */
    public static String toMarkdown() {
        StringBuilder sb = new StringBuilder();
        sb.append("# MOSI directory protocol\n\n")
                .append("Blocks are interleaved across home directories by block address "
                        + "(home = (address / 64) mod nodes). Three virtual networks: request "
                        + "(GetS, GetM, PutM, PutO), forward (Fwd-GetS, Fwd-GetM, Inv, Put-Ack) and "
                        + "response (Data, AckCount, Inv-Ack, Unblock). Shared blocks are replaced "
                        + "silently; owners write back with PutM/PutO. The directory is blocking: an "
                        + "entry is busy from serving a GetS/GetM until the requester's Unblock.\n\n")
                .append("Cells: actions in order, then `/ next state` (omitted when the state stays); "
                        + "`stall` = the event waits; blank = impossible (a protocol bug if reached).\n\n");
        appendTable(sb, CACHE);
        appendTable(sb, DIRECTORY);
        appendTable(sb, DMA);
        return sb.toString();
    }

    private static <S extends Enum<S> & Described, E extends Enum<E> & Described, A extends Enum<A> & Described>
            void appendTable(StringBuilder sb, TransitionTable<S, E, A> table) {
        sb.append("## ").append(table.title()).append("\n\n### States\n\n| state | meaning |\n|---|---|\n");
        for (S s : table.states()) {
            sb.append("| `").append(s.label()).append("` | ").append(s.description()).append(" |\n");
        }
        sb.append("\n### Events\n\n| event | meaning |\n|---|---|\n");
        for (E e : table.events()) {
            sb.append("| ").append(e.label()).append(" | ").append(e.description()).append(" |\n");
        }
        sb.append("\n### Actions\n\n| action | meaning |\n|---|---|\n");
        for (A a : table.actions()) {
            sb.append("| `").append(a.label()).append("` | ").append(a.description()).append(" |\n");
        }
        sb.append("\n### Transitions\n\n| state |");
        for (E e : table.events()) {
            sb.append(' ').append(e.label()).append(" |");
        }
        sb.append("\n|---|");
        for (int i = 0; i < table.events().size(); i++) {
            sb.append("---|");
        }
        sb.append('\n');
        for (S s : table.states()) {
            sb.append("| `").append(s.label()).append("` |");
            for (E e : table.events()) {
                sb.append(' ').append(cell(table.get(s, e), s)).append(" |");
            }
            sb.append('\n');
        }
        sb.append('\n');
    }

    private static <S extends Enum<S> & Described, A extends Enum<A> & Described> String cell(
            Transition<S, A> t, S from) {
        switch (t.kind()) {
            case STALL:
                return "stall";
            case IMPOSSIBLE:
                return "";
            default:
                StringBuilder c = new StringBuilder();
                for (A a : t.actionArray()) {
                    if (c.length() > 0) {
                        c.append(", ");
                    }
                    c.append(a.label());
                }
                if (t.next() != from) {
                    c.append(" / ").append(t.next().label());
                }
                return c.toString();
        }
    }
}
