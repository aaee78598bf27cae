package org.fdrsim.coherence.protocol;

/**
 * A coherence message. Messages are pooled ({@link MessagePool}) and mutable, so sending one
 * allocates nothing; the receiver's handler releases it, and nobody may keep a reference after
 * that. Data really travels: {@link #data} holds the block's 8 words when {@link MessageType#carriesData()}.
 */
public final class Message {
    /** Words in a 64-byte block. */
    public static final int BLOCK_WORDS = 8;

    public MessageType type;
    /** Block address (a multiple of 64). */
    public long block;
    /** Sending node. */
    public int src;
    /** Receiving node. */
    public int dst;
    /** The cache whose request this message serves (receiver of data and acks). */
    public int requester;
    /** Ack count (Data, Fwd-GetM, AckCount): invalidation acks the requester must collect. */
    public int acks;
    /** True if the home directory (not a cache) sent this message. */
    public boolean fromDirectory;
    /** A value a {@code CoherenceListener} put into a reply. */
    public long piggyback;
    /** Size on the wire, set when sent. */
    public int sizeBytes;
    public final long[] data = new long[BLOCK_WORDS];
    /** Link in a directory entry's wait queue, or in the pool's free list. */
    Message next;

    void clear() {
        type = null;
        block = 0;
        src = -1;
        dst = -1;
        requester = -1;
        acks = 0;
        fromDirectory = false;
        piggyback = 0;
        sizeBytes = 0;
        next = null;
        // data is not cleared: every sender of a data-carrying type writes all 8 words, and
        // nobody reads the data of any other type
    }

    /** Next message in an intrusive queue (directory wait queues). */
    public Message next() {
        return next;
    }

    public void setNext(Message next) {
        this.next = next;
    }

    @Override
    public String toString() {
        return type + "(block 0x" + Long.toHexString(block) + ", " + src + "->" + dst + ", req " + requester
                + (acks != 0 ? ", acks " + acks : "") + ")";
    }
}
