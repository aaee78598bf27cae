package org.fdrsim.machine.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fdrsim.recorder.buffer.BufferSpec;
import org.fdrsim.recorder.buffer.LogKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ConfigLoaderTest {

    @Test
    void defaultsAreFdr1() throws ConfigException {
        MachineConfig c = ConfigLoader.fdr1().build();
        assertThat(c).isEqualTo(MachineConfig.fdr1());
        assertThat(c.cpus()).isEqualTo(4);
        assertThat(c.caches().l1()).isEqualTo(new CacheConfig(128, 4, 0));
        assertThat(c.caches().l2().sizeKB()).isEqualTo(4096);
        assertThat(c.memory().perCpuMB()).isEqualTo(512);
        assertThat(c.network().linkGBps()).isEqualTo(6.4);
        assertThat(c.processor().clockGHz()).isEqualTo(4.0);
        // Table 3's buffers, as the recorder receives them at the 4 GHz processor clock
        var buffers = c.recorder().options(c.processor().clockGHz()).buffers();
        assertThat(buffers.get(LogKind.MEMORY_RACE)).isEqualTo(BufferSpec.of(LogKind.MEMORY_RACE, 32, 10, 4.0));
        assertThat(buffers.get(LogKind.MEMORY_RACE).bytesPerCycle()).isEqualTo(0.0025); // 10 MB/s at 4 GHz
        assertThat(LogKind.CACHE_CHECKPOINT.entryBytes()).isEqualTo(72); // Table 3, fixed by the log format
        assertThat(LogKind.MEMORY_RACE.entryBytes()).isEqualTo(9);
        assertThat(buffers.get(LogKind.MEMORY_CHECKPOINT).capacityBytes()).isEqualTo(256 * 1024);
    }

    @Test
    void anOldEntryBytesSettingIsIgnoredWithANote(@TempDir Path dir) throws Exception {
        Path yaml = dir.resolve("old.yaml");
        Files.writeString(yaml, """
                recorder:
                  buffers:
                    memoryRace:
                      sizeKB: 16
                      entryBytes: 9
                """);
        ConfigLoader l = ConfigLoader.fdr1().file(yaml).set("recorder.buffers.input.entryBytes", "12");
        MachineConfig c = l.build();
        assertThat(c.recorder().buffers().memoryRace().sizeKB()).isEqualTo(16); // the rest of the file still counts
        assertThat(l.notes()).containsExactly(
                "note: recorder.buffers.memoryRace.entryBytes (old setting) is ignored: each log's format fixes its"
                        + " entry size (Table 3; the paper report lists them)",
                "note: recorder.buffers.input.entryBytes (old setting) is ignored: each log's format fixes its"
                        + " entry size (Table 3; the paper report lists them)");
        assertThat(l.toYaml()).doesNotContain("entryBytes");
    }

    @Test
    void aFileOverridesOnlyWhatItNames(@TempDir Path dir) throws Exception {
        Path yaml = dir.resolve("small.yaml");
        Files.writeString(yaml, """
                cpus: 8
                caches:
                  l2: { sizeKB: 256 }
                memory:
                  model: ideal
                """);
        MachineConfig c = ConfigLoader.fdr1().file(yaml).build();
        assertThat(c.cpus()).isEqualTo(8);
        assertThat(c.caches().l2()).isEqualTo(new CacheConfig(256, 4, 12));
        assertThat(c.caches().l1()).isEqualTo(CachesConfig.fdr1().l1());
        assertThat(c.memory().ideal()).isTrue();
    }

    @Test
    void jsonIsAccepted(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("c.json");
        Files.writeString(json, "{\"seed\": 42, \"network\": {\"hopCycles\": 10}}");
        MachineConfig c = ConfigLoader.fdr1().file(json).build();
        assertThat(c.seed()).isEqualTo(42);
        assertThat(c.network().hopCycles()).isEqualTo(10);
    }

    @Test
    void setOverridesAfterTheFile() throws Exception {
        MachineConfig c = ConfigLoader.fdr1().set(List.of("caches.l2.ways=8", "seed=7", "memory.model=ideal")).build();
        assertThat(c.caches().l2().ways()).isEqualTo(8);
        assertThat(c.seed()).isEqualTo(7);
        assertThat(c.memory().model()).isEqualTo("ideal");
    }

    @Test
    void yamlRoundTripGivesTheSameConfig() throws Exception {
        String yaml = ConfigLoader.toYaml(MachineConfig.fdr1());
        assertThat(yaml).contains("cpus: 4").contains("l2:");
        Path tmp = Files.createTempFile("fdr", ".yaml");
        try {
            Files.writeString(tmp, yaml);
            assertThat(ConfigLoader.fdr1().set("cpus", "2").file(tmp).build()).isEqualTo(MachineConfig.fdr1());
        } finally {
            Files.delete(tmp);
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        cpus: 0                         | cpus must be 1..64, got 0
        'caches: {l2: {ways: 3}}'       | configuration: caches.l2: 4096 KB in 3 ways does not give a power-of-two number of 64-byte sets
        'caches: {l1: {sizeKB: 8192}}'  | caches.l1.sizeKB (8192) must not exceed caches.l2.sizeKB (4096)
        'memory: {model: magic}'        | configuration: memory.model must be 'timed' or 'ideal', got 'magic'
        'caches: {l3: {sizeKB: 1}}'     | unknown setting 'caches.l3', expected one of [l1, l2]
        'bogus: 1'                      | unknown setting 'bogus', expected one of [cpus, seed, processor, caches, memory, network, limits, recorder, devices, checkpoint]
        cpus: four                      | configuration: cpus: expected a whole number
        'network: {linkGBps: -1}'       | configuration: network.linkGBps must be a finite number of at least 0.000001, got -1.0
        'network: {dimX: 3, dimY: 1}'   | network.dimX x network.dimY (3 x 1) must equal cpus (4)
        'caches: 5'                     | caches is a group of settings, expected a mapping with [l1, l2]
        'recorder: {validateEvery: 0}'  | configuration: recorder.validateEvery must be 1..4294967296, got 0
        '[1, 2]'                        | expected a mapping of settings at the top level
        """)
    void badFilesAreRefusedNamingTheSetting(String yaml, String message, @TempDir Path dir) throws IOException {
        Path file = dir.resolve("bad.yaml");
        Files.writeString(file, yaml);
        assertThatThrownBy(() -> ConfigLoader.fdr1().file(file).build())
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining(message)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    /** A bad processor count is one problem, not also the node ranges that depend on it. */
    @Test
    void aBadProcessorCountIsOneProblem() {
        assertThatThrownBy(() -> ConfigLoader.fdr1().set(List.of("cpus=0")).build())
                .isInstanceOf(ConfigException.class)
                .hasMessage("configuration: cpus must be 1..64, got 0");
        assertThatThrownBy(() -> ConfigLoader.fdr1().set(List.of("cpus=4", "devices.dmaHostNode=4")).build())
                .hasMessageContaining("devices.dmaHostNode must be 0..3 (a node), got 4");
    }

    /** Spaces around a name or value are forgiven; a control character is not read as a space. */
    @Test
    void controlCharactersInASetAreRefused() throws ConfigException {
        assertThat(ConfigLoader.fdr1().set(List.of(" cpus = 2 ")).build().cpus()).isEqualTo(2);
        assertThatThrownBy(() -> ConfigLoader.fdr1().set(List.of("cpus=2\u0001")).build())
                .isInstanceOf(ConfigException.class)
                .hasMessage("--set cpus: the value '2\\u0001' holds a control character; expected printable text");
        assertThatThrownBy(() -> ConfigLoader.fdr1().set(List.of("cpus\u0000=2")).build())
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("unknown setting");
        assertThatThrownBy(() -> ConfigLoader.fdr1().set(List.of("checkpoint.interval=25us\u0001")).build())
                .isInstanceOf(ConfigException.class);
    }

    @Test
    void badSetIsRefused() {
        assertThatThrownBy(() -> ConfigLoader.fdr1().set(List.of("caches.l9.ways=2")))
                .hasMessage("--set unknown setting 'caches.l9', expected one of [l1, l2]");
        assertThatThrownBy(() -> ConfigLoader.fdr1().set(List.of("cpus")))
                .hasMessageContaining("expected path=value");
        assertThatThrownBy(() -> ConfigLoader.fdr1().set(List.of("caches=1")))
                .hasMessageContaining("is a group of settings");
    }

    @Test
    void unreadableYamlIsOneLine(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("broken.yaml");
        Files.writeString(file, "cpus: [1,\n");
        assertThatThrownBy(() -> ConfigLoader.fdr1().file(file).build())
                .hasMessage(file + ", line 2, column 1: not valid YAML or JSON: expected the node content, but found"
                        + " '<stream end>' (while parsing a flow node)")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }
}
