package org.fdrsim.coherence.protocol;

/** Events at a home directory, classified from the message and the entry's owner field. */
public enum DirectoryEvent implements Described {
    GET_S("GetS", "A cache asks for a readable copy."),
    GET_M("GetM", "A cache that is not the owner asks for a writable copy."),
    GET_M_FROM_OWNER("GetM (owner)", "The owner (in O) asks to upgrade to M."),
    PUT_FROM_OWNER("Put (owner)", "PutM/PutO with data from the current owner."),
    PUT_FROM_NON_OWNER("Put (stale)", "PutM/PutO from a cache that lost ownership to a forwarded GetM while its Put was in flight."),
    UNBLOCK("Unblock", "The requester finished its transaction.");

    private final String label;
    private final String description;

    DirectoryEvent(String label, String description) {
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
