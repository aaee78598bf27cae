package org.fdrsim.cpu.asm;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.fdrsim.cpu.program.DataSegment;
import org.fdrsim.cpu.program.SourceLocation;

/**
 * Collects the bytes emitted by data directives and turns them into {@link DataSegment}s:
 * sorted by address, one segment per contiguous run. Alignment padding is not emitted, so
 * it separates runs. A byte written twice (overlapping {@code .org} regions) is an error.
 */
final class DataImageBuilder {
    private record Chunk(long address, byte[] bytes, SourceLocation where, int order) {
        long end() {
            return address + bytes.length;
        }
    }

    /** Longest segment; longer runs are split so a segment fits in a Java array. */
    static final long MAX_SEGMENT = 1L << 30;

    private final List<Chunk> chunks = new ArrayList<>();

    void add(long address, byte[] bytes, SourceLocation where) {
        chunks.add(new Chunk(address, bytes, where, chunks.size()));
    }

    List<DataSegment> build() throws AssemblyException {
        List<Chunk> sorted = new ArrayList<>(chunks);
        sorted.sort(Comparator.comparingLong(Chunk::address).thenComparingInt(Chunk::order));
        List<DataSegment> segments = new ArrayList<>();
        List<Chunk> run = new ArrayList<>();
        Chunk furthest = null; // the chunk reaching furthest so far, to name in overlap errors
        for (Chunk c : sorted) {
            if (c.bytes.length == 0) {
                continue;
            }
            if (furthest != null && c.address < furthest.end()) {
                throw overlap(c, furthest);
            }
            boolean contiguous = !run.isEmpty() && c.address == furthest.end();
            if (!run.isEmpty() && (!contiguous || c.end() - run.get(0).address > MAX_SEGMENT)) {
                segments.add(merge(run));
                run.clear();
            }
            run.add(c);
            furthest = c;
        }
        if (!run.isEmpty()) {
            segments.add(merge(run));
        }
        return segments;
    }

    /** Reports at whichever of the two was written later in the source. */
    private static AssemblyException overlap(Chunk a, Chunk b) {
        Chunk later = a.order > b.order ? a : b;
        Chunk earlier = later == a ? b : a;
        long from = Math.max(a.address, b.address);
        return new AssemblyException(later.where, "data at " + Layout.hex(from) + " overlaps data already written at "
                + earlier.where + ", expected each byte to be written once (check .org addresses)");
    }

    private static DataSegment merge(List<Chunk> run) {
        Chunk first = run.get(0);
        Chunk last = run.get(run.size() - 1);
        byte[] bytes = new byte[Math.toIntExact(last.end() - first.address)];
        for (Chunk c : run) {
            System.arraycopy(c.bytes, 0, bytes, (int) (c.address - first.address), c.bytes.length);
        }
        return new DataSegment(first.address, bytes);
    }
}
