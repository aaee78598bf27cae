package org.fdrsim.results;

/**
 * Paths and commands written into a Slurm batch script, quoted for the two parsers that read
 * it: bash for the script's commands, and sbatch for its {@code #SBATCH} lines. A directory
 * named {@code it's #1} must reach both whole.
 */
public final class SlurmQuoting {
    private SlurmQuoting() {
    }

    /** {@code word} as one bash word: as it is when it holds only safe characters, else single-quoted. */
    public static String shell(String word) {
        return word.matches("[A-Za-z0-9_./:+=-]+") ? word : "'" + word.replace("'", "'\\''") + "'";
    }

    /**
     * {@code path} as the value of an {@code #SBATCH} file option ({@code --output}). sbatch
     * splits a directive's arguments at white space, takes quotes of either kind as grouping,
     * drops a backslash and keeps the character after it, and ends the line at an unquoted
     * {@code #} (Slurm's {@code src/sbatch/opt.c}, {@code _get_argument}); so each of those
     * characters gets a backslash. A {@code %} is doubled: file options are patterns ({@code %a}
     * is the array index) in which {@code %%} is a percent sign.
     */
    public static String directivePath(String path) {
        StringBuilder out = new StringBuilder(path.length() + 8);
        for (int i = 0; i < path.length(); i++) {
            char c = path.charAt(i);
            if (Character.isWhitespace(c) || c == '\\' || c == '"' || c == '\'' || c == '#') {
                out.append('\\');
            } else if (c == '%') {
                out.append('%');
            }
            out.append(c);
        }
        return out.toString();
    }

    /**
     * Refuses a directory a batch script cannot name: a line break (or any control character)
     * in it would end a line of the script, and what follows would run as a command.
     *
     * @throws IllegalArgumentException naming the option, one line
     */
    public static String checkScriptable(String option, String dir) {
        for (int i = 0; i < dir.length(); i++) {
            if (Character.isISOControl(dir.charAt(i))) {
                throw new IllegalArgumentException(option + " '" + dir + "': a directory whose name holds a control character"
                        + " cannot be named in a batch script; expected a name without line breaks or tabs");
            }
        }
        return dir;
    }
}
