package org.fdrsim.benchmarks;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.fdrsim.cpu.asm.AssemblyException;
import org.fdrsim.cpu.io.Console;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.machine.config.ConfigException;
import org.fdrsim.machine.config.ConfigLoader;
import org.fdrsim.machine.config.MachineConfig;
import org.fdrsim.workloads.CommercialWorkload;
import org.fdrsim.workloads.Programs;
import org.fdrsim.workloads.RandomTester;
import org.fdrsim.workloads.WorkloadRegistry;

/**
 * One workload of each class at a size that runs 0.25 to 2 million instructions on 4 processors
 * (short runs: on a shared machine many runs per measurement iteration steady the figures), the
 * same for the timed, recorded and replayed benchmarks: the random tester (races on 16 shared
 * words; 250 K instructions), the dynamic web proxy (kernel, NIC, disk; 0.6 M), disk-checksum as
 * shipped (kernel threads reading the disk by DMA; 0.23 M), the SPLASH fft on 1024 points
 * instead of the shipped 4096 (1.4 M), and the mostly-private mix of {@code examples/private-mix.s}
 * (2 M). On 16 processors the kernel workloads and fft run 6.5 to 9.6 M instructions, most of
 * them idle and barrier spinning.
 *
 * <p>The other shipped workloads are here too, outside the default table (name them with
 * {@code -p workload=...}), so that a target set for every workload can be measured on every
 * one: the SPLASH kernels lu, radix and stencil as shipped, the commercial proxies oltp, jbb and
 * web at their shipped amount of work, the packet-echo service as shipped, and console-echo
 * copying a fixed input of {@value #CONSOLE_INPUT_BYTES} bytes.
 *
 * <p>{@code lost-update} is the stall-bound case of issue 14's targets: {@code
 * examples/racy-counter.s} (every processor adds to one word with a load, an add and a store, no
 * lock) at {@value #LOST_UPDATE_ITERATIONS} iterations a processor. Recorded with FDR1's 10 MB/s
 * race-log drain its processors wait for the log most of the time and lose the block while they
 * wait, so the recorded run makes many times the misses of the timed one: the "FDR overhead"
 * column of {@code paired} is the target's recorded / unrecorded host time, measured in a warm
 * JVM.
 */
enum BenchmarkWorkload {
    RANDOM_TESTER("random-tester"),
    /** Not in the default table: the random tester 50 times as long (12.5 M instructions), for 64 processors, where building the machine would otherwise weigh on the score. */
    RANDOM_TESTER_LONG("random-tester-long"),
    DYNWEB("dynweb"),
    DISK_CHECKSUM("disk-checksum"),
    FFT("fft"),
    PRIVATE_MIX("private-mix"),
    LU("lu"),
    RADIX("radix"),
    STENCIL("stencil"),
    OLTP("oltp"),
    JBB("jbb"),
    WEB("web"),
    PACKET_ECHO("packet-echo"),
    CONSOLE_ECHO("console-echo"),
    LOST_UPDATE("lost-update");

    /** Random-tester operations per processor are this / 86 / processors: about 250 K instructions in all. */
    private static final long TESTER_INSTRUCTIONS = 1_000_000;
    /** Requests of the dynamic web proxy (about 0.6 M instructions on 4 processors). */
    private static final long DYNWEB_REQUESTS = 30;
    /** The lost-update loop's iterations per processor (the example ships with 1,000). */
    static final int LOST_UPDATE_ITERATIONS = 500_000;
    /** console-echo's input, in bytes. */
    static final int CONSOLE_INPUT_BYTES = 1_000;
    /** console-echo's input: lines of a pangram, the same bytes in every run. */
    private static final byte[] CONSOLE_INPUT = pangrams(CONSOLE_INPUT_BYTES);

    private final String key;

    BenchmarkWorkload(String key) {
        this.key = key;
    }

    static BenchmarkWorkload of(String key) {
        for (BenchmarkWorkload w : values()) {
            if (w.key.equals(key)) {
                return w;
            }
        }
        throw new IllegalArgumentException("unknown benchmark workload '" + key + "'");
    }

    ProgramImage program(int cpus) {
        try {
            return switch (this) {
                case RANDOM_TESTER -> new RandomTester(cpus, 16, TESTER_INSTRUCTIONS / 86 / cpus).assemble();
                case RANDOM_TESTER_LONG -> new RandomTester(cpus, 16, 50 * TESTER_INSTRUCTIONS / 86 / cpus).assemble();
                case DYNWEB -> WorkloadRegistry.scaled("dynweb", DYNWEB_REQUESTS, cpus);
                case FFT -> Programs.assemble("splash/fft", Programs.source("splash/fft")
                        .replaceFirst("\\.equ LOGN, 12", ".equ LOGN, 10").replaceFirst("\\.equ N, 4096", ".equ N, 1024"));
                case PRIVATE_MIX -> ExamplePrograms.privateMix();
                case LU, RADIX, STENCIL -> WorkloadRegistry.shipped("splash/" + key);
                case OLTP, JBB, WEB -> WorkloadRegistry.scaled(key, commercialWork(), cpus);
                case DISK_CHECKSUM, PACKET_ECHO, CONSOLE_ECHO -> WorkloadRegistry.shipped("fullsys/" + key);
                case LOST_UPDATE -> ExamplePrograms.racyCounter(LOST_UPDATE_ITERATIONS);
            };
        } catch (AssemblyException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    /**
     * A new console for one run: console-echo's fixed input, no input for the others. New for
     * each run because reading consumes the input.
     */
    Console console() {
        return this == CONSOLE_ECHO ? new Console(CONSOLE_INPUT, null) : Console.silent();
    }

    private static byte[] pangrams(int bytes) {
        StringBuilder text = new StringBuilder();
        while (text.length() < bytes) {
            text.append("the quick brown fox jumps over the lazy dog\n");
        }
        return text.substring(0, bytes).getBytes(StandardCharsets.US_ASCII);
    }

    /** A commercial proxy's shipped amount of work (transactions or packets). */
    private long commercialWork() {
        return CommercialWorkload.parse(key).defaultScale();
    }

    /** The machine: FDR1 with {@code cpus} processors, seed 1, the workload's settings, the recorder on or off. */
    MachineConfig config(int cpus, boolean recorder) {
        List<String> s = new ArrayList<>(List.of("cpus=" + cpus, "seed=1", "recorder.enabled=" + recorder));
        switch (this) {
            case DYNWEB -> s.addAll(WorkloadRegistry.settings("dynweb", DYNWEB_REQUESTS));
            case OLTP, JBB, WEB -> s.addAll(WorkloadRegistry.settings(key, commercialWork()));
            case DISK_CHECKSUM, CONSOLE_ECHO -> s.add("devices.enabled=true");
            case PACKET_ECHO -> s.addAll(List.of("devices.enabled=true", "devices.nic.packets=12"));
            case PRIVATE_MIX -> s.add("limits.maxInstructions=2000000");
            default -> { }
        }
        try {
            return ConfigLoader.fdr1().set(s).build();
        } catch (ConfigException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }
}
