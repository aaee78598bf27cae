package org.fdrsim.io.device;

import java.util.function.LongPredicate;
import org.fdrsim.cpu.io.Console;
import org.fdrsim.cpu.io.DeviceBus;
import org.fdrsim.cpu.io.Timers;

/**
 * Register addresses, commands, status codes and interrupt numbers of the devices beyond the
 * ISA's console and timers (docs/devices.md), and the one decoder of those addresses: the
 * devices, the replayer and the kernel's generated {@code kernel/devices.inc} all read them
 * here. Every register is 8 bytes, uncached; a load or store at an address inside a device
 * page that names no register is a fault (unmapped).
 */
public final class DeviceMap {
    private DeviceMap() {}

    // ---- interrupt numbers (1 is the ISA's per-processor timer) ----
    public static final int IRQ_DISK = 2;
    public static final int IRQ_NIC = 3;
    public static final int IRQ_IPI = 4;

    // ---- common status values (disk STATUS, NIC TX_STATUS) ----
    public static final long STATUS_IDLE = 0;
    public static final long STATUS_BUSY = 1;
    public static final long STATUS_DONE = 2;
    public static final long STATUS_ERROR = 3;

    // ---- error codes (disk ERROR, NIC ERROR) ----
    public static final long ERR_NONE = 0;
    public static final long ERR_BAD_COMMAND = 1;
    public static final long ERR_BUSY = 2;
    public static final long ERR_RANGE = 3;
    public static final long ERR_ADDRESS = 4;

    // ---- disk ----
    public static final long DISK_BASE = 0xFFFF_0000_2000L;
    /** R/W: first sector of the transfer. */
    public static final long DISK_SECTOR = DISK_BASE;
    /** R/W: memory address (64-byte aligned). */
    public static final long DISK_ADDR = DISK_BASE + 0x08;
    /** R/W: number of sectors (1..). */
    public static final long DISK_COUNT = DISK_BASE + 0x10;
    /** W: command (DISK_CMD_READ / DISK_CMD_WRITE); R: the last command. */
    public static final long DISK_CMD = DISK_BASE + 0x18;
    /** R: STATUS_*; W (any value): acknowledge DONE / ERROR, back to IDLE. */
    public static final long DISK_STATUS = DISK_BASE + 0x20;
    /** R: ERR_* of the last command. */
    public static final long DISK_ERROR = DISK_BASE + 0x28;
    /** R: capacity in sectors. */
    public static final long DISK_SECTORS = DISK_BASE + 0x30;
    /** R: bytes per sector (512). */
    public static final long DISK_SECTOR_BYTES_REG = DISK_BASE + 0x38;
    public static final long DISK_CMD_READ = 1;
    public static final long DISK_CMD_WRITE = 2;
    public static final int DISK_SECTOR_BYTES = 512;

    // ---- NIC ----
    public static final long NIC_BASE = 0xFFFF_0000_3000L;
    /** R/W: receive ring address (64-byte aligned); set while receive is disabled. */
    public static final long NIC_RX_BASE = NIC_BASE;
    /** R/W: slots in the receive ring (2..1024). */
    public static final long NIC_RX_SLOTS = NIC_BASE + 0x08;
    /** R: the slot the NIC fills next (producer index). */
    public static final long NIC_RX_HEAD = NIC_BASE + 0x10;
    /** R/W: the slot the driver reads next (consumer index); writing it frees slots. */
    public static final long NIC_RX_TAIL = NIC_BASE + 0x18;
    /** R/W: bit 0 = receive enabled. */
    public static final long NIC_CTRL = NIC_BASE + 0x20;
    /** R/W: transmit buffer address (64-byte aligned). */
    public static final long NIC_TX_ADDR = NIC_BASE + 0x28;
    /** R/W: transmit length in bytes (1..NIC_MAX_PACKET). */
    public static final long NIC_TX_LEN = NIC_BASE + 0x30;
    /** W: NIC_TX_SEND starts a transmission. */
    public static final long NIC_TX_CMD = NIC_BASE + 0x38;
    /** R: STATUS_* of the transmitter; W (any value): acknowledge DONE / ERROR. */
    public static final long NIC_TX_STATUS = NIC_BASE + 0x40;
    /** R: ERR_* of the last bad register write or command. */
    public static final long NIC_ERROR = NIC_BASE + 0x48;
    /** R: packets delivered into the ring so far. */
    public static final long NIC_RX_COUNT = NIC_BASE + 0x50;
    /** R: packets transmitted so far. */
    public static final long NIC_TX_COUNT = NIC_BASE + 0x58;
    public static final long NIC_TX_SEND = 1;
    /** Bytes per receive slot: word 0 = packet length, then up to 120 payload bytes. */
    public static final int NIC_SLOT_BYTES = 128;
    public static final int NIC_MAX_PACKET = NIC_SLOT_BYTES - 8;

    // ---- interrupt controller ----
    public static final long PIC_BASE = 0xFFFF_0000_4000L;
    /** R/W: PIC_MODE_FIXED or PIC_MODE_ROUND_ROBIN. */
    public static final long PIC_MODE = PIC_BASE;
    /** W: post IRQ_IPI to the processor whose number is written. */
    public static final long PIC_IPI = PIC_BASE + 0x08;
    /** R: device interrupts routed so far. */
    public static final long PIC_ROUTED = PIC_BASE + 0x10;
    /** R/W: PIC_TARGET + 8 * n = processor that receives device interrupt n in fixed mode (n = 2..63). */
    public static final long PIC_TARGET = PIC_BASE + 0x100;
    public static final long PIC_MODE_FIXED = 0;
    public static final long PIC_MODE_ROUND_ROBIN = 1;

    /** Processors whose device interrupts {@link #PIC_TARGET} can route (one word each). */
    public static final int PIC_TARGETS = 64;

    /** True for an address of a disk register. */
    public static boolean isDiskRegister(long a) {
        return a >= DISK_BASE && a <= DISK_SECTOR_BYTES_REG && (a & 7) == 0;
    }

    /** True for an address of a NIC register. */
    public static boolean isNicRegister(long a) {
        return a >= NIC_BASE && a <= NIC_TX_COUNT && (a & 7) == 0;
    }

    /** True for an address of an interrupt-controller register. */
    public static boolean isInterruptControllerRegister(long a) {
        if (a == PIC_MODE || a == PIC_IPI || a == PIC_ROUTED) {
            return true;
        }
        long off = a - PIC_TARGET;
        return off >= 0 && off < 8 * PIC_TARGETS && off % 8 == 0;
    }

    /**
     * The device register addresses a machine of {@code cpus} processors answers: the ISA's
     * console and timers always, the disk, NIC and interrupt controller when {@code devices}
     * are on. A load or store anywhere else in the device space faults, in replay as in the
     * recording.
     */
    public static LongPredicate mapped(int cpus, boolean devices) {
        DeviceBus bus = new DeviceBus(Console.silent(), new Timers(cpus));
        if (!devices) {
            return bus::isMapped;
        }
        return a -> bus.isMapped(a) || isDiskRegister(a) || isNicRegister(a) || isInterruptControllerRegister(a);
    }
}
