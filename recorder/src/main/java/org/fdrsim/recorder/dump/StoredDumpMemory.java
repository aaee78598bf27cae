package org.fdrsim.recorder.dump;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.fdrsim.cpu.mem.SparseMemory;

/**
 * The memory section of a dump that was read: where its payload lies in the source. Each
 * pass decodes the pages again, so the image costs no host memory between passes.
 */
final class StoredDumpMemory implements DumpMemory {
    private final DumpSource source;
    private final long from;
    private final long to;
    private final long size;
    private final int pages;
    private final String file;

    StoredDumpMemory(DumpSource source, long from, long to, long size, int pages, String file) {
        this.source = source;
        this.from = from;
        this.to = to;
        this.size = size;
        this.pages = pages;
        this.file = file;
    }

    @Override
    public long size() {
        return size;
    }

    @Override
    public int pageCount() {
        return pages;
    }

    @Override
    public void forEachPage(SparseMemory.PageVisitor visitor) {
        try (DumpSource s = source.reopen()) {
            MemorySection.decode(new SourceStream(s, from, to, file, "memory"), size, visitor);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the memory image again from " + file + ": " + e.getMessage(), e);
        } catch (DumpFormatException e) {
            throw new UncheckedIOException(new IOException(e.getMessage() + " (the file changed since it was read)", e));
        }
    }
}
