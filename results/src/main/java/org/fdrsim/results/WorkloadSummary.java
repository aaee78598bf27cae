package org.fdrsim.results;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fdrsim.recorder.race.RaceEntry;

/**
 * Everything the reports say about one workload (or one sweep point), computed from its
 * measurements: N runs without the recorder and N with it (same seeds), and optionally one
 * traced run for the race-arc reduction table.
 *
 * @param normalizedBase   runtime without FDR over the mean runtime without FDR (mean 1)
 * @param normalizedFdr    runtime with FDR over the mean runtime without FDR
 * @param slowdownPercent  100 * (mean normalizedFdr - 1)
 * @param overlap          the two 95% intervals overlap (the slowdown is not statistically significant)
 * @param rawMBps          per Figure 5 category: MB (10^6 B) per simulated second per processor, before LZ
 * @param compressedMBps   the same after LZ compression
 * @param compressionRatio raw bytes over compressed bytes, all logs
 * @param checkpointShare  memory + cache checkpoint logs' share of all raw log bytes
 * @param ioShare          DMA, input and interrupt logs' share of all raw log bytes
 * @param rawBytesPerKiloInstruction per category, raw bytes per 1000 instructions
 * @param stallCycles      per log (LogKind keys), mean cycles per recorded run that producers (processors,
 *                         DMA engines) waited for that log's full buffer
 */
