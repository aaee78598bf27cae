package org.fdrsim.coherence.protocol;

import org.fdrsim.coherence.network.VirtualNetwork;

/** Coherence message types, their virtual network, their receiver and whether they carry data. */
public enum MessageType {
    GETS(VirtualNetwork.REQUEST, true, false, false),
    GETM(VirtualNetwork.REQUEST, true, false, false),
    PUTM(VirtualNetwork.REQUEST, true, true, false),
    PUTO(VirtualNetwork.REQUEST, true, true, false),
    FWD_GETS(VirtualNetwork.FORWARD, false, false, false),
    FWD_GETM(VirtualNetwork.FORWARD, false, false, false),
    INV(VirtualNetwork.FORWARD, false, false, false),
    PUT_ACK(VirtualNetwork.FORWARD, false, false, false),
    DATA(VirtualNetwork.RESPONSE, false, true, true),
    ACK_COUNT(VirtualNetwork.RESPONSE, false, false, false),
    INV_ACK(VirtualNetwork.RESPONSE, false, false, true),
    UNBLOCK(VirtualNetwork.RESPONSE, true, false, false);

    private final VirtualNetwork vnet;
    private final boolean toDirectory;
    private final boolean carriesData;
    private final boolean reply;

    MessageType(VirtualNetwork vnet, boolean toDirectory, boolean carriesData, boolean reply) {
        this.vnet = vnet;
        this.toDirectory = toDirectory;
        this.carriesData = carriesData;
        this.reply = reply;
    }

    public VirtualNetwork vnet() {
        return vnet;
    }

    /** True if the home directory handles it; otherwise the node's cache controller does. */
    public boolean toDirectory() {
        return toDirectory;
    }

    public boolean carriesData() {
        return carriesData;
    }

    /**
     * True for the coherence replies that carry a piggyback (data and invalidation acks): they grow
     * by {@code replyExtraBytes} and carry {@link Message#piggyback}.
     */
    public boolean isReply() {
        return reply;
    }

    private static final MessageType[] VALUES = values();

    public static MessageType of(int ordinal) {
        return VALUES[ordinal];
    }
}
