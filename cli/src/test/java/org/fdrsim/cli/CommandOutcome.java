package org.fdrsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;

/**
 * One run of {@code fdr} in this JVM ({@link Main#execute}, standard input empty), and the
 * property the command-line fuzz targets hold every run to: a documented exit status, never 70
 * (internal error); no stack trace nor, unless the user gave them, the JDK's or picocli's Java
 * words; no control character but the line break (and tab on standard output); a refusal ends
 * with one line naming the command.
 */
record CommandOutcome(int status, String out, String err) {
    /** What Java's and picocli's own exceptions say: not words a user of fdr should read. */
    private static final List<String> JAVA_WORDS = List.of("java.", "Exception", "picocli.", "For input string",
            "out of bounds for length", "\tat ", "internal error", "Caused by");
    private static final Set<Integer> STATUSES = Set.of(ExitCodes.OK, ExitCodes.PROGRAM_FAILED,
            ExitCodes.USER_ERROR, ExitCodes.DIVERGED);

    static CommandOutcome of(String... argv) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        InputStream stdin = System.in;
        try {
            System.setIn(new ByteArrayInputStream(new byte[0])); // console input '-' and --dap read nothing
            int status = Main.execute(argv, new PrintStream(out, true, StandardCharsets.UTF_8),
                    new PrintStream(err, true, StandardCharsets.UTF_8));
            return new CommandOutcome(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setIn(stdin);
        }
    }

    /**
     * Asserts the property.
     *
     * @param command the command picocli found ({@code fdr debug}), or null when it refused the arguments
     * @param given   what the user gave beyond the arguments (a file's bytes), whose words a message may quote
     */
    void check(List<String> args, String command, String given) {
        String o = out;
        String e = err;
        String said = String.join("\n", args) + "\n" + given;
        assertThat(STATUSES).as("exit status of %s; stderr: %s", args, e).contains(status);
        boolean debug = args.contains("--debug"); // asks for the stack trace (and its tabs) on stderr
        for (String word : JAVA_WORDS) {
            if (!said.contains(word)) {
                if (!debug) {
                    assertThat(e).as("stderr of %s", args).doesNotContain(word);
                }
                assertThat(o).as("stdout of %s", args).doesNotContain(word);
            }
        }
        // the stack trace --debug asks for has a tab before each frame, and its lines escaped like a message
        assertThat(e).as("stderr of %s", args)
                .doesNotContainPattern(debug ? "[\\p{Cc}\\p{Zl}\\p{Zp}&&[^\\n\\t]]" : "[\\p{Cc}\\p{Zl}\\p{Zp}&&[^\\n]]");
        assertThat(o).as("stdout of %s", args).doesNotContainPattern("[\\p{Cc}\\p{Zl}\\p{Zp}&&[^\\n\\t]]");
        if (status == ExitCodes.USER_ERROR) {
            // the debugger's commands are refused in its transcript, like gdb's; the rest on stderr
            boolean transcript = e.isBlank() && "fdr debug".equals(command);
            List<String> refusal = (transcript ? o : e).strip().lines().toList();
            assertThat(refusal.get(refusal.size() - 1)).as("the refusal of %s", args).isNotBlank();
            if (!transcript) { // with --debug too: its stack trace comes before the refusal's line
                assertThat(refusal.get(refusal.size() - 1)).as("the refusal of %s", args).startsWith("fdr").contains(": ");
            }
        }
    }
}
