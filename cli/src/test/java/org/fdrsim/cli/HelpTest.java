package org.fdrsim.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fdrsim.cli.CliTest.fdr;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Every command's --help: an example, and no setting name broken across lines. */
class HelpTest {
    /** Every command and subcommand, as words, e.g. [sweep, merge]. */
    private static List<List<String>> commands() {
        List<List<String>> out = new ArrayList<>();
        collect(new CommandLine(new Main(System.out, System.err)), new ArrayList<>(), out);
        return out;
    }

    private static void collect(CommandLine cmd, List<String> path, List<List<String>> out) {
        cmd.getSubcommands().forEach((name, sub) -> {
            if (name.equals("help")) {
                return;
            }
            List<String> p = new ArrayList<>(path);
            p.add(name);
            out.add(p);
            collect(sub, p, out);
        });
    }

    private static String help(List<String> command) {
        List<String> args = new ArrayList<>(command);
        args.add("--help");
        CliTest.Outcome o = fdr(args.toArray(String[]::new));
        assertThat(o.status()).as(command.toString()).isZero();
        return o.out();
    }

    @Test
    void everyHelpHasAnExampleThatNamesTheCommand() {
        List<List<String>> all = commands();
        assertThat(all).hasSizeGreaterThan(14);
        for (List<String> c : all) {
            String text = help(c);
            assertThat(text).as(c.toString()).contains("Examples:").contains("  fdr " + String.join(" ", c));
        }
    }

    @Test
    void noSettingNameIsBrokenAtADot() {
        // A line that ends in "word." followed by a line that goes on in lower case is a name
        // like devices.consoleInput cut in two (sentences go on with a capital).
        Pattern broken = Pattern.compile("[A-Za-z0-9]\\.\\n {10,}[a-z]"); // continuation lines are indented
        for (List<String> c : commands()) {
            Matcher m = broken.matcher(help(c));
            assertThat(m.find()).as("%s: %s", c, m.find(0) ? m.group() : "").isFalse();
        }
    }

    @Test
    void versionNamesTheVersionAndTheCommit() {
        CliTest.Outcome o = fdr("-V");
        assertThat(o.status()).isZero();
        assertThat(o.out()).containsPattern("^fdrsim \\d+\\.\\d+\\.\\d+(-SNAPSHOT)? \\(commit ([0-9a-f]{12}(-dirty)?|unknown)\\)\\n");
        assertThat(o.out()).doesNotContain("development");
    }
}
