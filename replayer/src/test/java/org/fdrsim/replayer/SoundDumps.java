package org.fdrsim.replayer;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fdrsim.recorder.dump.CoreDump;
import org.fdrsim.recorder.dump.CoreDumpReader;
import org.fdrsim.recorder.dump.DumpFormatException;

/**
 * The sound dumps {@link DumpEdits} start from: the seeds of a dump fuzz target (recorded from
 * the examples, and {@code seed-spread} from {@code spread-writes.s}, whose checkpoint logs
 * restore blocks at every offset of a page; {@code seed-console-validated}, echo-input.s with a
 * validation trace that holds device stores), each read once and checked to replay bit-exactly,
 * without which a property of its edits would say nothing.
 */
public final class SoundDumps {
    /** The seeds' file names. */
    public static final List<String> NAMES = List.of("seed-crash", "seed-echo-console-input", "seed-hello", "seed-mp",
            "seed-racy", "seed-rt", "seed-spread", "seed-console-validated");

    private final Class<?> target;
    private final String directory;
    private final Map<String, CoreDump> read = new HashMap<>();

    /**
     * The seeds in {@code directory}, a resource directory beside {@code target}'s class (read from
     * the class path: a fuzzing run may work in another directory).
     */
    public SoundDumps(Class<?> target, String directory) {
        this.target = target;
        this.directory = directory;
    }

    /** The seed {@code data} picks, read. */
    public CoreDump pick(FuzzedDataProvider data) {
        return get(data.pickValue(NAMES));
    }

    /** Seed {@code name}, read. */
    public synchronized CoreDump get(String name) {
        return read.computeIfAbsent(name, n -> {
            try (InputStream in = target.getResourceAsStream(directory + "/" + n)) {
                if (in == null) {
                    throw new AssertionError("no seed " + directory + "/" + n + " beside " + target.getName());
                }
                CoreDump dump = CoreDumpReader.read(in.readAllBytes(), n);
                assertThat(DumpReplay.verify(dump, 0).bitExact()).as("%s replays bit-exactly", n).isTrue();
                return dump;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (DumpFormatException e) {
                throw new AssertionError("a seed does not read: " + e.getMessage(), e);
            }
        });
    }
}
