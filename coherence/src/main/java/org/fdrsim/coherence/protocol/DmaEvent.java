package org.fdrsim.coherence.protocol;

/** Events at a DMA engine's controller: a device starts a block transfer, or a message arrives. */
public enum DmaEvent implements Described {
    START_WRITE("Write", "The device asks to write one block (a block-size store)."),
    START_READ("Read", "The device asks to read one block (a block-size load)."),
    DATA_COMPLETE("Data (last)", "Data; with the acks already counted, nothing is outstanding."),
    DATA_WAIT_ACKS("Data (acks pending)", "Data; invalidation acks are still outstanding."),
    INV_ACK("Inv-Ack", "An invalidation ack that is not the last one."),
    LAST_INV_ACK("Last-Inv-Ack", "The invalidation ack that completes the write's GetM."),
    INV("Inv", "Invalidation for another agent's GetM (the engine was listed as a sharer after a DMA read)."),
    FWD_GETS("Fwd-GetS", "The directory forwards a GetS to the engine, the owner until its PutM lands."),
    FWD_GETM("Fwd-GetM", "The directory forwards a GetM to the engine, the owner until its PutM lands."),
    PUT_ACK("Put-Ack", "The directory acknowledges the engine's PutM.");

    private final String label;
    private final String description;

    DmaEvent(String label, String description) {
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
