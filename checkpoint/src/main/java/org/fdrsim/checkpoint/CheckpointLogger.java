package org.fdrsim.checkpoint;

import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.Arrays;
import org.fdrsim.coherence.CoherenceListener;
import org.fdrsim.coherence.MemorySystem;
import org.fdrsim.cpu.log.LogSink;
import org.fdrsim.cpu.mem.SparseMemory;

/**
 * SafetyNet-style checkpoint logging (FDR section 6) as a coherence listener. In every
 * checkpoint interval, the first time a block's coherent value may change, its OLD coherent
 * value goes to the cache checkpoint log; the first time memory's copy of a block is
 * overwritten, its old raw contents go to the memory checkpoint log. Entries are 72 bytes
 * ({@link CheckpointEntry}).
 *
 * <p>Cache checkpoint log — when (the first of these per block per interval):
 * <ul>
 *   <li>ownership moves to an agent (a cache or DMA engine getting the block writable): the
 *       value leaving the old owner, or memory's when the directory had no owner; logged in
 *       the new owner's log;</li>
 *   <li>a cache stores into a block it already held writable at the checkpoint (the first
 *       store of the frame's write epoch): the frame's value before the store; logged in that
 *       cache's log.</li>
 * </ul>
 * Every change of a coherent value is a store by a writable holder, so the first change of a
 * block in an interval is preceded by one of these events in the same interval, and the value
 * logged is the block's coherent value at the checkpoint. "Per block per interval" is a set
 * of logged blocks: the hardware equivalent is SafetyNet's checkpoint number travelling with
 * the block in data messages, so a block logged by one cache is not logged again by the next.
 *
 * <p>Memory checkpoint log: the first writeback (from a cache, a DMA engine, or the trigger's
 * cache flush) of a block in an interval logs memory's old contents, in the home node's log.
 */
public final class CheckpointLogger implements CoherenceListener {
    private final MemorySystem mem;
    private final SparseMemory memory;
    private final int nodes;
    private final LogSink[] cacheSinks;
    private final LogSink[] memorySinks;
    private final LongOpenHashSet cacheLogged = new LongOpenHashSet();
    private final LongOpenHashSet memoryLogged = new LongOpenHashSet();
    private final WriteEpochs[] writeEpochs;
    private final byte[] entry = new byte[CheckpointEntry.BYTES];
    private final long[] words = new long[8];
    private long cacheEntries;
    private long memoryEntries;

    /** Attaches to {@code mem} (listener, write epochs in every cache); sinks start as DISCARD. */
    public CheckpointLogger(MemorySystem mem) {
        this.mem = mem;
        this.memory = mem.memory();
        this.nodes = mem.nodes();
        this.cacheSinks = new LogSink[64];
        this.memorySinks = new LogSink[nodes];
        Arrays.fill(cacheSinks, LogSink.DISCARD);
        Arrays.fill(memorySinks, LogSink.DISCARD);
        this.writeEpochs = new WriteEpochs[nodes];
        for (int n = 0; n < nodes; n++) {
            writeEpochs[n] = new WriteEpochs(this, n, mem.cache(n).l2Frames());
            mem.cache(n).observeFrames(writeEpochs[n]);
        }
        mem.addListener(this);
    }

    /** Agent {@code agent}'s cache checkpoint log (processors 0..P-1, DMA engines P..). */
    public void setCacheSink(int agent, LogSink sink) {
        cacheSinks[agent] = sink;
    }

    /** Home node {@code node}'s memory checkpoint log. */
    public void setMemorySink(int node, LogSink sink) {
        memorySinks[node] = sink;
    }

    /** A checkpoint: every block may be logged once more. Call with the system quiescent. */
    public void startInterval() {
        cacheLogged.clear();
        memoryLogged.clear();
        for (WriteEpochs w : writeEpochs) {
            w.startEpoch();
        }
    }

    @Override
    public void ownershipMoved(long now, long block, int from, int to) {
        if (!cacheLogged.add(block)) {
            return;
        }
        if (from < 0) {
            memory.readBlock(block, words, 0);
        } else if (from < nodes) {
            for (int w = 0; w < 8; w++) {
                words[w] = mem.cache(from).peekWord(block + 8L * w);
            }
        } else {
            for (int w = 0; w < 8; w++) {
                words[w] = mem.dmaEngine(from - nodes).peekWord(block + 8L * w);
            }
        }
        CheckpointEntry.encode(entry, block, words, 0);
        cacheEntries++;
        cacheSinks[to].append(now, entry, 0, entry.length);
    }

    /**
     * {@code cpu} is about to store into {@code block}, which it held writable, for the first
     * time in this interval; the block's value is {@code data[offset .. offset + 8)}.
     */
    void firstWriteInEpoch(long now, int cpu, long block, long[] data, int offset) {
        if (!cacheLogged.add(block)) {
            return;
        }
        CheckpointEntry.encode(entry, block, data, offset);
        cacheEntries++;
        cacheSinks[cpu].append(now, entry, 0, entry.length);
    }

    @Override
    public void memoryBlockWriting(long now, int home, int from, long block) {
        logMemory(now, home, block);
    }

    private void logMemory(long now, int home, long block) {
        if (!memoryLogged.add(block)) {
            return;
        }
        memory.readBlock(block, words, 0);
        CheckpointEntry.encode(entry, block, words, 0);
        memoryEntries++;
        memorySinks[home].append(now, entry, 0, entry.length);
    }

    /**
     * The trigger's cache flush: writes every dirty owned block home (memory becomes the
     * coherent image), logging memory's old contents first like any writeback. Protocol state
     * is not changed (the machine does not run afterwards). Call with the system quiescent.
     */
    public void flushCaches(long now) {
        long[] blocks = ownedBlocks();
        for (int i = 0; i < blocks.length; i += 2) {
            long block = blocks[i];
            int owner = (int) blocks[i + 1];
            logMemory(now, mem.home(block), block);
            for (int w = 0; w < 8; w++) {
                long a = block + 8L * w;
                memory.storeWord(a, owner >= nodes ? mem.dmaEngine(owner - nodes).peekWord(a) : mem.cache(owner).peekWord(a));
            }
        }
    }

    /** (block, owner) pairs, directory by directory in entry order (deterministic). */
    private long[] ownedBlocks() {
        it.unimi.dsi.fastutil.longs.LongArrayList list = new it.unimi.dsi.fastutil.longs.LongArrayList();
        for (int n = 0; n < nodes; n++) {
            mem.directory(n).forEachOwned((block, owner) -> {
                list.add(block);
                list.add(owner);
            });
        }
        return list.toLongArray();
    }

    /** Cache checkpoint log entries over the run. */
    public long cacheEntries() {
        return cacheEntries;
    }

    /** Memory checkpoint log entries over the run. */
    public long memoryEntries() {
        return memoryEntries;
    }
}
