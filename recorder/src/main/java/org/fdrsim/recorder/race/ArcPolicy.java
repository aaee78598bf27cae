package org.fdrsim.recorder.race;


/**
 * What a recorder logs of the arcs that coherence replies reveal. Policies are passive: the
 * race recorder shows every reply arc to each attached policy, so several policies can be
 * compared on one execution; only the recorder's primary policy feeds the hardware log.
 */
public interface ArcPolicy {
    /** The policy's name ({@code fdr}, {@code all-arcs}, {@code none}, ...). */
    String name();

    /**
     * A reply from agent {@code from}, carrying its instruction count {@code fromIc}, reached
     * agent {@code to}, whose next instruction to commit is {@code toIc}. Allocation-free.
     *
     * @return true if the policy logged the arc {@code from:fromIc -> to:toIc}
     */
    boolean observe(int from, long fromIc, int to, long toIc);

    /** Everything logged so far, in order. */
    ArcLog arcs();

    /** Starts a new checkpoint epoch: forgets its state (e.g. VIC) and its arcs. */
    void reset();
}
