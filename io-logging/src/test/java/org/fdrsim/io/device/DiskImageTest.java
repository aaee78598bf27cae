package org.fdrsim.io.device;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.fdrsim.cpu.sim.SimRandom;
import org.junit.jupiter.api.Test;

/** A seeded image drawn as far as it is used holds what one drawn whole in order holds. */
class DiskImageTest {
    private static final int SECTORS = 64;

    /** The image drawn whole, in order: the stream's words, sector after sector. */
    private static long[] drawnWhole(long seed) {
        SimRandom r = SimRandom.forComponent(seed, "disk");
        long[] w = new long[SECTORS * DiskImage.WORDS_PER_SECTOR];
        for (int i = 0; i < w.length; i++) {
            w[i] = r.nextLong();
        }
        return w;
    }

    @Test
    void readsAndWritesInAnyOrderSeeTheWholeImagesWords() {
        for (long seed = 1; seed <= 5; seed++) {
            long[] expected = drawnWhole(seed);
            DiskImage image = DiskImage.seeded(seed, SECTORS);
            SplittableRandom order = new SplittableRandom(seed);
            for (int op = 0; op < 2_000; op++) {
                int sector = order.nextInt(SECTORS);
                int w = order.nextInt(DiskImage.WORDS_PER_SECTOR);
                int i = sector * DiskImage.WORDS_PER_SECTOR + w;
                if (order.nextInt(4) == 0) {
                    long v = order.nextLong();
                    image.setWord(sector, w, v);
                    expected[i] = v;
                } else {
                    assertThat(image.word(sector, w)).as("seed %d, sector %d, word %d", seed, sector, w).isEqualTo(expected[i]);
                }
            }
            for (int sector = 0; sector < SECTORS; sector++) {
                for (int w = 0; w < DiskImage.WORDS_PER_SECTOR; w++) {
                    assertThat(image.word(sector, w)).isEqualTo(expected[sector * DiskImage.WORDS_PER_SECTOR + w]);
                }
            }
        }
    }

    @Test
    void theLastSectorFirstAndOutsideTheDisk() {
        long[] expected = drawnWhole(9);
        DiskImage image = DiskImage.seeded(9, SECTORS);
        assertThat(image.word(SECTORS - 1, 63)).isEqualTo(expected[expected.length - 1]);
        assertThat(image.word(0, 0)).isEqualTo(expected[0]);
        assertThat(image.sectors()).isEqualTo(SECTORS);
        assertThatThrownBy(() -> image.word(SECTORS, 0)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> image.word(0, 64)).isInstanceOf(IndexOutOfBoundsException.class);
    }
}
