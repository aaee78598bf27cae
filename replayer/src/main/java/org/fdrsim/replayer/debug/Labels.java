package org.fdrsim.replayer.debug;

import java.util.ArrayList;
import java.util.List;
import org.fdrsim.cpu.asm.Suggestions;
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

    /** "; nearest labels: a, b, c" naming the labels closest in spelling to {@code name}, or "" if there are none. */
    static String nearest(SymbolTable symbols, String name) {
        List<String> names = new ArrayList<>();
        for (Symbol s : symbols.all()) {
            names.add(s.name());
        }
        names.sort(null);
        List<String> best = Suggestions.namesLike(name, names);
        return best.isEmpty() ? "" : "; nearest labels: " + String.join(", ", best);
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

    /**
     * The code index {@code location} names: {@code @PC} (an expression, read on {@code state}),
     * {@code FILE:LINE} or a code label.
     *
     * @throws DebugException for a pc outside the program, a bad line, a line without code, an
     *     unknown or data label (naming the nearest ones)
     */
    static int codeIndex(ProgramImage program, String location, Expression.State state) {
        String loc = location.strip(); // strip, not trim: trim also drops control characters, accepting "loop\0"
        if (loc.startsWith("@")) {
            int pc;
            try {
                pc = (int) Expression.value(loc.substring(1), program.symbols(), state);
            } catch (DebugException e) {
                throw new DebugException("bad pc '" + loc + "': " + e.getMessage());
            }
            if (pc < 0 || pc >= program.code().length()) {
                throw new DebugException("pc " + pc + " is outside the program (0.." + (program.code().length() - 1) + ")");
            }
            return pc;
        }
        int colon = loc.lastIndexOf(':');
        if (colon > 0) {
            int line;
            try {
                line = Integer.parseInt(loc.substring(colon + 1));
            } catch (NumberFormatException e) {
                throw new DebugException("bad line number in '" + loc + "'");
            }
            int pc = atLine(program, loc.substring(0, colon), line);
            if (pc < 0) {
                throw new DebugException("no code at " + loc);
            }
            return pc;
        }
        Symbol s = program.symbols().get(loc);
        if (s == null || s.kind() != Symbol.Kind.TEXT) {
            throw new DebugException((s == null ? "no label '" : "'" ) + loc + (s == null ? "'" : "' is not a code label")
                    + nearest(program.symbols(), loc));
        }
        return (int) s.value();
    }

    /** True if {@code a} and {@code b} are the same source line (both null: no line). */
    static boolean sameLine(SourceLocation a, SourceLocation b) {
        return a == null ? b == null : b != null && a.line() == b.line() && a.file().equals(b.file());
    }
}
