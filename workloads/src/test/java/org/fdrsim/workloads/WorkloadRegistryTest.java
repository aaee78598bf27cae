package org.fdrsim.workloads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.fdrsim.cpu.program.ProgramImage;
import org.junit.jupiter.api.Test;

/** The one catalogue of named workloads: every shipped name builds, one spelling, one message for the unknown. */
class WorkloadRegistryTest {
    @Test
    void everyExampleOfTheRepositoryIsAShippedWorkloadNamedByItsFile() throws IOException {
        List<Path> examples;
        try (Stream<Path> s = Files.list(Path.of("..", "examples"))) {
            examples = s.filter(p -> p.toString().endsWith(".s")).toList();
        }
        assertThat(examples).isNotEmpty();
        for (Path p : examples) {
            String file = p.getFileName().toString();
            ProgramImage image = WorkloadRegistry.shipped(file.substring(0, file.length() - 2));
            assertThat(image.name()).as(file).isEqualTo(file);
            assertThat(image.symbols().get("_start")).as(file).isNotNull();
        }
    }

    @Test
    void programsFullSystemProgramsAndProxiesAreShippedAndTheProxiesNeedTheDevices() {
        assertThat(WorkloadRegistry.shipped("splash/fft").name()).isEqualTo("programs/splash/fft.s");
        assertThat(WorkloadRegistry.shipped("fullsys/disk-checksum").name())
                .isEqualTo("programs/fullsys/disk-checksum.s");
        assertThat(WorkloadRegistry.shipped("oltp").sourceLines())
                .isEqualTo(WorkloadRegistry.shipped("commercial/oltp").sourceLines());
        assertThat(WorkloadRegistry.needsDevices("fullsys/packet-echo")).isTrue();
        assertThat(WorkloadRegistry.needsDevices("dynweb")).isTrue();
        assertThat(WorkloadRegistry.needsDevices("random-tester")).isFalse();
        assertThat(WorkloadRegistry.needsDevices("splash/fft")).isFalse();
    }

    @Test
    void anUnknownNameIsRefusedWithTheChoices() {
        assertThatThrownBy(() -> WorkloadRegistry.shipped("nosuch")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown workload 'nosuch': expected a .s file, an example (random-tester, "
                        + "spin-lock, ...), splash/fft, splash/lu, splash/radix, splash/stencil, fullsys/console-echo, "
                        + "fullsys/disk-checksum, fullsys/packet-echo, or oltp, jbb, web, dynweb");
        // a program of a family names the family's programs too: every one of them loads
        for (String program : new String[] {"splash/stencil", "fullsys/console-echo", "fullsys/packet-echo"}) {
            assertThat(WorkloadRegistry.shipped(program).sourceLines()).isNotEmpty();
        }
        assertThatThrownBy(() -> WorkloadRegistry.checkScalable("splash/fft"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown workload 'splash/fft', expected one of [oltp, jbb, web, dynweb, random-tester]");
    }

    @Test
    void experimentsScaleTheProxiesAndGenerateTheRandomTester() throws Exception {
        ProgramImage tester = WorkloadRegistry.scaled("random-tester", 7, 2);
        assertThat(tester.symbols().get("ITERATIONS").value()).isEqualTo(7);
        assertThat(tester.symbols().get("PROCESSORS").value()).isEqualTo(2);
        assertThat(tester.symbols().get("WORDS").value()).isEqualTo(16);
        assertThat(WorkloadRegistry.scaled("oltp", 3, 2).symbols().get("TXNS").value()).isEqualTo(3);
        assertThat(WorkloadRegistry.settings("web", 5)).containsExactly("devices.enabled=true",
                "devices.nic.packets=5", "devices.nic.meanArrivalCycles=2000");
        assertThat(WorkloadRegistry.settings("random-tester", 5)).isEmpty();
    }

    /**
     * A web server's work is its NIC packets, at most 1,048,576 since stop 52: a larger --work is
     * refused in the work's words, where it was "devices.nic.packets must be 0..1048576" (or, past
     * an int, "devices.nic.packets: expected a whole number ...").
     */
    @Test
    void aWebServersWorkPastTheNicsPacketsIsRefusedInTheWorksWords() {
        assertThat(WorkloadRegistry.settings("web", 1 << 20)).contains("devices.nic.packets=1048576");
        assertThatThrownBy(() -> WorkloadRegistry.settings("dynweb", 2_147_483_648L))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("dynweb: the scale (NPACKETS, a NIC packet a request) must be 1..1048576, got 2147483648");
        assertThatThrownBy(() -> WorkloadRegistry.scaled("web", 2_000_000, 2)).hasMessageContaining("must be 1..1048576");
        assertThat(WorkloadRegistry.settings("oltp", 2_147_483_648L)).containsExactly("devices.enabled=true");
    }
}
