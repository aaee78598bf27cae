package org.fdrsim.io.device;

import org.fdrsim.cpu.sim.EventHandler;
import org.fdrsim.cpu.sim.EventQueue;

/**
 * A disk of 512-byte sectors that moves data by DMA and interrupts on completion. A command
 * (register map in {@link DeviceMap}) takes a seek, then one transfer time per sector; each
 * 64-byte block moves through the DMA engine as soon as the disk has it. A bad command never
 * crashes the machine: it sets STATUS_ERROR and an error code, and interrupts like a completion.
 */
public final class Disk {
    // Register offsets from DISK_BASE: constant expressions over DeviceMap, so they can label cases.
    private static final int SECTOR = (int) (DeviceMap.DISK_SECTOR - DeviceMap.DISK_BASE);
    private static final int ADDR = (int) (DeviceMap.DISK_ADDR - DeviceMap.DISK_BASE);
    private static final int COUNT = (int) (DeviceMap.DISK_COUNT - DeviceMap.DISK_BASE);
    private static final int CMD = (int) (DeviceMap.DISK_CMD - DeviceMap.DISK_BASE);
    private static final int STATUS = (int) (DeviceMap.DISK_STATUS - DeviceMap.DISK_BASE);
    private static final int ERROR = (int) (DeviceMap.DISK_ERROR - DeviceMap.DISK_BASE);
    private static final int SECTORS = (int) (DeviceMap.DISK_SECTORS - DeviceMap.DISK_BASE);
    private static final long ERROR_CYCLES = 100;

    private final DiskImage image;
    private final DevicesConfig.DiskConfig config;
    private final DmaEngine dma;
    private final InterruptController pic;
    private final EventQueue queue;
    private final long memoryBytes;
    private final EventHandler complete = (now, payload, arg) -> complete(now, arg);
    private long sector;
    private long address;
    private long count;
    private long command;
    private long status = DeviceMap.STATUS_IDLE;
    private long error = DeviceMap.ERR_NONE;
    private long commands;
    private long sectorsMoved;

    public Disk(DiskImage image, DevicesConfig.DiskConfig config, DmaEngine dma, InterruptController pic,
            EventQueue queue, long memoryBytes) {
        this.image = image;
        this.config = config;
        this.dma = dma;
        this.pic = pic;
        this.queue = queue;
        this.memoryBytes = memoryBytes;
    }

    public DiskImage image() {
        return image;
    }

    public long status() {
        return status;
    }

    public long sectorsMoved() {
        return sectorsMoved;
    }

    public long commands() {
        return commands;
    }

    public boolean handles(long a) {
        return DeviceMap.isDiskRegister(a);
    }

    public long load(long a) {
        int reg = (int) (a - DeviceMap.DISK_BASE);
        return switch (reg) {
            case SECTOR -> sector;
            case ADDR -> address;
            case COUNT -> count;
            case CMD -> command;
            case STATUS -> status;
            case ERROR -> error;
            case SECTORS -> image.sectors();
            default -> DeviceMap.DISK_SECTOR_BYTES;
        };
    }

    public void store(long a, long value, long now) {
        int reg = (int) (a - DeviceMap.DISK_BASE);
        switch (reg) {
            case SECTOR -> sector = value;
            case ADDR -> address = value;
            case COUNT -> count = value;
            case CMD -> command(value, Math.max(now, queue.now()));
            case STATUS -> {
                if (status != DeviceMap.STATUS_BUSY) {
                    status = DeviceMap.STATUS_IDLE;
                }
            }
            default -> { } // read-only registers ignore stores
        }
    }

    private void command(long cmd, long now) {
        commands++;
        if (status == DeviceMap.STATUS_BUSY) {
            error = DeviceMap.ERR_BUSY; // the transfer in progress goes on
            return;
        }
        command = cmd;
        long problem = check(cmd);
        if (problem != DeviceMap.ERR_NONE) {
            error = problem;
            status = DeviceMap.STATUS_BUSY;
            queue.schedule(now + ERROR_CYCLES, complete, this, problem);
            return;
        }
        error = DeviceMap.ERR_NONE;
        status = DeviceMap.STATUS_BUSY;
        long first = sector;
        long base = address;
        int blocks = (int) count * 8;
        long start = now + config.seekCycles();
        long per = config.transferCyclesPerSector();
        boolean read = cmd == DeviceMap.DISK_CMD_READ;
        long total = count;
        dma.start(now, new DmaTransfer() {
            @Override
            public int blocks() {
                return blocks;
            }

            @Override
            public long address(int i) {
                return base + 64L * i;
            }

            @Override
            public boolean toMemory() {
                return read;
            }

            @Override
            public long readyAt(int i) {
                return read ? start + (i / 8 + 1) * per : now;
            }

            @Override
            public void fill(int i, long[] out) {
                for (int w = 0; w < 8; w++) {
                    out[w] = image.word(first + i / 8, (i % 8) * 8 + w);
                }
            }

            @Override
            public void accept(int i, long[] data) {
                for (int w = 0; w < 8; w++) {
                    image.setWord(first + i / 8, (i % 8) * 8 + w, data[w]);
                }
            }

            @Override
            public void done(long t) {
                sectorsMoved += total;
                long at = read ? t : Math.max(t, start + total * per);
                queue.schedule(Math.max(at, queue.now()), complete, Disk.this, DeviceMap.ERR_NONE);
            }
        });
    }

    private long check(long cmd) {
        if (cmd != DeviceMap.DISK_CMD_READ && cmd != DeviceMap.DISK_CMD_WRITE) {
            return DeviceMap.ERR_BAD_COMMAND;
        }
        if (count < 1 || sector < 0 || sector >= image.sectors() || count > image.sectors() - sector) {
            return DeviceMap.ERR_RANGE;
        }
        if ((address & 63) != 0 || address < 0 || address > memoryBytes - count * DeviceMap.DISK_SECTOR_BYTES) {
            return DeviceMap.ERR_ADDRESS;
        }
        return DeviceMap.ERR_NONE;
    }

    private void complete(long now, long problem) {
        status = problem == DeviceMap.ERR_NONE ? DeviceMap.STATUS_DONE : DeviceMap.STATUS_ERROR;
        pic.raise(DeviceMap.IRQ_DISK, now);
    }
}
