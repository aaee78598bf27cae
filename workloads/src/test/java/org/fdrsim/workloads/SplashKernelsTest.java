package org.fdrsim.workloads;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumMap;
import java.util.Map;
import java.util.stream.Stream;
import org.fdrsim.cpu.asm.AssemblyException;
import org.fdrsim.cpu.asm.Assembler;
import org.fdrsim.cpu.asm.IncludeResolver;
import org.fdrsim.cpu.functional.FunctionalConfig;
import org.fdrsim.cpu.functional.FunctionalMachine;
import org.fdrsim.cpu.io.Console;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.cpu.run.RunResult;
import org.fdrsim.cpu.run.StopCause;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Runs the SPLASH-style kernels on the functional machine: each must print the checksum its
 * Java reference predicts, on any number of processors and under any interleaving (seed).
 */
class SplashKernelsTest {
    /** Instructions any kernel run may take; a hang (e.g. a broken barrier) hits it. */
    private static final long LIMIT = 100_000_000;

    private static final Map<SplashKernel, ProgramImage> IMAGES = new EnumMap<>(SplashKernel.class);
    private static final Map<SplashKernel, Long> EXPECTED = new EnumMap<>(SplashKernel.class);

    @BeforeAll
    static void assembleAndPredict() throws AssemblyException {
        for (SplashKernel k : SplashKernel.values()) {
            ProgramImage image = Programs.load(k.programName());
            IMAGES.put(k, image);
            EXPECTED.put(k, k.expectedChecksum(image));
        }
    }

    static Stream<Arguments> runs() {
        return Stream.of(SplashKernel.values()).flatMap(k -> Stream.of(1, 2, 4, 8)
                .flatMap(cpus -> Stream.of(1L, 2L, 3L).map(seed -> Arguments.of(k, cpus, seed))));
    }

    @ParameterizedTest(name = "{0} on {1} cpus, seed {2}")
    @MethodSource("runs")
    void printsTheReferenceChecksum(SplashKernel kernel, int cpus, long seed) {
        RunResult result = run(IMAGES.get(kernel), cpus, seed);

        assertThat(result.cause()).as(result.describeStop()).isEqualTo(StopCause.ALL_HALTED);
        assertThat(result.consoleOutput()).isEqualTo(EXPECTED.get(kernel) + "\n");
    }

    @Test
    void checksumsAreTheOnesDocumented() {
        // docs/workloads.md lists what each program prints; a changed size or seed must
        // update it.
        assertThat(EXPECTED).containsExactlyInAnyOrderEntriesOf(Map.of(
                SplashKernel.FFT, 2570724510452551680L,
                SplashKernel.LU, -8158041233141069754L,
                SplashKernel.RADIX, -8562163370551852424L,
                SplashKernel.STENCIL, 3009221517787067945L));
    }

    @Test
    void oddProcessorCountsSplitTheWorkToo() {
        for (SplashKernel k : SplashKernel.values()) {
            for (int cpus : new int[] {3, 16}) {
                RunResult result = run(IMAGES.get(k), cpus, 7);
                assertThat(result.consoleOutput()).as(k + " on " + cpus).isEqualTo(EXPECTED.get(k) + "\n");
            }
        }
    }

    @Test
    void withoutItsBarrierTheStencilRacesAndTheChecksumChanges() throws AssemblyException {
        // Shows that agreement across processor counts and seeds is not vacuous: remove the
        // barrier between iterations and processors read their neighbours' rows too early.
        String barrierLine = "jal  barrier                         # my neighbours' edge rows are written";
        String source = Programs.source("splash/stencil");
        assertThat(source).contains(barrierLine);
        ProgramImage racy = Programs.assemble("splash/stencil", source.replace(barrierLine, "nop"));

        long differing = Stream.of(1L, 2L, 3L, 4L)
                .map(seed -> run(racy, 4, seed).consoleOutput())
                .filter(out -> !out.equals(EXPECTED.get(SplashKernel.STENCIL) + "\n"))
                .count();
        assertThat(differing).isPositive();
    }

    @Test
    void aProcessorThatRegistersTooLateStopsTheMachine() throws AssemblyException {
        // The registration convention of barrier.s is checked, not trusted: with processor
        // 0's wait cut to one iteration, the others register after it has read P, and the
        // late-registration assert fires instead of the kernel running with the wrong P.
        IncludeResolver shortWait = (from, name) -> {
            String text = Programs.includeResolver().read(from, name);
            return text == null ? null : text.replaceFirst("SYNC_REGISTRATION_SPIN, \\d+", "SYNC_REGISTRATION_SPIN, 1");
        };
        ProgramImage image = Assembler.assemble(
                Programs.ROOT + "splash/fft.s", Programs.source("splash/fft"), shortWait);
        assertThat(SplashKernel.constant(image, "SYNC_REGISTRATION_SPIN")).isEqualTo(1);

        for (long seed = 1; seed <= 3; seed++) {
            RunResult result = run(image, 4, seed);
            assertThat(result.cause()).isEqualTo(StopCause.TRIGGER);
            assertThat(result.triggerCode()).isEqualTo(SplashKernel.constant(image, "SYNC_LATE"));
            assertThat(result.consoleOutput()).isEmpty();
        }
    }

    @Test
    void fixedPointFftIsCloseToTheExactTransform() {
        // The reference itself is checked against a floating-point DFT, so the checksum the
        // program must match belongs to a real Fourier transform.
        int n = SplashKernel.intConstant(IMAGES.get(SplashKernel.FFT), "N");
        long[][] x = FftReference.input(n, SplashKernel.constant(IMAGES.get(SplashKernel.FFT), "SEED"));
        double[] re = new double[n];
        double[] im = new double[n];
        for (int t = 0; t < n; t++) {
            re[t] = x[0][t];
            im[t] = x[1][t];
        }
        FftReference.transform(x[0], x[1]);
        for (int f = 0; f < n; f += 31) {
            double sr = 0;
            double si = 0;
            for (int t = 0; t < n; t++) {
                double angle = -2 * Math.PI * ((long) f * t % n) / n;
                sr += re[t] * Math.cos(angle) - im[t] * Math.sin(angle);
                si += re[t] * Math.sin(angle) + im[t] * Math.cos(angle);
            }
            assertThat(Math.hypot(sr - x[0][f], si - x[1][f])).as("bin " + f).isLessThan(64.0);
        }
    }

    @Test
    void luReferenceFactorsItsInput() {
        ProgramImage image = IMAGES.get(SplashKernel.LU);
        long p = SplashKernel.constant(image, "PRIME");
        long[][] a = LuReference.input(SplashKernel.intConstant(image, "N"), SplashKernel.constant(image, "SEED"), p);
        long[][] lu = new long[a.length][];
        for (int i = 0; i < a.length; i++) {
            lu[i] = a[i].clone();
        }
        LuReference.factor(lu, p);
        assertThat(LuReference.multiply(lu, p)).isDeepEqualTo(a);
    }

    private static RunResult run(ProgramImage image, int cpus, long seed) {
        FunctionalConfig config = FunctionalConfig.of(cpus, seed).withLimits(LIMIT, 0);
        return new FunctionalMachine(image, config, Console.silent()).run();
    }
}
