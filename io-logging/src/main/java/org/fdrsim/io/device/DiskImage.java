package org.fdrsim.io.device;

import java.util.Arrays;
import org.fdrsim.cpu.sim.SimRandom;

/**
 * The disk's contents: {@code sectors} sectors of 512 bytes, as 64-bit words. A seeded image
 * is a pure function of the run seed, so a test can compute what a program should read.
 *
 * <p>The seeded words are drawn in order, but only as far as the highest sector read or written
 * so far: FDR1's disk has 2,048 sectors (1 MB) and a program reads a few, and every machine built
 * drew them all. The words a sector holds do not depend on how far the image was drawn before.
 */
public final class DiskImage {
    public static final int WORDS_PER_SECTOR = DeviceMap.DISK_SECTOR_BYTES / 8;

    private final int sectors;
    /** The stream the words come from, in order. */
    private final SimRandom stream;
    /** Words drawn so far (they start the image); grows as sectors are reached. */
    private long[] words;
    private int drawn;

    private DiskImage(int sectors, SimRandom stream) {
        this.sectors = sectors;
        this.stream = stream;
        this.words = new long[0];
    }

    /** Contents from the run seed (stream "disk"). */
    public static DiskImage seeded(long seed, int sectors) {
        return new DiskImage(sectors, SimRandom.forComponent(seed, "disk"));
    }

    public int sectors() {
        return sectors;
    }

    /** Word {@code w} (0..63) of sector {@code sector}. */
    public long word(long sector, int w) {
        int i = reach(sector, w); // before reading the field: reaching may replace the array
        return words[i];
    }

    public void setWord(long sector, int w, long value) {
        int i = reach(sector, w);
        words[i] = value;
    }

    /** The index of the word, after drawing every word up to the end of its sector. */
    private int reach(long sector, int w) {
        if (sector < 0 || sector >= sectors || w < 0 || w >= WORDS_PER_SECTOR) {
            throw new IndexOutOfBoundsException("sector " + sector + " word " + w + " of " + sectors + " sectors");
        }
        int end = (int) (sector + 1) * WORDS_PER_SECTOR;
        if (end > drawn) {
            if (end > words.length) {
                words = Arrays.copyOf(words, Math.min(sectors * WORDS_PER_SECTOR, Math.max(end, 2 * words.length)));
            }
            for (int i = drawn; i < end; i++) {
                words[i] = stream.nextLong();
            }
            drawn = end;
        }
        return (int) sector * WORDS_PER_SECTOR + w;
    }
}
