package org.fdrsim.coherence.protocol;

/** A protocol state, event or action that documents itself in the generated tables. */
public interface Described {
    /** Short name used in table cells (e.g. {@code IS_D}, {@code sendGetS}). */
    String label();

    /** One sentence for the legend. */
    String description();
}
