package org.fdrsim.machine;

import static org.assertj.core.api.Assertions.assertThat;

import org.fdrsim.coherence.CoherenceConfig;
import org.fdrsim.coherence.cache.CacheGeometry;
import org.fdrsim.coherence.network.TorusConfig;
import org.fdrsim.machine.config.ConfigLoader;
import org.fdrsim.machine.config.MachineConfig;
import org.junit.jupiter.api.Test;

/**
 * The configuration file's units (KB, MB, GB/s) translated into the memory system's and the
 * torus's own records: the FDR1 defaults come back as those modules' own FDR1 records, and
 * every setting reaches its field.
 */
class MachineBuilderTest {

    @Test
    void fdr1ConfigurationGivesTheModulesOwnFdr1Records() {
        CoherenceConfig built = MachineBuilder.coherence(MachineConfig.fdr1());
        CoherenceConfig fdr1 = CoherenceConfig.fdr1();
        assertThat(built.l1()).isEqualTo(fdr1.l1());
        assertThat(built.l2()).isEqualTo(fdr1.l2());
        assertThat(built.directoryCycles()).isEqualTo(fdr1.directoryCycles());
        assertThat(built.memoryCycles()).isEqualTo(fdr1.memoryCycles());
        assertThat(built.memoryPerturbationCycles()).isEqualTo(fdr1.memoryPerturbationCycles());
        assertThat(built.memoryBytesPerNode()).isEqualTo(fdr1.memoryBytesPerNode());
        assertThat(built.controlBytes()).isEqualTo(fdr1.controlBytes());
        assertThat(built.dataBytes()).isEqualTo(fdr1.dataBytes());
        assertThat(MachineBuilder.torus(MachineConfig.fdr1())).isEqualTo(TorusConfig.fdr1());
    }

    @Test
    void everySettingReachesItsFieldInTheModulesUnits() throws Exception {
        MachineConfig config = ConfigLoader.fdr1()
                .set("caches.l1.sizeKB", "64").set("caches.l1.ways", "2").set("caches.l1.hitCycles", "1")
                .set("caches.l2.sizeKB", "1024").set("caches.l2.ways", "8").set("caches.l2.hitCycles", "20")
                .set("memory.perCpuMB", "64").set("memory.directoryCycles", "30").set("memory.dramCycles", "500")
                .set("memory.perturbationCycles", "0").set("network.linkGBps", "3.2").set("network.hopCycles", "50")
                .set("network.interfaceCycles", "25").set("network.controlBytes", "16").set("network.dataBytes", "80")
                .set("network.dimX", "2").set("network.dimY", "2").set("processor.clockGHz", "2")
                .set("recorder.enabled", "false").set("seed", "7")
                .build();
        CoherenceConfig c = MachineBuilder.coherence(config);
        assertThat(c.l1()).isEqualTo(new CacheGeometry(64 * 1024, 2, 1));
        assertThat(c.l2()).isEqualTo(new CacheGeometry(1024 * 1024, 8, 20));
        assertThat(c.directoryCycles()).isEqualTo(30);
        assertThat(c.memoryCycles()).isEqualTo(500);
        assertThat(c.memoryPerturbationCycles()).isZero();
        assertThat(c.memoryBytesPerNode()).isEqualTo(64L << 20);
        assertThat(c.controlBytes()).isEqualTo(16);
        assertThat(c.dataBytes()).isEqualTo(80);
        assertThat(c.replyExtraBytes()).isZero(); // no recorder: no piggybacked fields on replies
        assertThat(c.seed()).isEqualTo(7);
        assertThat(MachineBuilder.torus(config)).isEqualTo(new TorusConfig(2, 2, 3.2, 2.0, 50, 25));
    }
}
