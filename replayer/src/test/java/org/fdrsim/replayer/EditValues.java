package org.fdrsim.replayer;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;

/**
 * The values {@link DumpEdits} puts in place of a dump's number: mostly near the old one (an IC
 * off by a few, a neighbouring pc or address, one bit flipped), which a reader's range checks
 * let through, and sometimes one at the edge of the type or any at all.
 */
final class EditValues {
    private EditValues() {}

    /** A value for a field that held {@code old} (it may happen to be {@code old} again). */
    static long changed(long old, FuzzedDataProvider data) {
        return switch (data.consumeInt(0, 5)) {
            case 0, 1 -> old + data.consumeInt(-8, 8);
            case 2 -> old ^ (1L << data.consumeInt(0, 63));
            case 3 -> 0;
            case 4 -> switch (data.consumeInt(0, 3)) {
                case 0 -> -1;
                case 1 -> Long.MIN_VALUE;
                case 2 -> Long.MAX_VALUE;
                default -> Integer.MAX_VALUE;
            };
            default -> data.consumeLong();
        };
    }

    /** As {@link #changed(long, FuzzedDataProvider)}, for a field of type int. */
    static int changedInt(int old, FuzzedDataProvider data) {
        return (int) changed(old, data);
    }
}
