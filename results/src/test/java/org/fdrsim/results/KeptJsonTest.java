package org.fdrsim.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Finished runs and other kept files read back strictly: a cut, edited or older file is refused with one line, not read as nulls. */
class KeptJsonTest {
    @TempDir
    Path dir;

    private static final Measurement RUN = new Measurement("oltp", 1, true, "stopped: all processors halted", "42", 4,
            3_151_059, 6_863_097, 0.0017, 1_343_542, 40_902, 39_982, 16, 1253, 128, 14, 527_354, 0,
            Map.of("memoryRace", new LogSize(14_898, 134_082, 134_626, 0, Map.of("lz4", 134_626L))), Map.of("fdr", 14_898L),
            0, 1.5);

    @Test
    void aFileWrittenByFdrsimReadsBackAsItWas() throws IOException {
        assertThat(KeptJson.read(write(Outputs.toJson(RUN)), Measurement.class)).isEqualTo(RUN);
    }

    @Test
    void everyFieldOfARunMissingOrNullIsRefusedNamingIt() throws IOException {
        // every component of the record, so a field added later is covered too
        for (RecordComponent c : Measurement.class.getRecordComponents()) {
            ObjectNode missing = tree();
            missing.remove(c.getName());
            assertRefused(missing, c.getName());
            ObjectNode nulled = tree();
            nulled.putNull(c.getName());
            assertRefused(nulled, c.getName());
        }
    }

    @Test
    void nullsInsideMapsUnknownFieldsAndTrailingTextAreRefused() throws IOException {
        ObjectNode log = tree();
        ((ObjectNode) log.get("logs")).putNull("memoryRace");
        assertRefused(log, "logs.memoryRace");
        ObjectNode codec = tree();
        ((ObjectNode) codec.get("logs").get("memoryRace").get("compressedBy")).putNull("lz4");
        assertRefused(codec, "logs.memoryRace.compressedBy.lz4");
        ObjectNode extra = tree();
        extra.put("extra", 1);
        assertRefused(extra, "extra");
        assertThatThrownBy(() -> KeptJson.read(write(Outputs.toJson(RUN) + " {}"), Measurement.class))
                .isInstanceOf(IOException.class).hasMessage("more text after the end of the value, expected one value");
    }

    /** A value of the wrong kind, said in fdrsim's words (once Jackson's: type names in backquotes, token names). */
    @Test
    void aValueOfTheWrongKindIsSaidInFdrsimsWords() throws IOException {
        ObjectNode text = tree();
        text.put("cpus", "four");
        assertMessage(text, "cpus: expected a whole number, got 'four'");
        ObjectNode big = tree();
        big.put("cpus", 99_999_999_999L);
        assertMessage(big, "cpus: expected a whole number from -2147483648 to 2147483647, got 99999999999");
        ObjectNode list = tree();
        list.putArray("workload").add("oltp");
        assertMessage(list, "workload: expected text, got a list");
        ObjectNode logs = tree();
        logs.put("logs", 7);
        assertMessage(logs, "logs: expected a mapping, got 7");
        ObjectNode missing = tree();
        missing.remove("arcs");
        assertMessage(missing, "arcs: missing, expected a value");
        assertThatThrownBy(() -> KeptJson.read(write("{\"workload\": "), Measurement.class))
                .hasMessageStartingWith("not valid JSON: ").hasMessageNotContaining("Source");
        // Jackson's "[Source: REDACTED (`StreamReadFeature...` disabled); line: 1, column: 1]" (the fuzzer's finding)
        assertThatThrownBy(() -> KeptJson.read(write("{]"), Measurement.class)).hasMessage(
                "not valid JSON: Unexpected close marker ']': expected '}' (for Object starting at line 1, column 1)");
        // and its hints at features to enable (the fuzzer's second finding)
        assertThatThrownBy(() -> KeptJson.read(write("{\u001e}"), Measurement.class)).hasMessage("not valid JSON: Illegal"
                + " character ((CTRL-CHAR, code 30)): only regular white space (\\r, \\n, \\t) is allowed between tokens");
        assertThatThrownBy(() -> KeptJson.read(write("{\"cpus\": NaN}"), Measurement.class))
                .hasMessage("not valid JSON: Non-standard token 'NaN'");
        // past the parser's limits: the limit said, not the Java method that holds it (stop 51)
        assertThatThrownBy(() -> KeptJson.read(write("{\"cpus\": " + "1".repeat(1001) + "}"), Measurement.class))
                .hasMessage("too large for the parser: number value length (1001) exceeds the maximum allowed (1000)");
        assertThatThrownBy(() -> KeptJson.read(write(""), Measurement.class)).hasMessageStartingWith("empty");
        assertThatThrownBy(() -> KeptJson.read(write(" null "), Measurement.class)).hasMessageStartingWith("null, expected");
        Path latin1 = Files.write(dir.resolve("latin1.json"), new byte[] {'{', (byte) 0xe9, '}'});
        assertThatThrownBy(() -> KeptJson.read(latin1, Measurement.class)).hasMessage("not valid UTF-8");
    }

    private void assertMessage(JsonNode json, String message) throws IOException {
        Path f = write(json.toString());
        assertThatThrownBy(() -> KeptJson.read(f, Measurement.class)).isInstanceOf(IOException.class).hasMessage(message);
    }

