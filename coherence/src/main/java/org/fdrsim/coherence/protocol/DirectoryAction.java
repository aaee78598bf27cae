package org.fdrsim.coherence.protocol;

/** Named actions of the directory controller; {@code Directory} gives each its meaning. */
public enum DirectoryAction implements Described {
    SEND_DATA_FROM_MEMORY("sendMemData", "Read the block from memory and send Data to the requester after the DRAM latency (for GetM with the ack count: sharers other than the requester); if a last owner is remembered, ask it for its IC."),
    SEND_INVS("sendInvs", "Send Inv to every listed sharer except the requester (the requester collects the acks)."),
    FWD_GETS("fwdGetS", "Forward the GetS to the owner, which sends data to the requester."),
    FWD_GETM("fwdGetM", "Forward the GetM with the ack count to the owner, which sends data to the requester."),
    SEND_ACK_COUNT("sendAckCount", "Send AckCount (sharers other than the requester) to the upgrading owner."),
    ADD_SHARER("addSharer", "Add the requester to the sharers."),
    CLEAR_SHARERS("clearSharers", "Clear the sharers."),
    SET_OWNER("setOwner", "The requester becomes the owner."),
    WRITE_MEMORY("writeMem", "Write the Put's data to memory; the owner field keeps the writer as last owner."),
    SEND_PUT_ACK("sendPutAck", "Send Put-Ack to the cache that wrote back."),
    WAKE_QUEUE("wakeQueue", "Process the requests that waited while the entry was busy, in arrival order.");

    private final String label;
    private final String description;

    DirectoryAction(String label, String description) {
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
