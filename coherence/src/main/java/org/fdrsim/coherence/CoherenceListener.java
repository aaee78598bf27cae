package org.fdrsim.coherence;

/**
 * Observes the memory system's coherence events: replies sent and received, blocks filled,
 * evicted and invalidated, ownership moved, write-backs reaching memory, DMA transfers. Every
 * method has a no-op default, and a memory system without listeners calls a shared no-op
 * instance, so a run without them behaves identically and pays one virtual call per event at
 * most. Times are processor cycles; nodes and cpus are the same numbers (node i holds
 * processor i's caches and one directory slice); ids from the node count up are DMA engines
 * (see the dma* methods). State kept per cache frame and the accesses that hit are seen
 * through a {@link org.fdrsim.coherence.cache.FrameObserver} instead.
 *
 * <p>Piggybacking: every coherence reply (data, invalidation ack) asks the listener for a
 * {@code long} to carry; the receiver gets it back in {@link #replyReceived}. What the value
 * means belongs to the listener. When several listeners are attached, the first non-zero
 * value in attach order is carried.
 */
public interface CoherenceListener {
    /** The shared no-op listener. */
    CoherenceListener NONE = new CoherenceListener() {};

    /** Who sends a reply. */
    enum Agent { CACHE, DIRECTORY }

    /** The replies that carry a piggybacked value. */
    enum ReplyKind { DATA, INV_ACK }

    /**
     * A reply for {@code block} is about to leave {@code sender} (a cache, or a home directory
     * that has no last owner to stand for) for {@code requester}. Invalidation acks are also
     * sent by caches that silently replaced the block.
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
     * The home directory is about to send {@code block} from memory to {@code requester}, and
     * memory's copy is the one processor {@code lastOwner} wrote back (the directory kept it in
     * its owner field): the reply carries that owner's data, so it is sent in the last owner's
     * name, and this is called instead of {@link #replySending}.
     *
     * @return the value to piggyback on the reply
     */
    default long lastOwnerReplySending(long now, int home, int lastOwner, int requester, long block) {
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

    // ---- DMA engines: pseudo-processors with ids nodes .. nodes + engines - 1 ----
    //
    // Agent ids at or above the node count name DMA engines (MemorySystem.addDmaEngine). They
    // appear as the requester of replies, as `to` in ownershipMoved, as `requester` in
    // blockInvalidated and as `from` in writebackReceived; a sender or last owner that is an
    // engine is reported through the dma* methods below instead, with the engine's instruction
    // count (the block transfers it committed, DmaAgent.instructionCount).

    /**
     * Engine {@code engine}, at instruction count {@code engineIc}, is about to send a reply
     * (data from its buffer while its PutM is in flight, or an Inv-Ack) to {@code requester}.
     *
     * @return the value to piggyback
     */
    default long dmaReplySending(long now, int engine, long engineIc, int requester, long block, ReplyKind kind) {
        return 0;
    }

    /**
     * A reply reached engine {@code engine} (data or an invalidation ack for its GetM / GetS),
     * from {@code sender}, carrying {@code piggyback}; its transfer of {@code block} will
     * commit as engine instruction {@code engineIc + 1}.
     */
    default void dmaReplyReceived(long now, int engine, long engineIc, int sender, Agent agent, long block,
            ReplyKind kind, long piggyback) {}

    /**
     * Like {@link #lastOwnerReplySending}, when the last owner remembered for {@code block} is
     * DMA engine {@code engine}, whose instruction count is {@code engineIc}.
     */
    default long dmaLastOwnerReplySending(long now, int home, int engine, long engineIc, int requester,
            long block) {
        return 0;
    }

    /**
     * Engine {@code engine} committed a block transfer as its instruction {@code engineIc}
     * (the count after the increment): a block-size store ({@code write}) or load.
     */
    default void dmaBlockCommitted(long now, int engine, long engineIc, long block, boolean write) {}
}
