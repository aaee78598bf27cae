package org.fdrsim.coherence;

/**
 * Observes the memory system: the SPI the recorder and checkpoint modules implement.
 * Every method has a no-op default, and a memory system without listeners calls a shared
 * no-op instance, so a run without them behaves identically and pays one virtual call per
 * event at most. Times are processor cycles; nodes and cpus are the same numbers (node i holds
 * processor i's caches and one directory slice); ids from the node count up are DMA engines
 * (see the dma* methods).
 *
 * <p>Piggybacking: every coherence reply (data, invalidation ack) asks the listener for a
 * {@code long} to carry; the receiver gets it back in {@link #replyReceived}. The encoding
 * belongs to the listener (FDR packs sender id and IC). When several listeners are attached,
 * the first non-zero value in attach order is carried.
 */
public interface CoherenceListener {
    /** The shared no-op listener. */
    CoherenceListener NONE = new CoherenceListener() {};

    /** Who sends a reply. */
    enum Agent { CACHE, DIRECTORY }

    /** The replies FDR piggybacks on. */
    enum ReplyKind { DATA, INV_ACK }

    /**
     * A reply for {@code block} is about to leave {@code sender} (a cache, or a home directory
     * that has no last owner to ask) for {@code requester}. Invalidation acks are also sent by
     * caches that silently replaced the block (they answer with their current IC).
     *
     * @return the value to piggyback on the reply
     */
    default long replySending(long now, int sender, Agent agent, int requester, long block, ReplyKind kind) {
        return 0;
    }

    /** A reply reached {@code receiver} (the requesting cache), carrying {@code piggyback}. */
    default void replyReceived(long now, int receiver, int sender, Agent agent, long block, ReplyKind kind,
            long piggyback) {}

    /**
     * The home directory serves {@code block} from memory, and the block's last owner wrote it
     * back (the directory kept it in its owner field). FDR asks that processor for its current
     * IC; the returned value is piggybacked on the directory's data reply instead of calling
     * {@link #replySending}.
     */
    default long lastOwnerIcRequested(long now, int home, int lastOwner, int requester, long block) {
        return 0;
    }

    /** A miss of {@code cpu} completed: the block is now readable (and writable, if so). */
    default void blockFilled(long now, int cpu, long block, boolean writable) {}

    /** {@code cpu} replaced {@code block}: silently (shared) or by a writeback (owned). */
    default void blockEvicted(long now, int cpu, long block, boolean writtenBack) {}

    /** {@code cpu} lost its copy of {@code block} to an invalidation or forwarded GetM from {@code requester}. */
    default void blockInvalidated(long now, int cpu, long block, int requester) {}

    /**
     * Ownership of {@code block} moves from {@code from} (-1: memory, the home directory) to
     * {@code to}; called where the data leaves (the old owner or the directory), before the
     * new owner can write.
     */
    default void ownershipMoved(long now, long block, int from, int to) {}

    /** Home {@code home} applied {@code from}'s writeback of {@code block} to memory. */
    default void writebackReceived(long now, int home, int from, long block) {}

    /**
     * Home {@code home} is about to overwrite memory's copy of {@code block} with a writeback
     * from {@code from} (a cache or a DMA engine); memory still holds the old contents, which
     * a listener may read (a memory checkpoint log saves them).
     */
    default void memoryBlockWriting(long now, int home, int from, long block) {}

    /**
     * {@code cpu} is about to store into {@code block} for the first time in the current write
     * epoch of its L2 frame (see {@code CacheController.startWriteEpoch}); the block's current
     * value, the coherent one since the cache holds it writable, is
     * {@code data[offset .. offset + 8)}. Only called once write epochs are tracked. Do not keep
     * or modify {@code data}.
     */
    default void firstWriteInEpoch(long now, int cpu, long block, long[] data, int offset) {}

    // ---- DMA engines: pseudo-processors with ids nodes .. nodes + engines - 1 ----
    //
    // Agent ids at or above the node count name DMA engines (MemorySystem.addDmaEngine). They
    // appear as the requester of replies, as `to` in ownershipMoved, as `requester` in
    // blockInvalidated and as `from` in writebackReceived; a sender or last owner that is an
    // engine is reported through the dma* methods below instead, with the engine's own IC.

    /**
     * Engine {@code engine}, at instruction count {@code engineIc}, is about to send a reply
     * (data from its buffer while its PutM is in flight, or an Inv-Ack) to {@code requester}.
     *
     * @return the value to piggyback (FDR: the engine id and {@code engineIc})
     */
    default long dmaReplySending(long now, int engine, long engineIc, int requester, long block, ReplyKind kind) {
        return 0;
    }

    /**
     * A reply reached engine {@code engine} (data or an invalidation ack for its GetM / GetS),
     * from {@code sender}; its transfer of {@code block} will commit as engine instruction
     * {@code engineIc + 1}. The FDR recorder logs a DMA race arc here if the piggybacked IC is
     * newer than the engine's VIC entry for the sender.
     */
    default void dmaReplyReceived(long now, int engine, long engineIc, int sender, Agent agent, long block,
            ReplyKind kind, long piggyback) {}

    /**
     * Like {@link #lastOwnerIcRequested}, when the last owner remembered for {@code block} is DMA
     * engine {@code engine}, whose current IC is {@code engineIc}.
     */
    default long dmaLastOwnerIcRequested(long now, int home, int engine, long engineIc, int requester,
            long block) {
        return 0;
    }

    /**
     * Engine {@code engine} committed a block transfer as its instruction {@code engineIc}
     * (the IC after the increment): a block-size store ({@code write}) or load.
     */
    default void dmaBlockCommitted(long now, int engine, long engineIc, long block, boolean write) {}
}
