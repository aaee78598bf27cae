package org.fdrsim.io.device;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.function.LongPredicate;
import org.fdrsim.cpu.isa.AddressMap;
import org.junit.jupiter.api.Test;

/** The one decoder of device addresses: exactly the registers of docs/devices.md, nothing around them. */
class DeviceMapTest {
    @Test
    void withDevicesOnEveryRegisterIsMappedAndTheWordsAroundThemAreNot() {
        LongPredicate mapped = DeviceMap.mapped(4, true);
        assertThat(mapped.test(DeviceMap.DISK_SECTOR)).isTrue();
        assertThat(mapped.test(DeviceMap.DISK_SECTOR_BYTES_REG)).isTrue();
        assertThat(mapped.test(DeviceMap.DISK_SECTOR_BYTES_REG + 8)).isFalse();
        assertThat(mapped.test(DeviceMap.DISK_BASE - 8)).isFalse();
        assertThat(mapped.test(DeviceMap.NIC_RX_BASE)).isTrue();
        assertThat(mapped.test(DeviceMap.NIC_TX_COUNT)).isTrue();
        assertThat(mapped.test(DeviceMap.NIC_TX_COUNT + 8)).isFalse();
        assertThat(mapped.test(DeviceMap.PIC_MODE)).isTrue();
        assertThat(mapped.test(DeviceMap.PIC_ROUTED)).isTrue();
        assertThat(mapped.test(DeviceMap.PIC_ROUTED + 8)).as("the gap before PIC_TARGET").isFalse();
        assertThat(mapped.test(DeviceMap.PIC_TARGET + 8L * (DeviceMap.PIC_TARGETS - 1))).isTrue();
        assertThat(mapped.test(DeviceMap.PIC_TARGET + 8L * DeviceMap.PIC_TARGETS)).isFalse();
    }

    @Test
    void misalignedAddressesInsideRegistersAreNotMapped() {
        LongPredicate mapped = DeviceMap.mapped(4, true);
        assertThat(mapped.test(DeviceMap.DISK_STATUS + 4)).isFalse();
        assertThat(mapped.test(DeviceMap.NIC_CTRL + 1)).isFalse();
        assertThat(mapped.test(DeviceMap.PIC_TARGET + 8 + 2)).isFalse();
        assertThat(mapped.test(DeviceMap.PIC_IPI + 7)).isFalse();
    }

    @Test
    void withDevicesOffOnlyTheConsoleAndTheTimersOfTheMachinesProcessorsAreMapped() {
        LongPredicate mapped = DeviceMap.mapped(4, false);
        assertThat(mapped.test(AddressMap.CONSOLE_PUTC)).isTrue();
        assertThat(mapped.test(AddressMap.TIMER_BASE + 3 * AddressMap.TIMER_STRIDE)).isTrue();
        assertThat(mapped.test(AddressMap.TIMER_BASE + 4 * AddressMap.TIMER_STRIDE)).as("no fifth processor").isFalse();
        assertThat(mapped.test(DeviceMap.DISK_STATUS)).isFalse();
        assertThat(mapped.test(DeviceMap.NIC_CTRL)).isFalse();
        assertThat(mapped.test(DeviceMap.PIC_MODE)).isFalse();
    }

    @Test
    void theRunningDevicesAnswerTheAddressesTheDecoderNames() {
        DeviceRig rig = new DeviceRig(4, 1, DeviceRig.config());
        LongPredicate mapped = DeviceMap.mapped(4, true);
        for (long a = AddressMap.IO_BASE; a < DeviceMap.PIC_BASE + 0x1000; a += 4) {
            assertThat(rig.devices.isMapped(a)).as("address 0x%x", a).isEqualTo(mapped.test(a));
        }
    }
}
