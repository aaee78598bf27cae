package org.fdrsim.replayer;

import java.util.zip.CRC32;

/**
 * Recomputes the CRC of every section of a (possibly mutated) core dump, so that a fuzzer's
 * mutations get past the checksums and reach the section parsers and the replayer. Sections
 * are walked by their declared lengths (docs/dump-format.md); a length past the end stops the
 * walk, leaving the reader to report the truncation.
 */
public final class SectionSeals {
    /** After the magic and the version. */
    private static final int FIRST_SECTION = 12;
    /** Tag, length, CRC. */
    private static final int HEADER_BYTES = 16;

    private SectionSeals() {}

    /** A copy of {@code dump} with every reachable section's CRC correct. */
    public static byte[] reseal(byte[] dump) {
        byte[] b = dump.clone();
        int p = FIRST_SECTION;
        while (b.length - p >= HEADER_BYTES) {
            long length = 0;
            for (int i = 7; i >= 0; i--) {
                length = (length << 8) | (b[p + 4 + i] & 0xffL);
            }
            if (length < 0 || length > b.length - p - HEADER_BYTES) {
                break;
            }
            CRC32 crc = new CRC32();
            crc.update(b, p, 12);
            crc.update(b, p + HEADER_BYTES, (int) length);
            long v = crc.getValue();
            for (int i = 0; i < 4; i++) {
                b[p + 12 + i] = (byte) (v >>> (8 * i));
            }
            p += HEADER_BYTES + (int) length;
        }
        return b;
    }
}
