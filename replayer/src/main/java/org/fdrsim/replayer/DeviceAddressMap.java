package org.fdrsim.replayer;

import java.util.function.LongPredicate;
import org.fdrsim.cpu.io.Console;
import org.fdrsim.cpu.io.DeviceBus;
import org.fdrsim.cpu.io.Timers;
import org.fdrsim.io.device.DeviceMap;

/**
 * Which device register addresses a recorded machine answered, rebuilt from what a dump says
 * (processor count, whether the full-system devices were on): the console and per-processor
 * timers always; disk, NIC and interrupt controller with {@code devices.enabled}. A load or
 * store anywhere else in the device space faults, in replay as in the recording.
 */
public final class DeviceAddressMap {
    private DeviceAddressMap() {}

    public static LongPredicate of(int cpus, boolean fullSystem) {
        DeviceBus bus = new DeviceBus(Console.silent(), new Timers(cpus));
        if (!fullSystem) {
            return bus::isMapped;
        }
        return a -> bus.isMapped(a) || isDeviceRegister(a);
    }

    private static boolean isDeviceRegister(long a) {
        if ((a & 7) != 0) {
            return false;
        }
        if (a >= DeviceMap.DISK_BASE && a <= DeviceMap.DISK_SECTOR_BYTES_REG) {
            return true;
        }
        if (a >= DeviceMap.NIC_BASE && a <= DeviceMap.NIC_TX_COUNT) {
            return true;
        }
        if (a == DeviceMap.PIC_MODE || a == DeviceMap.PIC_IPI || a == DeviceMap.PIC_ROUTED) {
            return true;
        }
        long off = a - DeviceMap.PIC_TARGET;
        return off >= 0 && off < 8 * 64;
    }
}
