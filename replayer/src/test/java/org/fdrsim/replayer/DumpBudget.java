package org.fdrsim.replayer;

import org.fdrsim.cpu.core.ArchState;
import org.fdrsim.recorder.dump.CheckpointState;
import org.fdrsim.recorder.dump.CoreDump;

/** How much work a (possibly forged) dump asks of a replay: fuzz targets skip the ones that would only be slow. */
public final class DumpBudget {
    /**
     * Dumps that declare more instructions than this are read but not replayed by the fuzz
     * targets: replaying a long (real or forged) recording is slow, not wrong.
     */
    public static final long REPLAY_LIMIT = 2_000_000;

    private DumpBudget() {}

    /** Every saved and final IC added up (saturating): what the replay would have to execute at most. */
    public static long declaredInstructions(CoreDump dump) {
        long n = 0;
        for (CheckpointState cs : dump.checkpoints()) {
            for (ArchState r : cs.registers()) {
                n = saturatingAdd(n, r.ic());
            }
            for (long ic : cs.dmaEndingIcs()) {
                n = saturatingAdd(n, ic);
            }
        }
        for (ArchState r : dump.finalRegisters()) {
            n = saturatingAdd(n, r.ic());
        }
        for (long ic : dump.finalDmaIcs()) {
            n = saturatingAdd(n, ic);
        }
        return n;
    }

    private static long saturatingAdd(long a, long b) {
        return b < 0 || a + b < a ? Long.MAX_VALUE : a + b;
    }
}
