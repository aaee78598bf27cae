package org.fdrsim.cpu.asm;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.fdrsim.cpu.isa.Opcode;

/**
 * Picks the names closest to a misspelt one: mnemonics for "expected a mnemonic such as ..."
 * messages, labels for the debugger's "nearest labels".
 */
public final class Suggestions {
    private static final int MAX = 3;

    private Suggestions() {}

    /**
     * Up to three mnemonics, best first: those that start with what was typed (shortest first),
     * then by edit distance, then by how close the length is. Ties keep ISA order, so the
     * answer is deterministic.
     */
    static List<String> mnemonicsLike(String typed) {
        List<String> names = new ArrayList<>();
        for (Opcode op : Opcode.values()) {
            names.add(op.mnemonic());
        }
        return namesLike(typed.toLowerCase(Locale.ROOT), names);
    }

    /**
     * Up to three of {@code names}, best first, by the same order as {@link #mnemonicsLike}
     * (prefix, edit distance, length); ties keep the order of {@code names}.
     */
    public static List<String> namesLike(String typed, List<String> names) {
        List<String> all = new ArrayList<>(names);
        all.sort(Comparator
                .comparingInt((String n) -> n.startsWith(typed) ? 0 : 1)
                .thenComparingInt(n -> n.startsWith(typed) ? n.length() : distance(typed, n))
                .thenComparingInt(n -> Math.abs(n.length() - typed.length())));
        return new ArrayList<>(all.subList(0, Math.min(MAX, all.size())));
    }

    /** Levenshtein distance. */
    static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int subst = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                cur[j] = Math.min(subst, Math.min(prev[j], cur[j - 1]) + 1);
            }
            int[] tmp = prev;
            prev = cur;
            cur = tmp;
        }
        return prev[b.length()];
    }
}
