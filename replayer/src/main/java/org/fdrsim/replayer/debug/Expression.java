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

    private final String text;
    private final SymbolTable symbols;
    private final State state;
    private final boolean place;
    private int pos;

    private Expression(String text, SymbolTable symbols, State state, boolean place) {
        this.text = text;
        this.symbols = symbols;
        this.state = state;
        this.place = place;
    }

    /** The value of {@code text}; a bare data label is the word at it. */
    static long value(String text, SymbolTable symbols, State state) {
        return new Expression(text, symbols, state, false).parse();
    }

    /** The address {@code text} names; a data label is its address. */
    static long address(String text, SymbolTable symbols, State state) {
        return new Expression(text, symbols, state, true).parse();
    }

    private long parse() {
        if (text.isBlank()) {
            throw new DebugException("expected an expression");
        }
        long v = comparison();
        skipSpaces();
        if (pos < text.length()) {
            throw new DebugException("unexpected '" + text.substring(pos) + "' in expression '" + text + "'");
        }
        return v;
    }

    /** A sum, or two compared with == != < <= > >= (1 if true, else 0), for conditions. */
    private long comparison() {
        long v = sum();
        skipSpaces();
        String[] ops = {"==", "!=", "<=", ">=", "<", ">"};
        for (String op : ops) {
            if (text.startsWith(op, pos)) {
                pos += op.length();
                long w = sum();
                boolean r = switch (op) {
                    case "==" -> v == w;
                    case "!=" -> v != w;
                    case "<=" -> v <= w;
                    case ">=" -> v >= w;
                    case "<" -> v < w;
                    default -> v > w;
                };
                return r ? 1 : 0;
            }
        }
        return v;
    }

    private long sum() {
        long v = product();
        while (true) {
            skipSpaces();
            if (eat('+')) {
                v += product();
            } else if (eat('-')) {
                v -= product();
            } else {
                return v;
            }
        }
    }

    private long product() {
        long v = unary();
        while (true) {
            skipSpaces();
            if (eat('*')) {
                v *= unary();
            } else {
                return v;
            }
        }
    }

    private long unary() {
        skipSpaces();
        if (eat('-')) {
            return -unary();
        }
        if (eat('*')) {
            return state.word(unary());
        }
        if (eat('(')) {
            long v = comparison();
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

    private long atom(String t) {
        if (Character.isDigit(t.charAt(0))) {
            try {
                return t.startsWith("0x") || t.startsWith("0X") ? Long.parseUnsignedLong(t.substring(2), 16)
                        : Long.parseLong(t);
            } catch (NumberFormatException e) {
                throw new DebugException("not a number: " + t);
            }
        }
        if (t.equals("pc")) {
            return state.pc();
        }
        if (t.equals("ic")) {
            return state.ic();
        }
        int r = Registers.parse(t);
        if (r >= 0) {
            return state.register(r);
        }
        Csr c = Csr.byName(t);
        if (c != null) {
            return state.csr(c);
        }
        Symbol s = symbols.get(t);
        if (s == null) {
            throw new DebugException("no register, CSR or label named '" + t + "'" + Labels.nearest(symbols, t));
        }
        if (s.kind() == Symbol.Kind.DATA && !place) {
            return state.word(s.value());
        }
        return s.value();
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
