package org.fdrsim.replayer;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.fdrsim.cpu.core.ArchState;
import org.fdrsim.io.log.DmaDataEntry;
import org.fdrsim.io.log.DmaDataLog;
import org.fdrsim.io.log.InputLog;
import org.fdrsim.io.log.InterruptEntry;
import org.fdrsim.io.log.InterruptLog;
import org.fdrsim.recorder.race.Arc;
import org.fdrsim.recorder.race.RaceEntry;

/**
 * The logs of one checkpoint interval, decoded: for every agent (processors 0..P-1, DMA engines
 * P..P+D-1) its race log (arcs that end at it) and the IC it reaches at the end of the interval;
 * for every processor its input log and interrupt log; for every DMA engine its data log; for
 * an interval that ends at a checkpoint, the registers saved there (checked on the way); and for
 * the last interval of a run a fault ended, the processor whose next instruction faulted (the
 * trigger says which, not what the fault was).
 *
 * <p>Immutable once built. Logs are kept exactly as recorded, in log order; the replayer sorts
 * what it needs into its own arrays.
 */
public final class IntervalLog {
    private final int cpus;
    private final int engines;
    private final List<List<Arc>> race;
    private final long[][] inputs;
    private final List<List<InterruptEntry>> interrupts;
    private final List<List<DmaDataEntry>> dmaData;
    private final long[] endIc;
    private final List<ArchState> checkpointAtEnd;
    private final int faultAtEnd;

    private IntervalLog(Builder b) {
        this.cpus = b.cpus;
        this.engines = b.engines;
        this.race = deepCopy(b.race);
        this.inputs = new long[cpus][];
        for (int c = 0; c < cpus; c++) {
            inputs[c] = b.inputs[c].clone();
        }
        this.interrupts = deepCopy(b.interrupts);
        this.dmaData = deepCopy(b.dmaData);
        this.endIc = b.endIc.clone();
        this.checkpointAtEnd = b.checkpointAtEnd == null ? null : List.copyOf(b.checkpointAtEnd);
        this.faultAtEnd = b.faultAtEnd;
    }

    private static <T> List<List<T>> deepCopy(List<List<T>> lists) {
        List<List<T>> out = new ArrayList<>();
        for (List<T> l : lists) {
            out.add(List.copyOf(l));
        }
        return List.copyOf(out);
    }

    public static Builder builder(int cpus, int dmaEngines) {
        return new Builder(cpus, dmaEngines);
    }

    /** A builder that starts as a copy of this interval's logs (tests tamper with them this way). */
    public Builder toBuilder() {
        Builder b = new Builder(cpus, engines);
        for (int a = 0; a < agents(); a++) {
            b.race.set(a, new ArrayList<>(race.get(a)));
            b.endIc[a] = endIc[a];
        }
        for (int c = 0; c < cpus; c++) {
            b.inputs[c] = inputs[c].clone();
            b.interrupts.set(c, new ArrayList<>(interrupts.get(c)));
        }
        for (int k = 0; k < engines; k++) {
            b.dmaData.set(k, new ArrayList<>(dmaData.get(k)));
        }
        b.checkpointAtEnd = checkpointAtEnd;
        b.faultAtEnd = faultAtEnd;
        return b;
    }

    public int cpus() {
        return cpus;
    }

    public int dmaEngines() {
        return engines;
    }

    /** Processors plus DMA engines. */
    public int agents() {
        return cpus + engines;
    }

    /** Arcs that end at {@code agent}, in log order. */
    public List<Arc> race(int agent) {
        return race.get(agent);
    }

    public long[] inputs(int cpu) {
        return inputs[cpu].clone();
    }

    long[] inputsShared(int cpu) {
        return inputs[cpu];
    }

    public List<InterruptEntry> interrupts(int cpu) {
        return interrupts.get(cpu);
    }

    public List<DmaDataEntry> dmaData(int engine) {
        return dmaData.get(engine);
    }

    /** The IC agent {@code agent} has committed at the end of the interval. */
    public long endIc(int agent) {
        return endIc[agent];
    }

    /** The registers saved at the checkpoint that ends this interval; null for the last interval. */
    public List<ArchState> checkpointAtEnd() {
        return checkpointAtEnd;
    }

