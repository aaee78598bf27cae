package org.fdrsim.workloads;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.regex.Pattern;
import org.fdrsim.cpu.asm.Assembler;
import org.fdrsim.cpu.isa.AddressMap;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.io.device.DeviceMap;
import org.junit.jupiter.api.Test;

/** The kernel's device registers come from DeviceMap through the committed, generated devices.inc. */
class DeviceIncludeTest {
    @Test
    void theCommittedIncludeIsWhatTheGeneratorWritesFromTheDeviceMap() {
        assertThat(KernelPrograms.source(DeviceInclude.RESOURCE))
                .as("%s drifted from DeviceMap; regenerate it from the repository root with:%n  %s",
                        DeviceInclude.RESOURCE, DeviceInclude.REGENERATE)
                .isEqualTo(DeviceInclude.text());
    }

    @Test
    void theIncludeDefinesEveryRegisterAtItsJavaAddress() throws Exception {
        ProgramImage p = Assembler.assemble("t.s", ".include \"kernel/devices.inc\"\n_start: halt\n",
                KernelPrograms.resources());
        assertThat(p.symbols().get("IO_DISK_SECTOR_BYTES_REG").value()).isEqualTo(DeviceMap.DISK_SECTOR_BYTES_REG);
        assertThat(p.symbols().get("IO_NIC_TX_STATUS").value()).isEqualTo(DeviceMap.NIC_TX_STATUS);
        assertThat(p.symbols().get("IO_PIC_TARGET").value()).isEqualTo(DeviceMap.PIC_TARGET);
        assertThat(p.symbols().get("IO_IRQ_NIC").value()).isEqualTo(DeviceMap.IRQ_NIC);
        assertThat(p.symbols().get("IO_STATUS_ERROR").value()).isEqualTo(DeviceMap.STATUS_ERROR);
        assertThat(p.symbols().get("IO_CONSOLE_GETC").value()).isEqualTo(AddressMap.CONSOLE_GETC);
        assertThat(p.symbols().get("IO_TIMER_STRIDE").value()).isEqualTo(AddressMap.TIMER_STRIDE);
    }

    @Test
    void theKernelRetypesNoDeviceAddress() {
        String kernel = KernelPrograms.source(KernelPrograms.KERNEL);
        assertThat(kernel).contains(".include \"devices.inc\"");
        assertThat(Pattern.compile("(?i)0xffff").matcher(kernel).find()).as("a device address literal in kernel.s")
                .isFalse();
        assertThat(Pattern.compile("(?m)^[^#]*\\b0x[0-9a-fA-F]+\\(r5\\)").matcher(kernel).find())
                .as("a register offset literal in kernel.s (name it NAME - BASE)").isFalse();
    }
}
