package org.fdrsim.io.device;

import org.fdrsim.cpu.sim.SimRandom;

/**
 * The disk's contents: {@code sectors} sectors of 512 bytes, as 64-bit words. A seeded image
 * is a pure function of the run seed, so a test can compute what a program should read.
 */
public final class DiskImage {
    public static final int WORDS_PER_SECTOR = DeviceMap.DISK_SECTOR_BYTES / 8;

    private final long[] words;

    private DiskImage(long[] words) {
        this.words = words;
    }

    /** Contents from the run seed (stream "disk"). */
    public static DiskImage seeded(long seed, int sectors) {
        SimRandom r = SimRandom.forComponent(seed, "disk");
        long[] w = new long[sectors * WORDS_PER_SECTOR];
        for (int i = 0; i < w.length; i++) {
            w[i] = r.nextLong();
        }
        return new DiskImage(w);
    }

    public int sectors() {
        return words.length / WORDS_PER_SECTOR;
    }

    /** Word {@code w} (0..63) of sector {@code sector}. */
    public long word(long sector, int w) {
        return words[(int) (sector * WORDS_PER_SECTOR + w)];
    }

    public void setWord(long sector, int w, long value) {
        words[(int) (sector * WORDS_PER_SECTOR + w)] = value;
    }
}
