package org.fdrsim.recorder.policy;

import java.util.Locale;
import org.fdrsim.recorder.race.ArcPolicy;

/** The policies by name, as configuration and command line spell them. */
public enum PolicyName {
    FDR("fdr"),
    ALL_ARCS("all-arcs"),
    NETZER("netzer"),
    NONE("none");

    private final String text;

    PolicyName(String text) {
        this.text = text;
    }

    public String text() {
        return text;
    }

    /** True for policies a recorder can run online (netzer needs the whole trace first). */
    public boolean online() {
        return this != NETZER;
    }

    /** The policy called {@code name}; a one-line message lists the choices otherwise. */
    public static PolicyName parse(String name) {
        for (PolicyName p : values()) {
            if (p.text.equals(name == null ? "" : name.toLowerCase(Locale.ROOT))) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown policy '" + name + "', expected fdr, all-arcs, netzer or none");
    }

    /** A fresh online policy over {@code agents} agents. */
    public ArcPolicy create(int agents) {
        return switch (this) {
            case FDR -> new FdrPolicy(agents);
            case ALL_ARCS -> new AllArcsPolicy();
            case NONE -> new NoArcsPolicy();
            case NETZER -> throw new IllegalArgumentException(
                    "the netzer policy is computed from the access trace, not by a recorder");
        };
    }

    @Override
    public String toString() {
        return text;
    }
}
