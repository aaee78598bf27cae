package org.fdrsim.replayer.debug;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.fdrsim.cpu.core.ProcessorListener;
import org.fdrsim.replayer.ReplayPosition;
import org.fdrsim.replayer.ReplaySession;

/**
 * The breakpoints and watchpoints of a debugging session (one numbering, as in gdb) and the
 * check after each committed instruction. Watchpoints see writes through the session's
 * {@link ProcessorListener} (processor stores and atomics, DMA blocks as word stores); a write
 * that leaves the word unchanged does not stop.
 */
final class Stops implements ProcessorListener {
    /** A condition: evaluated on the processor that stopped (or the focus, for DMA writes). */
    interface Condition {
        boolean holds(String expression, int cpu);
    }

    private static final class Break {
        final int number;
        final String spec;
        final int pc;
        final int cpu;
        final String condition;
        long hits;

        Break(int number, String spec, int pc, int cpu, String condition) {
            this.number = number;
            this.spec = spec;
            this.pc = pc;
            this.cpu = cpu;
            this.condition = condition;
        }
    }

    private static final class Watch {
        final int number;
        final String spec;
        final long address;
        final String condition;
        long value;
        long hits;

        Watch(int number, String spec, long address, String condition) {
            this.number = number;
            this.spec = spec;
            this.address = address;
            this.condition = condition;
        }
    }

    private final List<Break> breaks = new ArrayList<>();
    private final List<Watch> watches = new ArrayList<>();
    private int nextNumber = 1;
    private ReplaySession session;
    /** The first watched write since {@link #arm}, and its watchpoint. */
    private WriteHit hit;
    private int hitNumber;
    /** Where the first watched write since {@link #arm} left the replay (the writer just after it). */
    private ReplayPosition hitAt;
    /** Keep the last watched write instead of the first (and the one before it), for reverse-continue. */
    private boolean keepLast;
    private WriteHit previousHit;
    private ReplayPosition previousAt;
    private int previousNumber;
    /** The write behind the last watchpoint stop {@link #check} (or a take) returned. */
    private WriteHit lastWrite;
    /** Watched writes noted since {@link #arm}, and the count at the kept hit and the one before it. */
    private long writesNoted;
    private long hitSequence;
    private long previousSequence;
    private long takenSequence;

    int addBreak(String spec, int pc, int cpu, String condition) {
        breaks.add(new Break(nextNumber, spec, pc, cpu, condition));
        return nextNumber++;
    }

    int addWatch(String spec, long address, String condition) {
        watches.add(new Watch(nextNumber, spec, address & ~7L, condition));
        return nextNumber++;
    }

    boolean delete(int number) {
        return breaks.removeIf(b -> b.number == number) | watches.removeIf(w -> w.number == number);
    }

    void deleteAll() {
        breaks.clear();
        watches.clear();
    }

    boolean hasWatches() {
        return !watches.isEmpty();
    }

    /** Only watchpoints, none with a condition: a run can go at full speed and be re-executed to the first hit. */
    boolean onlyPlainWatches() {
        if (!breaks.isEmpty() || watches.isEmpty()) {
            return false;
        }
        for (Watch w : watches) {
            if (w.condition != null) {
                return false;
            }
        }
        return true;
    }

    /** Breakpoints, and watchpoints without conditions only: breakpoints can be patched in and the replay run at full speed. */
    boolean breaksWithPlainWatches() {
        if (breaks.isEmpty()) {
            return false;
        }
        for (Watch w : watches) {
            if (w.condition != null) {
                return false;
            }
        }
        return true;
    }

    /** Patches every breakpoint into the code copy of each processor of {@code s} it applies to. */
    void patch(ReplaySession s) {
        for (int c = 0; c < s.cpus(); c++) {
            int[] pcs = new int[breaks.size()];
            int n = 0;
            for (Break b : breaks) {
                if (b.cpu < 0 || b.cpu == c) {
                    pcs[n++] = b.pc;
                }
            }
            s.setBreakpoints(c, Arrays.copyOf(pcs, n));
        }
    }

    /** Takes the breakpoints out of {@code s}'s code copies again. */
    static void unpatch(ReplaySession s) {
        for (int c = 0; c < s.cpus(); c++) {
            s.setBreakpoints(c, new int[0]);
        }
    }

    /** A watched write was noted since {@link #arm} and not taken yet. */
    boolean writeNoted() {
        return hit != null;
    }

    /** Watched writes noted since {@link #arm}, for ordering them against breakpoint hits. */
    long writesNoted() {
        return writesNoted;
    }

    /** The {@link #writesNoted} count of the hit the last take returned. */
    long takenSequence() {
        return takenSequence;
    }

    /** The first watched write since {@link #arm} and where it left the replay, or null; counts the hit and forgets it. */
    ReplayPosition takeFirstHit() {
        if (hit == null) {
            return null;
        }
        lastWrite = hit;
        watch(hitNumber).hits++;
        hit = null;
        return hitAt;
    }

