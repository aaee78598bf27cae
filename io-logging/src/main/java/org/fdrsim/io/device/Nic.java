package org.fdrsim.io.device;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.fdrsim.cpu.sim.EventHandler;
import org.fdrsim.cpu.sim.EventQueue;

/**
 * A network interface. Receive: packets from the world ({@link NicTraffic}) arrive at seeded
 * times after receive is enabled and are DMA-written into the next free slot of a ring in
 * memory (word 0 = length, then the bytes), then interrupt IRQ_NIC. If the ring is full the
 * packet waits in the NIC (the world is patient: nothing is dropped, so what a program receives
 * does not depend on timing). Transmit: the NIC DMA-reads a buffer, keeps the bytes
 * ({@link #transmitted}) and interrupts IRQ_NIC.
 */
public final class Nic {
    // Register offsets from NIC_BASE: constant expressions over DeviceMap, so they can label cases.
    private static final int RX_BASE = (int) (DeviceMap.NIC_RX_BASE - DeviceMap.NIC_BASE);
    private static final int RX_SLOTS = (int) (DeviceMap.NIC_RX_SLOTS - DeviceMap.NIC_BASE);
    private static final int RX_HEAD = (int) (DeviceMap.NIC_RX_HEAD - DeviceMap.NIC_BASE);
    private static final int RX_TAIL = (int) (DeviceMap.NIC_RX_TAIL - DeviceMap.NIC_BASE);
    private static final int CTRL = (int) (DeviceMap.NIC_CTRL - DeviceMap.NIC_BASE);
    private static final int TX_ADDR = (int) (DeviceMap.NIC_TX_ADDR - DeviceMap.NIC_BASE);
    private static final int TX_LEN = (int) (DeviceMap.NIC_TX_LEN - DeviceMap.NIC_BASE);
    private static final int TX_CMD = (int) (DeviceMap.NIC_TX_CMD - DeviceMap.NIC_BASE);
    private static final int TX_STATUS = (int) (DeviceMap.NIC_TX_STATUS - DeviceMap.NIC_BASE);
    private static final int ERROR = (int) (DeviceMap.NIC_ERROR - DeviceMap.NIC_BASE);
    private static final int RX_COUNT = (int) (DeviceMap.NIC_RX_COUNT - DeviceMap.NIC_BASE);
    private static final long ERROR_CYCLES = 100;
    private static final int MAX_TX_BYTES = 4096;

    private final List<NicTraffic.Packet> traffic;
    private final DmaEngine rxDma;
    private final DmaEngine txDma;
    private final InterruptController pic;
    private final EventQueue queue;
    private final long memoryBytes;
    private final ArrayDeque<byte[]> waiting = new ArrayDeque<>();
    private final List<byte[]> transmitted = new ArrayList<>();
    private final EventHandler arrival = (now, payload, arg) -> arrive(now, (int) arg);
    private final EventHandler txError = (now, payload, arg) -> finishTx(now, false);
    private long rxBase;
    private long rxSlots;
    private long head;
    private long tail;
    private boolean enabled;
    private boolean started;
    private long txAddr;
    private long txLen;
    private long txStatus = DeviceMap.STATUS_IDLE;
    private long error = DeviceMap.ERR_NONE;
    private long rxCount;
    private byte[] txBytes;

    public Nic(List<NicTraffic.Packet> traffic, DmaEngine rxDma, DmaEngine txDma, InterruptController pic,
            EventQueue queue, long memoryBytes) {
        this.traffic = traffic;
        this.rxDma = rxDma;
        this.txDma = txDma;
        this.pic = pic;
        this.queue = queue;
        this.memoryBytes = memoryBytes;
    }

    /** Every packet sent so far, in order (copies). */
    public List<byte[]> transmitted() {
        List<byte[]> copy = new ArrayList<>();
        for (byte[] b : transmitted) {
            copy.add(b.clone());
        }
        return copy;
    }

    public long received() {
        return rxCount;
    }

    /** Packets the world has sent that are not yet in the ring. */
    public int waiting() {
        return waiting.size();
    }

    public boolean handles(long a) {
        return DeviceMap.isNicRegister(a);
    }

    public long load(long a) {
        int reg = (int) (a - DeviceMap.NIC_BASE);
        return switch (reg) {
            case RX_BASE -> rxBase;
            case RX_SLOTS -> rxSlots;
            case RX_HEAD -> head;
            case RX_TAIL -> tail;
            case CTRL -> enabled ? 1 : 0;
            case TX_ADDR -> txAddr;
            case TX_LEN -> txLen;
            case TX_CMD -> 0;
            case TX_STATUS -> txStatus;
            case ERROR -> error;
            case RX_COUNT -> rxCount;
            default -> transmitted.size();
        };
    }

