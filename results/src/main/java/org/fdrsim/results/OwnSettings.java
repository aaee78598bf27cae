package org.fdrsim.results;

import java.util.List;
import org.fdrsim.cpu.text.Blanks;

/**
 * The settings an experiment or a sweep gives every run itself: the seed (from {@code --seed}
 * and {@code --runs}) and {@code recorder.enabled} (every run is made without and with the
 * recorder). A user's setting of either would be overridden without a word, so it is refused.
 */
final class OwnSettings {
    static final String SEED = "seed";
    static final String RECORDER = "recorder.enabled";

    private OwnSettings() {}

    /** Refuses {@code path} (given by {@code flag}) if it is one of the run's own settings. */
    static void refuse(String flag, String path) {
        switch (Blanks.strip(path)) {
            case SEED -> throw new IllegalArgumentException(flag + " seed: each run's seed comes from --seed S (the first)"
                    + " and --runs N; a sweep can also vary it with --param seed=S1,S2,...");
            case RECORDER -> throw new IllegalArgumentException(flag + " recorder.enabled: every run is made both without"
                    + " and with the recorder; drop it");
            default -> { }
        }
    }

    /** Refuses every {@code path=value} of {@code settings} (from {@code --set}) that names a run's own setting. */
    static void refuseAll(List<String> settings) {
        for (String s : settings) {
            int eq = s.indexOf('=');
            refuse("--set", eq < 0 ? s : s.substring(0, eq));
        }
    }
}