    /**
     * After a run armed with {@code last}: the last watched write that left the replay
     * somewhere other than {@code now}, and where (null: none); counts nothing.
     */
    ReplayPosition takeLastHitBefore(ReplayPosition now) {
        if (hit != null && hitAt.equals(now)) {
            hit = previousHit;
            hitAt = previousAt;
            hitNumber = previousNumber;
            hitSequence = previousSequence;
        }
        if (hit == null) {
            return null;
        }
        lastWrite = hit;
        takenSequence = hitSequence;
        hit = null;
        return hitAt;
    }

    int lastNumber() {
        return hitNumber;
    }

    List<BreakpointInfo> breakpoints() {
        List<BreakpointInfo> out = new ArrayList<>();
        for (Break b : breaks) {
            out.add(new BreakpointInfo(b.number, b.spec, b.pc, b.cpu, b.condition, b.hits));
        }
        return out;
    }

    List<WatchpointInfo> watchpoints() {
        List<WatchpointInfo> out = new ArrayList<>();
        for (Watch w : watches) {
            out.add(new WatchpointInfo(w.number, w.spec, w.address, w.condition, w.hits));
        }
        return out;
    }

    /** Starts looking at {@code s}: watched words take their current values; no hit pending. */
    void arm(ReplaySession s) {
        arm(s, false);
    }

    /** As {@link #arm(ReplaySession)}; {@code last}: note the last watched writes, not the first. */
    void arm(ReplaySession s, boolean last) {
        session = s;
        keepLast = last;
        previousHit = null;
        previousAt = null;
        writesNoted = 0;
        for (Watch w : watches) {
            w.value = s.loadWord(w.address);
        }
        hit = null;
        hitAt = null;
        s.setListener(watches.isEmpty() ? null : this);
    }

    /** Stops looking at the armed session. */
    void disarm() {
        if (session != null) {
            session.setListener(null);
            session = null;
        }
    }

    @Override
    public void memoryAccess(int agent, long ic, int pc, long address, boolean write, long value) {
        if (!write) {
            return;
        }
        long word = address & ~7L;
        for (int i = 0; i < watches.size(); i++) {
            Watch w = watches.get(i);
            if (w.address == word) {
                long now = session.loadWord(word);
                if (now != w.value && (hit == null || keepLast)) {
                    previousHit = hit;
                    previousAt = hitAt;
                    previousNumber = hitNumber;
                    previousSequence = hitSequence;
                    hitSequence = ++writesNoted;
                    hit = new WriteHit(agent, pc < 0, ic, pc, word, w.value, now);
                    hitNumber = w.number;
                    // Mid-slice the writer's own IC is only in the call; every other agent is between slices.
                    long[] ics = new long[session.agentCount()];
                    for (int a = 0; a < ics.length; a++) {
                        ics[a] = session.ic(a);
                    }
                    ics[agent] = ic;
                    hitAt = new ReplayPosition(session.interval(), ics);
                }
                w.value = now;
            }
        }
    }

    /**
     * After agent {@code agent} committed one instruction: the number of the breakpoint or
     * watchpoint that stops here (its hit counted when {@code count}), or 0.
     */
    int check(int agent, Condition condition, boolean count) {
        if (hit != null) {
            WriteHit h = hit;
            int number = hitNumber;
            hit = null;
            Watch w = watch(number);
            int cpu = h.dma() ? -1 : h.agent();
            if (w != null && (w.condition == null || condition.holds(w.condition, cpu))) {
                if (count) {
                    w.hits++;
                }
                lastWrite = h;
                return number;
            }
        }
        if (agent >= session.cpus() || breaks.isEmpty()) {
            return 0;
        }
        return breakAt(agent, session.pc(agent), condition, count);
    }

    /**
     * Processor {@code cpu} is at code index {@code pc}: the number of the first breakpoint
     * there for it whose condition holds (its hit counted when {@code count}), or 0. Conditions
     * are evaluated only here, when a processor is at the breakpoint's pc.
     */
    int breakAt(int cpu, int pc, Condition condition, boolean count) {
        for (int i = 0; i < breaks.size(); i++) {
            Break b = breaks.get(i);
            if (b.pc == pc && (b.cpu < 0 || b.cpu == cpu)
                    && (b.condition == null || condition.holds(b.condition, cpu))) {
                if (count) {
                    b.hits++;
                }
                return b.number;
            }
        }
        return 0;
    }

    /** The write behind the last watchpoint stop {@link #check} returned. */
    WriteHit lastWrite() {
        return lastWrite;
    }

    boolean isWatch(int number) {
        return watch(number) != null;
    }

    private Watch watch(int number) {
        for (Watch w : watches) {
            if (w.number == number) {
                return w;
            }
        }
        return null;
    }
}
