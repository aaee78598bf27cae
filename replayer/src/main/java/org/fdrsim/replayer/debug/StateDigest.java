package org.fdrsim.replayer.debug;

import org.fdrsim.cpu.core.ArchState;
import org.fdrsim.replayer.ReplaySession;

/** A 64-bit digest of a replay's whole state, to check that two ways to a position reach the same state. */
final class StateDigest {
    private StateDigest() {}

    static long of(ReplaySession s) {
        long[] h = {mix(0x9e3779b97f4a7c15L, s.interval())};
        for (int a = 0; a < s.agentCount(); a++) {
            h[0] = mix(h[0], s.ic(a));
        }
        for (int c = 0; c < s.cpus(); c++) {
            ArchState st = s.snapshot(c);
            for (long r : st.registers()) {
                h[0] = mix(h[0], r);
            }
            for (long r : st.csrs()) {
                h[0] = mix(h[0], r);
            }
            h[0] = mix(h[0], st.pc());
            h[0] = mix(h[0], st.pendingInterrupts());
            h[0] = mix(h[0], st.state().ordinal());
        }
        s.forEachPage((base, words) -> {
            boolean zero = true;
            for (long w : words) {
                zero &= w == 0;
            }
            if (!zero) { // an all-zero page equals no page
                h[0] = mix(h[0], base);
                for (long w : words) {
                    h[0] = mix(h[0], w);
                }
            }
        });
        return h[0];
    }

    private static long mix(long h, long v) {
        long x = (h ^ v) * 0xff51afd7ed558ccdL;
        return x ^ (x >>> 33);
    }
}
