package org.fdrsim.coherence.protocol;

/** Named actions of a DMA engine's controller; {@code DmaAgent} gives each its meaning. */
public enum DmaAction implements Described {
    SEND_GETM("sendGetM", "Send GetM for the block to its home directory (from the engine's host node)."),
    SEND_GETS("sendGetS", "Send GetS for the block to its home directory."),
    ADD_ACKS("addAcks", "Add the message's ack count to the outstanding-ack counter."),
    COUNT_ACK("countAck", "Count one Inv-Ack (the listener sees its piggybacked IC: a DMA race arc)."),
    WRITE_BLOCK("writeBlock", "Commit the write: the engine's IC += 1, the device's data goes into the buffer (DMA data log)."),
    READ_BLOCK("readBlock", "Commit the read: the engine's IC += 1, hand the data to the device (not logged)."),
    SEND_UNBLOCK("unblock", "Send Unblock to home: the directory entry stops being busy."),
    SEND_PUTM("putM", "Send PutM with the written block to home: memory is updated, the engine stays last owner."),
    SEND_DATA("sendData", "Answer a forward with the buffered block (piggybacking the engine's IC)."),
    SEND_INV_ACK("sendInvAck", "Ack an invalidation with the engine's current IC (it never keeps a copy)."),
    FINISH("finish", "The transfer is over: tell the device; the engine may start the next block.");

    private final String label;
    private final String description;

    DmaAction(String label, String description) {
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
