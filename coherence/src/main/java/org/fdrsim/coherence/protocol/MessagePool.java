package org.fdrsim.coherence.protocol;

/**
 * A free list of {@link Message}s shared by one memory system (single-threaded simulation).
 * The pool grows to the largest number of messages ever in flight and then stops allocating.
 */
public final class MessagePool {
    private Message free;
    private int allocated;
    private int inUse;

    /** A cleared message. */
    public Message obtain() {
        Message m = free;
        if (m == null) {
            m = new Message();
            allocated++;
        } else {
            free = m.next;
        }
        m.clear();
        inUse++;
        return m;
    }

    public void release(Message m) {
        m.type = null;
        m.next = free;
        free = m;
        inUse--;
    }

    /** Messages created so far (the high-water mark of messages alive at once). */
    public int allocated() {
        return allocated;
    }

    /** Messages obtained and not yet released. */
    public int inUse() {
        return inUse;
    }
}
