package org.fdrsim.cpu.asm;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Names of source files as the assembler reports them. Included files are named relative to
 * the including file's directory, with {@code .} and {@code ..} folded away, so the same
 * file always gets the same name; include-cycle detection relies on that.
 */
public final class SourceNames {
    private SourceNames() {}

    /**
     * The name of {@code includedName} written in {@code .include} inside {@code includingFile}:
     * an absolute name stays as it is, a relative one is taken from the including file's
     * directory. Both {@code /} and {@code \} separate directories; the result uses {@code /}.
     */
    public static String resolve(String includingFile, String includedName) {
        String included = includedName.replace('\\', '/');
        if (isAbsolute(included)) {
            return normalize(included);
        }
        String from = includingFile.replace('\\', '/');
        int slash = from.lastIndexOf('/');
        String dir = slash < 0 ? "" : from.substring(0, slash + 1);
        return normalize(dir + included);
    }

    private static boolean isAbsolute(String name) {
        // "/x" on Unix, "C:/x" on Windows
        return name.startsWith("/") || (name.length() > 2 && name.charAt(1) == ':' && name.charAt(2) == '/');
    }

    /** Folds {@code .} and {@code name/..} segments; leading {@code ..} segments are kept. */
    static String normalize(String name) {
        boolean absolute = name.startsWith("/");
        Deque<String> parts = new ArrayDeque<>();
        for (String part : name.split("/")) {
            if (part.isEmpty() || part.equals(".")) {
                continue;
            }
            if (part.equals("..") && !parts.isEmpty() && !parts.peekLast().equals("..")) {
                parts.removeLast();
            } else if (!(part.equals("..") && absolute && parts.isEmpty())) {
                parts.addLast(part);
            }
        }
        return (absolute ? "/" : "") + String.join("/", parts);
    }
}
