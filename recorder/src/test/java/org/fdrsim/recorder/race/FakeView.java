package org.fdrsim.recorder.race;

import java.util.Arrays;

/** Test double: ICs and CICs set by the test. */
final class FakeView implements AgentView {
    final long[] ic;
    /** cic[cpu] for the one block the tests use; -1 = no CIC. */
    final long[] cic;

    FakeView(int cpus) {
        ic = new long[cpus];
        cic = new long[cpus];
        Arrays.fill(cic, -1);
    }

    @Override
    public long ic(int cpu) {
        return ic[cpu];
    }

    @Override
    public long lastAccessIc(int cpu, long block) {
        return cic[cpu];
    }
}
