package org.fdrsim.cpu.asm;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.fdrsim.cpu.isa.Opcode;

/** Picks the mnemonics closest to a misspelt one, for "expected a mnemonic such as ..." messages. */
final class Suggestions {
    private static final int MAX = 3;

    private Suggestions() {}

    /**
     * Up to three mnemonics, best first: those that start with what was typed (shortest first),
     * then by edit distance, then by how close the length is. Ties keep ISA order, so the
     * answer is deterministic.
     */
    static List<String> mnemonicsLike(String typed) {
        String t = typed.toLowerCase(Locale.ROOT);
        List<Opcode> all = new ArrayList<>(List.of(Opcode.values()));
        all.sort(Comparator
                .comparingInt((Opcode op) -> op.mnemonic().startsWith(t) ? 0 : 1)
                .thenComparingInt(op -> op.mnemonic().startsWith(t) ? op.mnemonic().length() : distance(t, op.mnemonic()))
                .thenComparingInt(op -> Math.abs(op.mnemonic().length() - t.length())));
        List<String> out = new ArrayList<>();
        for (int i = 0; i < MAX && i < all.size(); i++) {
            out.add(all.get(i).mnemonic());
        }
        return out;
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
