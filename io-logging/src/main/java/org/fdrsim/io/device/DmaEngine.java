package org.fdrsim.io.device;

import org.fdrsim.coherence.dma.DmaAgent;
import org.fdrsim.coherence.dma.DmaClient;
import org.fdrsim.cpu.sim.EventHandler;
import org.fdrsim.cpu.sim.EventQueue;
import org.fdrsim.io.log.DmaDataLog;

/**
 * A device's DMA engine: runs one {@link DmaTransfer} at a time, block by block, through its
 * coherence-side {@link DmaAgent} (the pseudo-processor with its own IC), and logs every block
 * written into memory in its DMA data log. A full log buffer delays the next block.
 */
public final class DmaEngine implements DmaClient {
    private final String name;
    private final DmaAgent agent;
    private final EventQueue queue;
    private final DmaDataLog dataLog = new DmaDataLog();
    private final long[] buffer = new long[8];
    private final EventHandler startBlock = (now, payload, arg) -> startBlock(now);
    private DmaTransfer current;
    private int index;
    private long stallUntil;

    public DmaEngine(String name, DmaAgent agent, EventQueue queue) {
        this.name = name;
        this.agent = agent;
        this.queue = queue;
    }

    public String name() {
        return name;
    }

    /** The coherence agent: its id is the engine's pseudo-processor id in the race recorder. */
    public DmaAgent agent() {
        return agent;
    }

    public DmaDataLog dataLog() {
        return dataLog;
    }

    public boolean busy() {
        return current != null;
    }

    /** Starts {@code transfer} (the engine must be free). */
    public void start(long now, DmaTransfer transfer) {
        if (current != null) {
            throw new IllegalStateException("DMA engine " + name + " is busy");
        }
        current = transfer;
        index = 0;
        scheduleBlock(now);
    }

    private void scheduleBlock(long now) {
        long t = Math.max(now, Math.max(stallUntil, current.readyAt(index)));
        queue.schedule(Math.max(t, queue.now()), startBlock, this, 0);
    }

    private void startBlock(long now) {
        long address = current.address(index);
        if (current.toMemory()) {
            current.fill(index, buffer);
            agent.write(now, address, buffer, this);
        } else {
            agent.read(now, address, this);
        }
    }

    @Override
    public void committed(long now, DmaAgent engine, long block, long engineIc, long[] data, boolean write) {
        if (write) {
            stallUntil = Math.max(stallUntil, dataLog.blockWritten(now, block, data));
        } else {
            current.accept(index, data);
        }
    }

    @Override
    public void finished(long now, DmaAgent engine, long block) {
        index++;
        if (index < current.blocks()) {
            scheduleBlock(now);
        } else {
            DmaTransfer t = current;
            current = null;
            t.done(now);
        }
    }
}