    public void store(long a, long value, long now) {
        now = Math.max(now, queue.now());
        int reg = (int) (a - DeviceMap.NIC_BASE);
        switch (reg) {
            case RX_BASE -> {
                if (!enabled) {
                    rxBase = value;
                }
            }
            case RX_SLOTS -> {
                if (!enabled) {
                    rxSlots = value;
                }
            }
            case RX_TAIL -> {
                if (rxSlots > 0 && value >= 0 && value < rxSlots) {
                    tail = value;
                    deliver(now);
                } else {
                    error = DeviceMap.ERR_RANGE;
                }
            }
            case CTRL -> control(value, now);
            case TX_ADDR -> txAddr = value;
            case TX_LEN -> txLen = value;
            case TX_CMD -> transmit(value, now);
            case TX_STATUS -> {
                if (txStatus != DeviceMap.STATUS_BUSY) {
                    txStatus = DeviceMap.STATUS_IDLE;
                }
            }
            default -> { } // read-only
        }
    }

    private void control(long value, long now) {
        boolean on = (value & 1) != 0;
        if (on && !enabled) {
            if (rxSlots < 2 || rxSlots > 1024) {
                error = DeviceMap.ERR_RANGE;
                return;
            }
            if ((rxBase & 63) != 0 || rxBase < 0 || rxBase > memoryBytes - rxSlots * DeviceMap.NIC_SLOT_BYTES) {
                error = DeviceMap.ERR_ADDRESS;
                return;
            }
            enabled = true;
            if (!started) {
                started = true; // the world starts sending when the NIC first listens
                if (!traffic.isEmpty()) {
                    queue.schedule(now + traffic.get(0).arrivalOffset(), arrival, this, 0);
                }
            }
            deliver(now);
        } else if (!on) {
            enabled = false;
        }
    }

    private void arrive(long now, int i) {
        waiting.add(traffic.get(i).payload());
        if (i + 1 < traffic.size()) {
            long next = now + traffic.get(i + 1).arrivalOffset() - traffic.get(i).arrivalOffset();
            queue.schedule(next, arrival, this, i + 1);
        }
        deliver(now);
    }

    /** Moves the oldest waiting packet into the ring if there is room and the engine is free. */
    private void deliver(long now) {
        if (!enabled || rxDma.busy() || waiting.isEmpty() || (head + 1) % rxSlots == tail) {
            return;
        }
        byte[] packet = waiting.poll();
        long slot = rxBase + head * DeviceMap.NIC_SLOT_BYTES;
        rxDma.start(now, new DmaTransfer() {
            @Override
            public int blocks() {
                return DeviceMap.NIC_SLOT_BYTES / 64;
            }

            /** The block with the length goes last, so a poller never sees a length before the bytes. */
            @Override
            public long address(int i) {
                return slot + 64L * (blocks() - 1 - i);
            }

            @Override
            public boolean toMemory() {
                return true;
            }

            @Override
            public long readyAt(int i) {
                return now;
            }

            @Override
            public void fill(int i, long[] out) {
                int blockIndex = blocks() - 1 - i;
                for (int w = 0; w < 8; w++) {
                    int slotWord = blockIndex * 8 + w;
                    out[w] = slotWord == 0 ? packet.length : packWord(packet, (slotWord - 1) * 8);
                }
            }

            @Override
            public void done(long t) {
                head = (head + 1) % rxSlots;
                rxCount++;
                pic.raise(DeviceMap.IRQ_NIC, t);
                deliver(t);
            }
        });
    }

    private static long packWord(byte[] bytes, int from) {
        long v = 0;
        for (int k = 7; k >= 0; k--) {
            int i = from + k;
            v = (v << 8) | (i < bytes.length ? bytes[i] & 0xffL : 0);
        }
        return v;
    }

    private void transmit(long cmd, long now) {
        if (txStatus == DeviceMap.STATUS_BUSY) {
            error = DeviceMap.ERR_BUSY;
            return;
        }
        txStatus = DeviceMap.STATUS_BUSY;
        long problem = cmd != DeviceMap.NIC_TX_SEND ? DeviceMap.ERR_BAD_COMMAND
                : txLen < 1 || txLen > MAX_TX_BYTES ? DeviceMap.ERR_RANGE
                : (txAddr & 63) != 0 || txAddr < 0 || txAddr > memoryBytes - txLen ? DeviceMap.ERR_ADDRESS
                : DeviceMap.ERR_NONE;
        if (problem != DeviceMap.ERR_NONE) {
            error = problem;
            queue.schedule(now + ERROR_CYCLES, txError, this, 0);
            return;
        }
        int len = (int) txLen;
        long base = txAddr;
        byte[] bytes = new byte[len];
        txBytes = bytes;
        txDma.start(now, new DmaTransfer() {
            @Override
            public int blocks() {
                return (len + 63) / 64;
            }

            @Override
            public long address(int i) {
                return base + 64L * i;
            }

            @Override
            public boolean toMemory() {
                return false;
            }

            @Override
            public long readyAt(int i) {
                return now;
            }

            @Override
            public void accept(int i, long[] data) {
                for (int k = 0; k < 64 && i * 64 + k < len; k++) {
                    bytes[i * 64 + k] = (byte) (data[k / 8] >>> (8 * (k % 8)));
                }
            }

            @Override
            public void done(long t) {
                finishTx(t, true);
            }
        });
    }

    private void finishTx(long now, boolean ok) {
        if (ok) {
            transmitted.add(txBytes);
            txBytes = null;
        }
        txStatus = ok ? DeviceMap.STATUS_DONE : DeviceMap.STATUS_ERROR;
        pic.raise(DeviceMap.IRQ_NIC, now);
    }
}
