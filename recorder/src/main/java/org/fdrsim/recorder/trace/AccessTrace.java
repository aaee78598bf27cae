package org.fdrsim.recorder.trace;

import java.util.Arrays;
import org.fdrsim.cpu.core.ProcessorListener;
import org.fdrsim.recorder.policy.NetzerReduction;
import org.fdrsim.recorder.race.AccessSink;

/**
 * Every committed data access of a run, in the simulator's commit order (which is the SC
 * order: accesses take effect one at a time): agent, IC, address, load or store. Atomics are
 * stores. Processors report through {@link ProcessorListener}; DMA engines through
 * {@link #record}. The soundness checker reads it; the {@code netzer} reference reduction is
 * computed online as accesses are recorded ({@link #netzer()}), with each kept arc starting at
 * the source agent's IC at that moment (from {@link #setCurrentIc}; see {@link NetzerReduction}).
 */
public final class AccessTrace implements ProcessorListener, AccessSink {
    private int[] agent = new int[1024];
    private long[] ic = new long[1024];
    private long[] address = new long[1024];
    private boolean[] write = new boolean[1024];
    private int size;
    private boolean keep = true;
    private final NetzerReduction netzer = new NetzerReduction(1);

    /**
     * With {@code false}, accesses only feed the online netzer reduction and are not kept
     * (a paper-scale run commits billions of them; the soundness checker needs them kept).
     */
    public void setKeep(boolean keep) {
        this.keep = keep;
    }

    @Override
    public void memoryAccess(int cpu, long instruction, int pc, long addr, boolean isWrite, long value) {
        record(cpu, instruction, addr, isWrite);
    }

    /** Adds one committed access. */
    @Override
    public void record(int who, long instruction, long addr, boolean isWrite) {
        if (!keep) {
            netzer.access(who, instruction, addr, isWrite);
            return;
        }
        if (size == agent.length) {
            int n = size * 2;
            agent = Arrays.copyOf(agent, n);
            ic = Arrays.copyOf(ic, n);
            address = Arrays.copyOf(address, n);
            write = Arrays.copyOf(write, n);
        }
        agent[size] = who;
        ic[size] = instruction;
        address[size] = addr;
        write[size] = isWrite;
        size++;
        netzer.access(who, instruction, addr, isWrite);
    }

    /**
     * Where the netzer reduction reads other agents' current instruction counts when it keeps
     * an arc (the machine's processors); agents it returns a negative value for use their last
     * access in the trace.
     */
    public void setCurrentIc(NetzerReduction.CurrentIc currentIc) {
        netzer.setCurrentIc(currentIc);
    }

    /** The netzer reduction of the accesses recorded so far (since the last {@link #clear}). */
    public NetzerReduction netzer() {
        return netzer;
    }

    public int size() {
        return size;
    }

    public int agent(int i) {
        return agent[i];
    }

    public long ic(int i) {
        return ic[i];
    }

    public long address(int i) {
        return address[i];
    }

    public boolean write(int i) {
        return write[i];
    }

    /** One more than the largest agent id seen (0 if empty). */
    public int agents() {
        int max = -1;
        for (int i = 0; i < size; i++) {
            max = Math.max(max, agent[i]);
        }
        return max + 1;
    }

    /** Forgets everything (a new checkpoint epoch). */
    public void clear() {
        size = 0;
        netzer.reset();
    }
}
