package org.fdrsim.cpu.sim;

import java.nio.charset.StandardCharsets;
import java.util.random.RandomGenerator;
import java.util.random.RandomGeneratorFactory;

/**
 * A seeded random source for one simulation component. The algorithm is fixed
 * (Xoroshiro128++, specified by the JDK), so the same seed gives the same stream on any JDK
 * 17+. Each component derives its own stream from the run seed and its name, so adding a
 * component does not shift the numbers another component sees.
 */
public final class SimRandom {
    private static final RandomGeneratorFactory<RandomGenerator> FACTORY =
            RandomGeneratorFactory.of("Xoroshiro128PlusPlus");

    private final RandomGenerator generator;

    private SimRandom(long seed) {
        this.generator = FACTORY.create(seed);
    }

    /** The stream of component {@code name} in a run seeded with {@code seed}. */
    public static SimRandom forComponent(long seed, String name) {
        long h = 0xcbf29ce484222325L; // FNV-1a, 64-bit: fewer collisions than String.hashCode
        for (byte b : name.getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xff;
            h *= 0x100000001b3L;
        }
        return new SimRandom(mix(seed ^ mix(h)));
    }

    /** A uniformly distributed value in [0, bound). */
    public int nextInt(int bound) {
        return generator.nextInt(bound);
    }

    /** A uniformly distributed value in [origin, bound). */
    public int nextInt(int origin, int bound) {
        return generator.nextInt(origin, bound);
    }

    public long nextLong() {
        return generator.nextLong();
    }

    public long nextLong(long bound) {
        return generator.nextLong(bound);
    }

    public double nextDouble() {
        return generator.nextDouble();
    }

    public boolean nextBoolean() {
        return generator.nextBoolean();
    }

    /** SplitMix64's finalizer: spreads nearby seeds apart. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
