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
 * gave (computed with the jar of commit f5faa14, before the change, run in {@code cli/} with
 * these same relative paths: the source file's path is part of the dump, in the line table).
 */
class DumpStreamingTest {
    private static final String DISK_CHECKSUM =
            Path.of("..", "workloads", "src", "main", "resources", "programs", "fullsys", "disk-checksum.s").toString();

    private record Golden(String program, String seed, boolean validate, String sha256, List<String> extra) {}

    private static final List<Golden> GOLDEN = List.of(
            new Golden(example("racy-counter.s"), "3", false,
                    "f411bbf4c54a987fe1fe3080676ef8a338b799621d6ef20d15c4dc171ac4e37f", List.of()),
            new Golden(example("racy-counter.s"), "3", true,
                    "8f24ba73266017016bf9cb02b72caa54e3d22ca6125d73eb20943838a014cb80", List.of()),
            new Golden(example("random-tester.s"), "5", false,
                    "cebed6c9b62f61e940d8c54ebca3af856282a5dbbdcdbcd23eb85fd1e788df61", List.of()),
            new Golden(example("random-tester.s"), "5", true,
                    "104dfe008e3236d6e7b95afaef4a6cadf3bfac0f9ed3a693250569ce8b3e8817", List.of()),
            new Golden(DISK_CHECKSUM, "7", false,
                    "72ca06597311d03cb46f82b092d9cfed85e023fc21751a651620d4e669f9f158",
                    List.of("--set", "devices.enabled=true")),
            new Golden(DISK_CHECKSUM, "7", true,
                    "83938124d32e26d67fb6df5728f979f36c26a8fe0de7605f94e90368da2dac1f",
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