    /**
     * The processor whose instruction after its end IC faulted and ended the run (the trigger of
     * a crash), or -1: the replay executes that instruction, and the verifier compares what it did.
     */
    public int faultAtEnd() {
        return faultAtEnd;
    }

    /** Entries in every log of this interval. */
    public long entries() {
        long n = 0;
        for (int a = 0; a < agents(); a++) {
            n += race.get(a).size();
        }
        for (int c = 0; c < cpus; c++) {
            n += inputs[c].length + interrupts.get(c).size();
        }
        for (int k = 0; k < engines; k++) {
            n += dmaData.get(k).size();
        }
        return n;
    }

    /** Builds an {@link IntervalLog} from raw log bytes or decoded entries. */
    public static final class Builder {
        private final int cpus;
        private final int engines;
        private final List<List<Arc>> race = new ArrayList<>();
        private final long[][] inputs;
        private final List<List<InterruptEntry>> interrupts = new ArrayList<>();
        private final List<List<DmaDataEntry>> dmaData = new ArrayList<>();
        private final long[] endIc;
        private List<ArchState> checkpointAtEnd;
        private int faultAtEnd = -1;

        private Builder(int cpus, int engines) {
            if (cpus < 1 || engines < 0 || cpus + engines > 256) {
                throw new IllegalArgumentException("expected 1.. processors and 0.. DMA engines, at most 256 agents; got "
                        + cpus + " and " + engines);
            }
            this.cpus = cpus;
            this.engines = engines;
            this.inputs = new long[cpus][0];
            this.endIc = new long[cpus + engines];
            for (int a = 0; a < cpus + engines; a++) {
                race.add(new ArrayList<>());
            }
            for (int c = 0; c < cpus; c++) {
                interrupts.add(new ArrayList<>());
            }
            for (int k = 0; k < engines; k++) {
                dmaData.add(new ArrayList<>());
            }
        }

        /** Agent {@code agent}'s race log: memory race log of a processor, DMA race log of engine agent-P. */
        public Builder raceLog(int agent, byte[] bytes) {
            if (bytes.length % RaceEntry.BYTES != 0) {
                throw new IllegalArgumentException("race log of agent " + agent + ": " + bytes.length
                        + " bytes is not a whole number of " + RaceEntry.BYTES + "-byte entries");
            }
            List<Arc> list = new ArrayList<>();
            for (int off = 0; off < bytes.length; off += RaceEntry.BYTES) {
                list.add(RaceEntry.decode(bytes, off).arc(agent));
            }
            return race(agent, list);
        }

        /** Agent {@code agent}'s race log: arcs that end at it, in log order. */
        public Builder race(int agent, List<Arc> arcs) {
            for (Arc a : arcs) {
                if (a.to() != agent) {
                    throw new IllegalArgumentException("arc " + a + " in the race log of agent " + agent);
                }
            }
            race.set(agent, new ArrayList<>(arcs));
            return this;
        }

        public Builder inputLog(int cpu, byte[] bytes) {
            return inputs(cpu, InputLog.decode(bytes));
        }

        public Builder inputs(int cpu, long[] values) {
            inputs[cpu] = values.clone();
            return this;
        }

        public Builder interruptLog(int cpu, byte[] bytes) {
            return interrupts(cpu, InterruptLog.decode(bytes));
        }

        public Builder interrupts(int cpu, List<InterruptEntry> entries) {
            interrupts.set(cpu, new ArrayList<>(entries));
            return this;
        }

        public Builder dmaDataLog(int engine, byte[] bytes) {
            return dmaData(engine, DmaDataLog.decode(bytes));
        }

        public Builder dmaData(int engine, List<DmaDataEntry> entries) {
            dmaData.set(engine, new ArrayList<>(entries));
            return this;
        }

        public Builder endIc(int agent, long ic) {
            endIc[agent] = ic;
            return this;
        }

        public Builder checkpointAtEnd(List<ArchState> registers) {
            this.checkpointAtEnd = registers;
            return this;
        }

        /** {@code cpu}'s next instruction faulted at the end of this interval (-1: none). */
        public Builder faultAtEnd(int cpu) {
            this.faultAtEnd = cpu;
            return this;
        }

        public IntervalLog build() {
            return new IntervalLog(this);
        }
    }

    @Override
    public String toString() {
        return "IntervalLog[" + cpus + " cpus, " + engines + " DMA engines, ends at " + Arrays.toString(endIc) + "]";
    }
}