    @Test
    void aRunStoreRefusesADamagedRunWithOneLineSayingToDeleteIt() throws IOException {
        RunStore store = new RunStore(dir);
        RunSpec spec = new RunSpec("oltp", 24, 1, true, false, List.of());
        store.save(spec, RUN);
        assertThat(store.load(spec)).isEqualTo(RUN);
        ObjectNode cut = tree();
        cut.remove("arcs");
        Files.writeString(store.file(spec), cut.toString());
        assertThatThrownBy(() -> store.load(spec)).isInstanceOf(UncheckedIOException.class)
                .hasMessageContaining("cannot read finished run '" + store.file(spec) + "' (delete it to run it again)")
                .hasMessageContaining("arcs: missing").hasMessageNotContaining("\n");
    }

    private void assertRefused(JsonNode json, String where) throws IOException {
        Path f = write(json.toString());
        assertThatThrownBy(() -> KeptJson.read(f, Measurement.class)).as(where).isInstanceOf(IOException.class)
                .hasMessageContaining(where).hasMessageNotContaining("\n");
    }

    private static ObjectNode tree() throws IOException {
        return (ObjectNode) Outputs.JSON.readTree(Outputs.toJson(RUN));
    }

    private Path write(String text) throws IOException {
        return Files.writeString(Files.createTempFile(dir, "run", ".json"), text);
    }

    @Test
    void aRunStoreRefusesTheRunOfAnotherSpecAndOneTheReportCannotUse() throws IOException {
        RunStore store = new RunStore(dir);
        RunSpec spec = new RunSpec("oltp", 24, 1, true, false, List.of());
        RunSpec other = new RunSpec("oltp", 24, 2, true, false, List.of());
        store.save(other, RUN); // seed 1's measurement kept under seed 2's name
        assertThatThrownBy(() -> store.load(other)).isInstanceOf(UncheckedIOException.class)
                .hasMessageContaining("it holds the run of oltp seed 1 with the recorder, not of oltp seed 2 with it");
        // JSON has no infinity, but 1e400 reads as one
        for (String edit : List.of("\"cpus\" : 0", "\"simulatedSeconds\" : 1e400", "\"totalSeconds\" : -1.0")) {
            String field = edit.substring(0, edit.indexOf(':') + 1);
            String text = Outputs.toJson(RUN).replaceFirst(field + " [^,\\n]+", edit);
            assertThat(text).contains(edit);
            Files.createDirectories(store.file(spec).getParent());
            Files.writeString(store.file(spec), text);
            assertThatThrownBy(() -> store.load(spec)).as(edit).isInstanceOf(UncheckedIOException.class)
                    .hasMessageContaining("(delete it to run it again)")
                    .hasMessageContaining("expected at least one processor and finite times of 0 or more");
        }
    }

    /** A negative count, or another processor count, was averaged into the reports as it was, e.g. "cycles without -5" (stop 53). */
    @Test
    void aRunWithANegativeCountOrAnotherProcessorCountIsRefused() throws IOException {
        RunStore store = new RunStore(dir);
        RunSpec spec = new RunSpec("oltp", 24, 1, true, false, List.of());
        Files.createDirectories(store.file(spec).getParent());
        for (String[] edit : new String[][] {{"\"cycles\" : [^,\\n]+", "\"cycles\" : -5", "cycles -5: expected a count of 0 or more"},
            {"\"entries\" : 14898", "\"entries\" : -1", "logs.memoryRace: entries -1, rawBytes 134082"},
            {"\"fdr\" : 14898", "\"fdr\" : -2", "arcs.fdr -2: expected a count of 0 or more"},
            {"\"cpus\" : 4", "\"cpus\" : 1000000", "it ran on 1000000 processors, expected 4 (the run's configuration)"}}) {
            String text = Outputs.toJson(RUN).replaceFirst(edit[0], edit[1]);
            assertThat(text).contains(edit[1]);
            Files.writeString(store.file(spec), text);
            assertThatThrownBy(() -> store.load(spec)).as(edit[1]).isInstanceOf(UncheckedIOException.class)
                    .hasMessageContaining(edit[2]);
        }
        Files.writeString(store.file(spec), Outputs.toJson(RUN));
        assertThat(store.load(spec)).isEqualTo(RUN);
    }

    @Test
    void aShardWithAMeasurementTheReportCannotUseIsRefused() throws IOException {
        Sweep.Spec spec = new Sweep.Spec("jbb", "tiny", 8, 1, 1, List.of(), List.of(Sweep.Param.parse("cpus=2,4")));
        Path shards = Files.createDirectories(dir.resolve("shards"));
        Files.writeString(shards.resolve("point-0000.json"), Outputs.toJson(new Sweep.Shard(spec, 0, List.of(RUN))));
        assertThat(SweepReport.readShards(dir)).hasSize(1);
        String zero = Outputs.toJson(new Sweep.Shard(spec, 1, List.of(RUN))).replaceFirst("\"cpus\" : 4", "\"cpus\" : 0");
        Files.writeString(shards.resolve("point-0001.json"), zero);
        assertThatThrownBy(() -> SweepReport.readShards(dir)).isInstanceOf(IOException.class)
                .hasMessageContaining("cannot read shard").hasMessageContaining("point-0001.json")
                .hasMessageContaining("cpus 0");
    }
}
