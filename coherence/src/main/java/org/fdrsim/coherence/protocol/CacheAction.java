package org.fdrsim.coherence.protocol;

/** Named actions of the cache controller; {@code CacheController} gives each its meaning. */
public enum CacheAction implements Described {
    HIT("hit", "Access the block: update LRU, charge the L1 or L2 hit latency."),
    ALLOCATE("allocate", "Take an L2 frame for the block, replacing the LRU victim (its own Replacement transition)."),
    SEND_GETS("sendGetS", "Send GetS to the home directory."),
    SEND_GETM("sendGetM", "Send GetM to the home directory."),
    EVICT_SILENTLY("evictSilently", "Drop the frame and its L1 copy without telling the directory."),
    WRITE_BACK_PUTM("putM", "Move the block to the writeback buffer and send PutM with the data to home."),
    WRITE_BACK_PUTO("putO", "Move the block to the writeback buffer and send PutO with the data to home."),
    SEND_DATA("sendData", "Send the block's data to the requester (with the forwarded ack count)."),
    SEND_INV_ACK("sendInvAck", "Send Inv-Ack to the requester (also when the block is not here)."),
    INVALIDATE("invalidate", "Free the L2 frame and the L1 copy."),
    INVALIDATE_L1("invalidateL1", "Remove the L1 copy; the L2 frame stays allocated for the pending miss."),
    WRITE_DATA("writeData", "Copy the message's data into the frame."),
    ADD_ACKS("addAcks", "Add the message's ack count to the outstanding-ack counter."),
    COUNT_ACK("countAck", "Count one Inv-Ack."),
    UNBLOCK("unblock", "Send Unblock to home: the directory entry stops being busy."),
    WAKE("wake", "Fill the L1 and wake the processor, which re-executes the access in this same event."),
    FREE_WB("freeWb", "Free the writeback buffer entry; start a miss that waited for it.");

    private final String label;
    private final String description;

    CacheAction(String label, String description) {
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
