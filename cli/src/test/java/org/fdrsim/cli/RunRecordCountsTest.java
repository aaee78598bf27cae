package org.fdrsim.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fdrsim.cli.CliTest.example;
import static org.fdrsim.cli.CliTest.fdr;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fdrsim.cli.CliTest.Outcome;
import org.junit.jupiter.api.Test;

/** {@code fdr run --record} (or with the recorder switched on by a setting) reports the whole run's instructions, not the last checkpoint interval's. */
class RunRecordCountsTest {

    @Test
    void theRecordedRunCountsEveryCheckpointInterval() {
        // the racy counter commits the same instructions whatever the interleaving
        Outcome plain = fdr("run", example("racy-counter.s"));
        assertThat(plain.status()).as(plain.err()).isZero();
        long total = number(plain.out(), "instructions: (\\d+) \\(cpu0");
        Outcome rec = fdr("run", example("racy-counter.s"), "--record", "--set", "checkpoint.interval=5000 cycles");
        assertThat(rec.status()).as(rec.err()).isZero();
        assertThat(number(rec.out(), "instructions: (\\d+) in all; in the last checkpoint interval")).isEqualTo(total);
        assertThat(number(rec.out(), "recorded run: (\\d+) instructions in all")).isEqualTo(total);
        long last = number(rec.out(), "\\((\\d+) in the last checkpoint interval\\)");
        assertThat(last).isLessThan(total / 2);
        assertThat(number(rec.out(), "simulated, (\\d+) checkpoints")).isGreaterThan(3);
    }

    @Test
    void aRunWhoseConfigurationTurnsTheRecorderOnCountsEveryIntervalToo() {
        Outcome plain = fdr("run", example("racy-counter.s"));
        long total = number(plain.out(), "instructions: (\\d+) \\(cpu0");
        // the recorder switched on by a setting, not by --record: the summary still counts the whole run
        Outcome rec = fdr("run", example("racy-counter.s"), "--set", "recorder.enabled=true",
                "--set", "checkpoint.interval=5000 cycles");
        assertThat(rec.status()).as(rec.err()).isZero();
        assertThat(number(rec.out(), "instructions: (\\d+) in all; in the last checkpoint interval")).isEqualTo(total);
        assertThat(number(rec.out(), "in the last checkpoint interval (\\d+) \\(")).isLessThan(total / 2);
    }

    private static long number(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        assertThat(m.find()).as("'%s' in:%n%s", regex, text).isTrue();
        return Long.parseLong(m.group(1));
    }
}
