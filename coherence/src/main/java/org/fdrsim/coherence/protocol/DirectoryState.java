package org.fdrsim.coherence.protocol;

/**
 * States of a block at its home directory. The directory is blocking: after it acts on a
 * GetS or GetM the entry is busy until the requester's Unblock, and requests (including
 * Puts) that arrive meanwhile wait in the entry's FIFO queue. In I and S the owner field keeps
 * the last owner that wrote the block back (a reply from memory is sent in its name).
 */
public enum DirectoryState implements Described {
    I(true, "No cached copy; memory is up to date. Owner field = last owner that wrote back, if any."),
    S(true, "Shared by the listed sharers (a superset: S blocks leave silently); memory is up to date."),
    O(true, "Owned by the owner (dirty, answers requests) and shared by the listed sharers; memory is stale."),
    M(true, "Modified at the owner, the only copy; memory is stale."),
    BUSY_S(false, "Busy: a GetS was served from memory; waiting for the requester's Unblock, then S."),
    BUSY_O(false, "Busy: a GetS was forwarded to the owner; waiting for the requester's Unblock, then O."),
    BUSY_M(false, "Busy: a GetM was served (data, forward or ack count); waiting for the new owner's Unblock, then M.");

    private final boolean stable;
    private final String description;

    DirectoryState(boolean stable, String description) {
        this.stable = stable;
        this.description = description;
    }

    public boolean isStable() {
        return stable;
    }

    /** True if a cache owns the block (the owner field names a current owner). */
    public boolean hasOwner() {
        return this == O || this == M;
    }

    @Override
    public String label() {
        return name();
    }

    @Override
    public String description() {
        return description;
    }

    private static final DirectoryState[] VALUES = values();

    public static DirectoryState of(int ordinal) {
        return VALUES[ordinal];
    }
}