public record WorkloadSummary(
        String workload,
        int runs,
        Summary baseCycles,
        Summary fdrCycles,
        Summary normalizedBase,
        Summary normalizedFdr,
        double slowdownPercent,
        boolean overlap,
        Map<String, Summary> rawMBps,
        Map<String, Summary> compressedMBps,
        Summary totalRawMBps,
        Summary totalCompressedMBps,
        double compressionRatio,
        double checkpointShare,
        double ioShare,
        Map<String, Double> rawBytesPerKiloInstruction,
        Character character,
        ReplayMemory replayMemory,
        Reduction reduction,
        Map<String, Double> stallCycles) {

    /**
     * The workload's measured character (from the recorded runs).
     *
     * @param instructions            mean instructions of a run
     * @param ipcPerCpu               instructions per cycle per processor
     * @param l2MissesPerKiloInstruction coherence misses per 1000 instructions
     * @param l2MissRatio             misses per cache access
     * @param sharingPerKiloInstruction invalidations and forwarded requests received per 1000 instructions
     * @param interruptsPerMillion    interrupts taken (timer and devices) per 10^6 instructions
     * @param deviceInterruptsPerMillion disk and NIC interrupts per 10^6 instructions
     * @param dmaBlocksPerMillion     64-byte blocks DMA-written per 10^6 instructions
     * @param checkpoints             checkpoints per run (mean)
     */
    public record Character(double instructions, double ipcPerCpu, double l2MissesPerKiloInstruction,
            double l2MissRatio, double sharingPerKiloInstruction, double interruptsPerMillion,
            double deviceInterruptsPerMillion, double dmaBlocksPerMillion, double checkpoints) {}

    /**
     * Memory the logs of a replay interval need, per processor.
     *
     * @param windowSeconds     the longest replay interval at this scale: retained checkpoints x interval
     * @param bytesPerCpu       compressed log bytes produced in that window
     * @param fractionOfMemory  of the processor's physical memory
     * @param paperWindowBytesPerCpu compressed bytes for the paper's 4/3 s window at the measured rate
     * @param paperWindowFraction that, as a fraction of the processor's memory
     */
    public record ReplayMemory(double windowSeconds, double bytesPerCpu, double fractionOfMemory,
            double paperWindowBytesPerCpu, double paperWindowFraction) {}

    /** Race-log size under each policy on one traced execution: arcs and raw bytes per 1000 instructions. */
    public record Reduction(long instructions, Map<String, Long> arcs, Map<String, Double> bytesPerKiloInstruction) {}

    /**
     * Summarises {@code base} and {@code fdr} (paired by position, same seeds) and the optional
     * {@code traced} run, for a machine with {@code memoryBytesPerCpu} and checkpoints every
     * {@code intervalSeconds} of which {@code retained} are kept.
     */
    public static WorkloadSummary of(String workload, List<Measurement> base, List<Measurement> fdr, Measurement traced,
            double intervalSeconds, int retained, long memoryBytesPerCpu) {
        int n = base.size();
        double[] bc = new double[n];
        double[] fc = new double[fdr.size()];
        for (int i = 0; i < n; i++) {
            bc[i] = base.get(i).cycles();
        }
        for (int i = 0; i < fc.length; i++) {
            fc[i] = fdr.get(i).cycles();
        }
        Summary baseCycles = Summary.of(bc);
        Summary fdrCycles = Summary.of(fc);
        double norm = baseCycles.mean() == 0 ? 1 : baseCycles.mean();
        double[] nb = new double[n];
        double[] nf = new double[fc.length];
        for (int i = 0; i < n; i++) {
            nb[i] = bc[i] / norm;
        }
        for (int i = 0; i < nf.length; i++) {
            nf[i] = fc[i] / norm;
        }
        Summary normBase = Summary.of(nb);
        Summary normFdr = Summary.of(nf);

        Map<String, Summary> raw = new LinkedHashMap<>();
        Map<String, Summary> packed = new LinkedHashMap<>();
        Map<String, Double> perKi = new LinkedHashMap<>();
        double[] totalRaw = new double[fdr.size()];
        double[] totalPacked = new double[fdr.size()];
        long sumRaw = 0;
        long sumPacked = 0;
        long sumCheckpoint = 0;
        long sumIo = 0;
        long sumInstructions = 0;
        for (Measurement m : fdr) {
            sumInstructions += m.instructions();
        }
        for (String c : Categories.ordered()) {
            double[] r = new double[fdr.size()];
            double[] p = new double[fdr.size()];
            long catRaw = 0;
            for (int i = 0; i < fdr.size(); i++) {
                Measurement m = fdr.get(i);
                long rb = Categories.bytes(m, false).get(c);
                long pb = Categories.bytes(m, true).get(c);
                r[i] = mbps(rb, m);
                p[i] = mbps(pb, m);
                totalRaw[i] += r[i];
                totalPacked[i] += p[i];
                catRaw += rb;
                sumRaw += rb;
                sumPacked += pb;
            }
            if (c.equals(Categories.MEMORY_CHECKPOINT) || c.equals(Categories.CACHE_CHECKPOINT)) {
                sumCheckpoint += catRaw;
            }
            if (c.equals(Categories.DMA) || c.equals(Categories.INPUT) || c.equals(Categories.INTERRUPT)) {
                sumIo += catRaw;
            }
            raw.put(c, Summary.of(r));
            packed.put(c, Summary.of(p));
            perKi.put(c, sumInstructions == 0 ? 0 : catRaw * 1000.0 / sumInstructions);
        }
        Summary totalRawS = Summary.of(totalRaw);
        Summary totalPackedS = Summary.of(totalPacked);

        double instr = 0;
        double ipc = 0;
        double misses = 0;
        double accesses = 0;
        double sharing = 0;
        double interrupts = 0;
        double devInt = 0;
        double dma = 0;
        double checkpoints = 0;
        for (Measurement m : fdr) {
            instr += m.instructions();
            ipc += m.cycles() == 0 ? 0 : (double) m.instructions() / m.cpus() / m.cycles();
            misses += m.l2Misses();
            accesses += m.l2Accesses();
            sharing += m.sharing();
            interrupts += m.interrupts();
            devInt += m.deviceInterrupts();
            dma += m.dmaBlocks();
            checkpoints += m.checkpoints();
        }
        int k = Math.max(1, fdr.size());
        Character character = new Character(instr / k, ipc / k, per(misses, instr, 1e3), accesses == 0 ? 0 : misses / accesses,
                per(sharing, instr, 1e3), per(interrupts, instr, 1e6), per(devInt, instr, 1e6), per(dma, instr, 1e6),
                checkpoints / k);

        double window = retained * intervalSeconds;
        double bytes = totalPackedS.mean() * 1e6 * window;
        double paperBytes = totalPackedS.mean() * 1e6 * (4.0 / 3.0);
        ReplayMemory memory = new ReplayMemory(window, bytes, bytes / memoryBytesPerCpu, paperBytes,
                paperBytes / memoryBytesPerCpu);

        Reduction reduction = null;
        if (traced != null) {
            Map<String, Double> b = new LinkedHashMap<>();
            traced.arcs().forEach((policy, count) -> b.put(policy,
                    traced.instructions() == 0 ? 0 : count * (double) RaceEntry.BYTES * 1000 / traced.instructions()));
            reduction = new Reduction(traced.instructions(), new LinkedHashMap<>(traced.arcs()), b);
        }
        return new WorkloadSummary(workload, n, baseCycles, fdrCycles, normBase, normFdr,
                100 * (normFdr.mean() - 1), normBase.overlaps(normFdr), raw, packed, totalRawS, totalPackedS,
                sumPacked == 0 ? 0 : (double) sumRaw / sumPacked, sumRaw == 0 ? 0 : (double) sumCheckpoint / sumRaw,
                sumRaw == 0 ? 0 : (double) sumIo / sumRaw, perKi, character, memory, reduction, stallCycles(fdr));
    }

    /** Mean stall cycles per run for every log buffer, in log order. */
    private static Map<String, Double> stallCycles(List<Measurement> fdr) {
        Map<String, Double> mean = new LinkedHashMap<>();
        for (Measurement m : fdr) {
            m.logs().forEach((log, size) -> mean.merge(log, (double) size.stallCycles() / fdr.size(), Double::sum));
        }
        return mean;
    }

    /** All stall cycles per run (mean), every log buffer together. */
    public double totalStallCycles() {
        double sum = 0;
        for (double v : stallCycles.values()) {
            sum += v;
        }
        return sum;
    }

    private static double mbps(long bytes, Measurement m) {
        return m.simulatedSeconds() == 0 ? 0 : bytes / 1e6 / m.simulatedSeconds() / m.cpus();
    }

    private static double per(double count, double instructions, double unit) {
        return instructions == 0 ? 0 : count * unit / instructions;
    }
}
