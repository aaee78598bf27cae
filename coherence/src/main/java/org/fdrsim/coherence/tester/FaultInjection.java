package org.fdrsim.coherence.tester;

/**
 * Deliberate protocol bugs, for tests that prove the protocol tester can fail. Each fault
 * fires once, at the first opportunity after it is armed.
 */
public enum FaultInjection {
    NONE,
    /** A cache in S acks one invalidation but keeps its (now stale) copy. */
    IGNORE_ONE_INVALIDATION,
    /** A cache-to-cache data reply to a read (Fwd-GetS) carries a wrong word 0. */
    CORRUPT_ONE_DATA_REPLY,
    /** A cache swallows one Inv-Ack instead of sending it: the requester waits forever (deadlock). */
    DROP_ONE_INV_ACK
}
