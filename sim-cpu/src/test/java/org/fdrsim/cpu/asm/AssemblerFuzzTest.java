package org.fdrsim.cpu.asm;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.fdrsim.cpu.program.ProgramImage;
import org.junit.jupiter.api.Timeout;

/**
 * Coverage-guided fuzz target for the assembler: any bytes give a program image or one
 * {@link AssemblyException} with a one-line message in the assembler's words (none of the JDK's
 * exception messages), never another exception, and within a second. Seeds and findings: {@code src/test/resources/org/fdrsim/cpu/asm/AssemblerFuzzTestInputs/}
 * (the examples and workloads); without {@code -Pfuzz} only those inputs run (docs/testing.md).
 */
class AssemblerFuzzTest {
    private static final long LIMIT_NANOS = TimeUnit.SECONDS.toNanos(1);
    /** What the JDK's own messages say (a class name, NumberFormatException's, an index's): not a user's words. */
    private static final List<String> JAVA_WORDS = List.of("java.", "Exception", "For input string",
            "out of bounds for length");
    private static final String KERNEL = workload("kernel/kernel.s");
    private static final String DEVICES = workload("kernel/devices.inc");
    private static final String BARRIER = workload("programs/splash/barrier.s");

    @FuzzTest(maxDuration = "10m")
    @Timeout(10) // in fuzzing mode, libFuzzer's -timeout: an input that hangs is a finding
    void assemble(byte[] input) {
        String source = new String(input, StandardCharsets.UTF_8);
        // A slow first run may be the JIT or another process; a slow input is slow twice.
        if (assembleNanos(source) > LIMIT_NANOS) {
            assertThat(assembleNanos(source)).as("assembly time in ns, second run").isLessThan(LIMIT_NANOS);
        }
    }

    private static long assembleNanos(String source) {
        long start = System.nanoTime();
        try {
            ProgramImage image = Assembler.assemble("fuzz.s", source, AssemblerFuzzTest::include);
            // on an instruction (since stop 52: a dump's reader refuses an entry outside the code)
            assertThat(image.entry()).isNotNegative().isLessThan(image.code().length());
        } catch (AssemblyException e) {
            assertThat(e.getMessage()).isNotBlank().doesNotContainPattern("[\\p{Cc}\\p{Zl}\\p{Zp}]"); // no line break of any kind
            for (String java : JAVA_WORDS) { // said in the assembler's words, unless it quotes the source's
                if (!source.contains(java)) {
                    assertThat(e.getMessage()).doesNotContain(java);
                }
            }
        }
        return System.nanoTime() - start;
    }

    /**
     * The workloads' three include files by their base name, and {@code dN.s}, which includes
     * {@code d(N+1).s}: a chain of any depth, so the depth limit is reachable.
     */
    private static String include(String from, String name) {
        String base = name.substring(name.lastIndexOf('/') + 1);
        if (base.equals("kernel.s")) {
            return KERNEL;
        }
        if (base.equals("devices.inc")) {
            return DEVICES;
        }
        if (base.equals("barrier.s")) {
            return BARRIER;
        }
        if (base.matches("d[0-9]{1,6}\\.s")) {
            int n = Integer.parseInt(base.substring(1, base.length() - 2));
            return ".include \"d" + (n + 1) + ".s\"\n";
        }
        return null;
    }

    private static String workload(String name) {
        try {
            return Files.readString(Path.of("..", "workloads", "src", "main", "resources", name));
        } catch (IOException e) {
            throw new IllegalStateException("the fuzz target's include files are read from the workloads module", e);
        }
    }
}
