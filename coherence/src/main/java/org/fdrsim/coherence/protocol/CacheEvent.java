package org.fdrsim.coherence.protocol;

/**
 * Events at a cache controller: processor accesses, replacement, and messages. Data and ack
 * events are split by whether they complete the transaction, counting acks that arrived early
 * (the network is unordered, so an Inv-Ack may beat the data it belongs to): this is the
 * primer's "Data from Dir (ack=0)" / "(ack>0)" and "Inv-Ack" / "Last-Inv-Ack" split.
 */
public enum CacheEvent implements Described {
    LOAD("Load", "Processor load (needs read permission)."),
    STORE("Store", "Processor store or atomic (needs write permission)."),
    REPLACEMENT("Replacement", "The frame is chosen as the LRU victim for another block."),
    FWD_GETS("Fwd-GetS", "Directory forwards another cache's GetS to this owner."),
    FWD_GETM("Fwd-GetM", "Directory forwards another cache's GetM to this owner (with the ack count)."),
    INV("Inv", "Invalidation for another cache's GetM (may be stale: shared blocks leave silently)."),
    PUT_ACK("Put-Ack", "Directory acknowledges this cache's PutM/PutO."),
    DATA_COMPLETE("Data (last)", "Data; with the acks already counted, nothing is outstanding."),
    DATA_WAIT_ACKS("Data (acks pending)", "Data; invalidation acks are still outstanding."),
    ACK_COUNT_COMPLETE("AckCount (last)", "Ack count for an owner's upgrade; all acks already counted."),
    ACK_COUNT_WAIT_ACKS("AckCount (acks pending)", "Ack count for an owner's upgrade; acks still outstanding."),
    INV_ACK("Inv-Ack", "An invalidation ack that is not the last one."),
    LAST_INV_ACK("Last-Inv-Ack", "The invalidation ack that completes the transaction.");

    private final String label;
    private final String description;

    CacheEvent(String label, String description) {
        this.label = label;
        this.description = description;
    }

    @Override
    public String label() {
        return label;
    }

    @Override
    public String description() {
        return description;
    }
}
