package org.fdrsim.coherence.network;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TorusConfigTest {

    @Test
    void fdr1Defaults() {
        TorusConfig c = TorusConfig.fdr1();
        assertThat(c.automaticDimensions()).isTrue();
        assertThat(c.linkGigabytesPerSecond()).isEqualTo(6.4);
        assertThat(c.processorGigahertz()).isEqualTo(4.0);
        assertThat(c.linkBytesPerCycle()).isEqualTo(1.6);
        assertThat(c.hopLatencyCycles()).isEqualTo(40);
        assertThat(c.interfaceLatencyCycles()).isEqualTo(20);
    }

    @Test
    void serializationRoundsUp() {
        TorusConfig c = TorusConfig.fdr1();
        assertThat(c.serializationCycles(72)).isEqualTo(45);
        assertThat(c.serializationCycles(8)).isEqualTo(5);
        assertThat(c.serializationCycles(1)).isEqualTo(1);
        assertThat(c.serializationCycles(9)).isEqualTo(6); // 5.625 -> 6
        assertThat(c.serializationCycles(80)).isEqualTo(50);
    }

    @Test
    void bandwidthInBytesPerCycleIsEquivalent() {
        TorusConfig c = TorusConfig.fdr1().withLinkBytesPerCycle(1.6);
        assertThat(c.serializationCycles(72)).isEqualTo(45);
        assertThat(TorusConfig.fdr1().withLinkBytesPerCycle(8).serializationCycles(72)).isEqualTo(9);
    }

    @Test
    void validationNamesTheBadField() {
        TorusConfig ok = TorusConfig.fdr1();
        assertThatThrownBy(() -> new TorusConfig(-1, 2, 6.4, 4, 40, 20))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("dimX");
        assertThatThrownBy(() -> new TorusConfig(2, -2, 6.4, 4, 40, 20)).hasMessageContaining("dimY");
        assertThatThrownBy(() -> ok.withDimensions(4, 0)).hasMessageContaining("dimX and dimY must both be 0");
        assertThatThrownBy(() -> new TorusConfig(0, 0, 0, 4, 40, 20))
                .hasMessageContaining("linkGigabytesPerSecond").hasMessageContaining("got 0.0");
        assertThatThrownBy(() -> new TorusConfig(0, 0, Double.NaN, 4, 40, 20))
                .hasMessageContaining("linkGigabytesPerSecond");
        assertThatThrownBy(() -> new TorusConfig(0, 0, Double.POSITIVE_INFINITY, 4, 40, 20))
                .hasMessageContaining("linkGigabytesPerSecond");
        assertThatThrownBy(() -> new TorusConfig(0, 0, 6.4, -4, 40, 20)).hasMessageContaining("processorGigahertz");
        assertThatThrownBy(() -> ok.withHopLatencyCycles(-1)).hasMessageContaining("hopLatencyCycles");
        assertThatThrownBy(() -> ok.withInterfaceLatencyCycles(-1)).hasMessageContaining("interfaceLatencyCycles");
        assertThatThrownBy(() -> ok.withLinkBytesPerCycle(0)).hasMessageContaining("linkBytesPerCycle");
    }
}
