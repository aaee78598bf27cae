package org.fdrsim.coherence.tester;


/**
 * A protocol-tester run: random loads, stores and atomics by {@code processors} processors on
 * {@code blocks} blocks, of which only the first {@code words} words are used (so processors
 * falsely share blocks), with tiny caches that force replacements and writebacks.
 *
 * @param processors       processors (= nodes), 1..64
 * @param blocks           distinct blocks touched
 * @param words            words used per block, 1..8
 * @param ops              total accesses to commit (split evenly over processors)
 * @param seed             run seed (op streams, network jitter, memory perturbation)
 * @param l2Frames         L2 frames per processor
 * @param l2Ways           L2 associativity
 * @param l1Frames         L1 frames per processor (<= l2Frames; fully associative)
 * @param loadPercent      share of loads among ops
 * @param atomicPercent    share of atomics (cas, swap, fadd in equal parts); the rest are stores
 * @param maxThinkCycles   a processor waits 0..this many cycles between ops
 * @param torus            true: FDR1 2D torus and FDR1 latencies; false: a fixed-latency network
 *                         with random jitter (reorders freely) and short latencies (more races)
 * @param networkJitter    jitter in [0, n] cycles per message for the fixed-latency network
 * @param memoryPerturbation seeded DRAM latency addition in [0, n]
 * @param deadlockCycles   no commit anywhere for this long is reported as a deadlock
 * @param fault            a deliberate protocol bug to inject at processor 0 (tests of the checker)
 */
public record TesterConfig(
        int processors,
        int blocks,
        int words,
        long ops,
        long seed,
        int l2Frames,
        int l2Ways,
        int l1Frames,
        int loadPercent,
        int atomicPercent,
        int maxThinkCycles,
        boolean torus,
        int networkJitter,
        int memoryPerturbation,
        long deadlockCycles,
        FaultInjection fault) {

    /** The most blocks: the tester keeps a shadow copy of every one on the host (64 MiB at this bound). */
    public static final int MAX_BLOCKS = 1 << 20;
    /** The most L2 frames per processor: a cache's bytes are kept in an int. */
    public static final int MAX_FRAMES = 1 << 20;

    /** Defaults: 4 processors, 8 blocks x 4 words, 4-frame 2-way L2s, jittery network. */
    public static TesterConfig defaults() {
        return new TesterConfig(4, 8, 4, 100_000, 1, 4, 2, 2, 50, 15, 10, false, 40, 20, 200_000,
                FaultInjection.NONE);
    }

    public TesterConfig {
        if (processors < 1 || processors > 64) {
            throw new IllegalArgumentException("processors must be 1..64, got " + processors);
        }
        if (blocks < 1 || blocks > MAX_BLOCKS || words < 1 || words > 8) {
            throw new IllegalArgumentException("need blocks in 1.." + MAX_BLOCKS + " and words in 1..8, got " + blocks
                    + " and " + words);
        }
        if (ops < 0) {
            throw new IllegalArgumentException("ops must be >= 0");
        }
        if (l2Ways < 1 || l2Frames < l2Ways || l2Frames > MAX_FRAMES || l2Frames % l2Ways != 0 || l1Frames < 1
                || l1Frames > l2Frames) {
            throw new IllegalArgumentException("need l2Frames a multiple of l2Ways up to " + MAX_FRAMES
                    + " and 1 <= l1Frames <= l2Frames, got " + l2Frames + ", " + l2Ways + " and " + l1Frames);
        }
        if (loadPercent < 0 || atomicPercent < 0 || loadPercent + atomicPercent > 100) {
            throw new IllegalArgumentException("loadPercent + atomicPercent must be within 0..100");
        }
        if (maxThinkCycles < 0 || networkJitter < 0 || memoryPerturbation < 0 || deadlockCycles < 1) {
            throw new IllegalArgumentException("think, jitter and perturbation must be >= 0, deadlockCycles >= 1");
        }
        if (fault == null) {
            throw new IllegalArgumentException("fault must not be null (use NONE)");
        }
    }

    public TesterConfig withOps(long n) {
        return new TesterConfig(processors, blocks, words, n, seed, l2Frames, l2Ways, l1Frames, loadPercent,
                atomicPercent, maxThinkCycles, torus, networkJitter, memoryPerturbation, deadlockCycles, fault);
    }

    public TesterConfig withSeed(long s) {
        return new TesterConfig(processors, blocks, words, ops, s, l2Frames, l2Ways, l1Frames, loadPercent,
                atomicPercent, maxThinkCycles, torus, networkJitter, memoryPerturbation, deadlockCycles, fault);
    }

    public TesterConfig withShape(int newProcessors, int newBlocks, int newWords) {
        return new TesterConfig(newProcessors, newBlocks, newWords, ops, seed, l2Frames, l2Ways, l1Frames,
                loadPercent, atomicPercent, maxThinkCycles, torus, networkJitter, memoryPerturbation,
                deadlockCycles, fault);
    }

    public TesterConfig withCaches(int newL2Frames, int newL2Ways, int newL1Frames) {
        return new TesterConfig(processors, blocks, words, ops, seed, newL2Frames, newL2Ways, newL1Frames,
                loadPercent, atomicPercent, maxThinkCycles, torus, networkJitter, memoryPerturbation,
                deadlockCycles, fault);
    }

    public TesterConfig withMix(int newLoadPercent, int newAtomicPercent) {
        return new TesterConfig(processors, blocks, words, ops, seed, l2Frames, l2Ways, l1Frames, newLoadPercent,
                newAtomicPercent, maxThinkCycles, torus, networkJitter, memoryPerturbation, deadlockCycles, fault);
    }

    public TesterConfig withTorus(boolean useTorus) {
        return new TesterConfig(processors, blocks, words, ops, seed, l2Frames, l2Ways, l1Frames, loadPercent,
                atomicPercent, maxThinkCycles, useTorus, networkJitter, memoryPerturbation, deadlockCycles, fault);
    }

    public TesterConfig withPerturbation(int jitter, int memory) {
        return new TesterConfig(processors, blocks, words, ops, seed, l2Frames, l2Ways, l1Frames, loadPercent,
                atomicPercent, maxThinkCycles, torus, jitter, memory, deadlockCycles, fault);
    }

    public TesterConfig withFault(FaultInjection f) {
        return new TesterConfig(processors, blocks, words, ops, seed, l2Frames, l2Ways, l1Frames, loadPercent,
                atomicPercent, maxThinkCycles, torus, networkJitter, memoryPerturbation, deadlockCycles, f);
    }

    public TesterConfig withDeadlockCycles(long cycles) {
        return new TesterConfig(processors, blocks, words, ops, seed, l2Frames, l2Ways, l1Frames, loadPercent,
                atomicPercent, maxThinkCycles, torus, networkJitter, memoryPerturbation, cycles, fault);
    }
}
