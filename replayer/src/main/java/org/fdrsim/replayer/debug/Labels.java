package org.fdrsim.replayer.debug;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.cpu.program.SourceLocation;
import org.fdrsim.cpu.program.Symbol;
import org.fdrsim.cpu.program.SymbolTable;

/** Names of places in the program: {@code label+off} for a code index, code indexes for a source line, near misses for typos. */
final class Labels {
    private Labels() {}

    /** The nearest code label at or before {@code pc}, with the offset ({@code loop+3}), or the bare index. */
    static String symbolize(SymbolTable symbols, int pc) {
        Symbol best = null;
        for (Symbol s : symbols.all()) {
            if (s.kind() == Symbol.Kind.TEXT && s.value() <= pc
                    && (best == null || s.value() > best.value()
                    || s.value() == best.value() && s.name().compareTo(best.name()) < 0)) {
                best = s;
            }
        }
        if (best == null) {
            return Integer.toString(pc);
        }
        long off = pc - best.value();
        return off == 0 ? best.name() : best.name() + "+" + off;
    }

    /** ", nearest: a, b, c" naming the three labels closest in spelling to {@code name}, or "" if there are none. */
    static String nearest(SymbolTable symbols, String name) {
        List<Symbol> all = new ArrayList<>(symbols.all());
        if (all.isEmpty()) {
            return "";
        }
        all.sort(Comparator.<Symbol>comparingInt(s -> distance(s.name(), name)).thenComparing(Symbol::name));
        StringBuilder b = new StringBuilder("; nearest labels: ");
        for (int i = 0; i < Math.min(3, all.size()); i++) {
            b.append(i == 0 ? "" : ", ").append(all.get(i).name());
        }
        return b.toString();
    }

    /** The first code index written on {@code file:line} (file compared by its name's end), or -1. */
    static int atLine(ProgramImage program, String file, int line) {
        List<SourceLocation> lines = program.sourceLines();
        for (int i = 0; i < lines.size(); i++) {
            SourceLocation l = lines.get(i);
            if (l != null && l.line() == line && (l.file().equals(file) || l.file().endsWith("/" + file))) {
                return i;
            }
        }
        return -1;
    }

    private static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int sub = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                cur[j] = Math.min(sub, Math.min(prev[j] + 1, cur[j - 1] + 1));
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
