package org.fdrsim.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fdrsim.cli.CliTest.example;
import static org.fdrsim.cli.CliTest.fdr;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Streaming the dump (the memory image written page by page into the file, no whole-memory
 * copies) left its bytes as they were: {@code fdr record} of a fixed set of programs and seeds
 * gives files whose SHA-256 are the ones the writer that assembled the whole dump in memory
 * gave (computed with the jar of commit f5faa14, before the change).
 */
class DumpStreamingTest {
    private static final String DISK_CHECKSUM =
            Path.of("..", "workloads", "src", "main", "resources", "programs", "fullsys", "disk-checksum.s").toString();

    private record Golden(String program, String seed, boolean validate, String sha256, List<String> extra) {}

    private static final List<Golden> GOLDEN = List.of(
            new Golden(example("racy-counter.s"), "3", false,
                    "78c928ccbb9bc1f1e50c336bf61e09b8425936e928df5ba38f2ac3500c84d74a", List.of()),
            new Golden(example("racy-counter.s"), "3", true,
                    "0e0d725a12f6c10785948192c8212303737bb55edc1ecd4c07d6126ebf29a3fb", List.of()),
            new Golden(example("random-tester.s"), "5", false,
                    "7b1a28a8df8d38fec2a0de8e6052829d11783bfb8300e93608fd47dca2994a75", List.of()),
            new Golden(example("random-tester.s"), "5", true,
                    "0e000fb9e3935a39e1985d4b8ff8adc0110ddf42c86a5eb880e25723837ee3f0", List.of()),
            new Golden(DISK_CHECKSUM, "7", false,
                    "12009cc00e7c788ad26ee1b13fae07dc033e2a256be1231d618599ae9e6139a4",
                    List.of("--set", "devices.enabled=true")),
            new Golden(DISK_CHECKSUM, "7", true,
                    "2ea3fc87c695d0d7205a7506d3aab49bf8024fcc72205ebc9924d543cf963308",
                    List.of("--set", "devices.enabled=true")));

    @Test
    void recordedDumpsAreByteForByteThoseOfTheWholeMemoryWriter(@TempDir Path dir) throws Exception {
        int n = 0;
        for (Golden g : GOLDEN) {
            Path dump = dir.resolve("d" + n++ + ".fdr");
            List<String> args = new java.util.ArrayList<>(List.of("record", g.program(), "-o", dump.toString(), "--seed",
                    g.seed()));
            if (g.validate()) {
                args.add("--validate");
            }
            args.addAll(g.extra());
            CliTest.Outcome r = fdr(args.toArray(String[]::new));
            assertThat(r.status()).as(r.err()).isZero();
            byte[] bytes = Files.readAllBytes(dump);
            assertThat(r.out()).contains("dump: " + dump + ", " + bytes.length + " bytes");
            assertThat(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes)))
                    .as(g.program() + " --seed " + g.seed() + (g.validate() ? " --validate" : "")).isEqualTo(g.sha256());
        }
    }
}
