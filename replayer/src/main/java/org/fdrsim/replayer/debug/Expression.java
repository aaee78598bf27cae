package org.fdrsim.replayer.debug;

import org.fdrsim.cpu.isa.Csr;
import org.fdrsim.cpu.isa.Registers;
import org.fdrsim.cpu.program.Symbol;
import org.fdrsim.cpu.program.SymbolTable;

/**
 * The expressions of {@code print}, {@code x}, {@code watch} and conditions: numbers (decimal,
 * 0x hex), registers ({@code r4}, {@code sp}), CSRs by their assembler name, {@code pc},
 * {@code ic}, labels, {@code *ADDR} (the word there), unary minus, + - *, parentheses and one
 * comparison (== != < <= > >=, 1 or 0) for conditions. A data
 * label is the word at it when the expression is a value ({@code print counter}) and its address
 * when it names a place ({@code watch counter+8}, {@code x/4 counter}); a code label is its
 * code index. Evaluated against one processor's state.
 */
final class Expression {
    /** What expressions read: a processor's state and memory. */
    interface State {
        long register(int r);

        long csr(Csr c);

        int pc();

        long ic();

        long word(long address);
    }

    /** A parsed expression: evaluated against a state as often as needed (a condition, at every arrival). */
    interface Compiled {
        long value(State state);
    }

    private final String text;
    private final SymbolTable symbols;
    private final boolean place;
    private int pos;

    private Expression(String text, SymbolTable symbols, boolean place) {
        this.text = text;
        this.symbols = symbols;
        this.place = place;
    }

    /** The value of {@code text}; a bare data label is the word at it. */
    static long value(String text, SymbolTable symbols, State state) {
        return compile(text, symbols).value(state);
    }

    /** The address {@code text} names; a data label is its address. */
    static long address(String text, SymbolTable symbols, State state) {
        return new Expression(text, symbols, true).parse().value(state);
    }

    /** {@code text} parsed once, as {@link #value} reads it; labels resolved now. */
    static Compiled compile(String text, SymbolTable symbols) {
        return new Expression(text, symbols, false).parse();
    }

    private Compiled parse() {
        if (text.isBlank()) {
            throw new DebugException("expected an expression");
        }
        Compiled v = comparison();
        skipSpaces();
        if (pos < text.length()) {
            throw new DebugException("unexpected '" + text.substring(pos) + "' in expression '" + text + "'");
        }
        return v;
    }

    /** A sum, or two compared with == != < <= > >= (1 if true, else 0), for conditions. */
    private Compiled comparison() {
        Compiled v = sum();
        skipSpaces();
        String[] ops = {"==", "!=", "<=", ">=", "<", ">"};
        for (String op : ops) {
            if (text.startsWith(op, pos)) {
                pos += op.length();
                Compiled w = sum();
                return switch (op) {
                    case "==" -> s -> v.value(s) == w.value(s) ? 1 : 0;
                    case "!=" -> s -> v.value(s) != w.value(s) ? 1 : 0;
                    case "<=" -> s -> v.value(s) <= w.value(s) ? 1 : 0;
                    case ">=" -> s -> v.value(s) >= w.value(s) ? 1 : 0;
                    case "<" -> s -> v.value(s) < w.value(s) ? 1 : 0;
                    default -> s -> v.value(s) > w.value(s) ? 1 : 0;
                };
            }
        }
        return v;
    }

    private Compiled sum() {
        Compiled v = product();
        while (true) {
            skipSpaces();
            Compiled a = v;
            if (eat('+')) {
                Compiled b = product();
                v = s -> a.value(s) + b.value(s);
            } else if (eat('-')) {
                Compiled b = product();
                v = s -> a.value(s) - b.value(s);
            } else {
                return v;
            }
        }
    }

    private Compiled product() {
        Compiled v = unary();
        while (true) {
            skipSpaces();
            if (eat('*')) {
                Compiled a = v;
                Compiled b = unary();
                v = s -> a.value(s) * b.value(s);
            } else {
                return v;
            }
        }
    }

    private Compiled unary() {
        skipSpaces();
        if (eat('-')) {
            Compiled x = unary();
            return s -> -x.value(s);
        }
        if (eat('*')) {
            Compiled x = unary();
            return s -> s.word(x.value(s));
        }
        if (eat('(')) {
            Compiled v = comparison();
            skipSpaces();
            if (!eat(')')) {
                throw new DebugException("missing ')' in expression '" + text + "'");
            }
            return v;
        }
        int start = pos;
        while (pos < text.length() && (Character.isLetterOrDigit(text.charAt(pos)) || text.charAt(pos) == '_'
                || text.charAt(pos) == '.')) {
            pos++;
        }
        if (start == pos) {
            throw new DebugException(pos < text.length() ? "unexpected '" + text.charAt(pos) + "' in expression '"
                    + text + "'" : "expression '" + text + "' ends too early");
        }
        return atom(text.substring(start, pos));
    }

    private Compiled atom(String t) {
        if (Character.isDigit(t.charAt(0))) {
            long n;
            try {
                // a 64-bit word either way, so -9223372036854775808 reads as 0x8000000000000000 does
                n = t.startsWith("0x") || t.startsWith("0X") ? Long.parseUnsignedLong(t.substring(2), 16)
                        : Long.parseUnsignedLong(t);
            } catch (NumberFormatException e) {
                throw new DebugException("not a number: " + t);
            }
            return s -> n;
        }
        if (t.equals("pc")) {
            return State::pc;
        }
        if (t.equals("ic")) {
            return State::ic;
        }
        int r = Registers.parse(t);
        if (r >= 0) {
            return s -> s.register(r);
        }
        Csr c = Csr.byName(t);
        if (c != null) {
            return s -> s.csr(c);
        }
        Symbol sym = symbols.get(t);
        if (sym == null) {
            throw new DebugException("no register, CSR or label named '" + t + "'" + Labels.nearest(symbols, t));
        }
        long v = sym.value();
        if (sym.kind() == Symbol.Kind.DATA && !place) {
            return s -> s.word(v);
        }
        return s -> v;
    }

    private void skipSpaces() {
        while (pos < text.length() && text.charAt(pos) == ' ') {
            pos++;
        }
    }

    private boolean eat(char c) {
        if (pos < text.length() && text.charAt(pos) == c) {
            pos++;
            return true;
        }
        return false;
    }
}
