package org.fdrsim.cpu.asm;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fdrsim.cpu.program.SourceLocation;
import org.fdrsim.cpu.program.Symbol;

/**
 * The names of a program and their values. All names are declared up front (so duplicates
 * are found in source order and {@code .equ} may refer forward); labels get their values
 * during layout; constants are evaluated on first use, with cycle detection.
 *
 * <p>During layout an expression may only use labels already placed: the sizes of
 * {@code .org}, {@code .align} and {@code .space} cannot depend on labels further down.
 */
final class SymbolScope {
    private final Map<String, SourceLocation> declared = new HashMap<>();
    private final Map<String, Statement.Equ> constants = new HashMap<>();
    private final Map<String, Long> constantValues = new HashMap<>();
    private final Map<String, Symbol> labels = new HashMap<>();
    /** Constants being evaluated, in order, to report a cycle. */
    private final Set<String> evaluating = new LinkedHashSet<>();

    private SymbolScope() {}

    /** Declares every label and constant, rejecting duplicates. */
    static SymbolScope declare(List<Statement> program) throws AssemblyException {
        SymbolScope scope = new SymbolScope();
        for (Statement s : program) {
            if (s instanceof Statement.Label label) {
                scope.declare(label.name(), "label", label.where());
            } else if (s instanceof Statement.Equ equ) {
                scope.declare(equ.name(), "constant", equ.where());
                scope.constants.put(equ.name(), equ);
            }
        }
        return scope;
    }

    private void declare(String name, String what, SourceLocation where) throws AssemblyException {
        SourceLocation earlier = declared.putIfAbsent(name, where);
        if (earlier != null) {
            throw new AssemblyException(where, "duplicate " + what + " '" + name
                    + "', expected a new name (first defined at " + earlier + ")");
        }
    }

    /** Gives a label its value; kind is TEXT or DATA. */
    void bind(Statement.Label label, Symbol.Kind kind, long value) {
        labels.put(label.name(), new Symbol(label.name(), kind, value));
    }

    /** Where a label or constant is defined, or null. */
    SourceLocation definedAt(String name) {
        return declared.get(name);
    }

    /** The label with this name once placed, or null. */
    Symbol label(String name) {
        return labels.get(name);
    }

    /** The value of an expression, 64-bit wrapping. */
    long evaluate(Expr e) throws AssemblyException {
        if (e instanceof Expr.Num n) {
            return n.value();
        }
        if (e instanceof Expr.Name n) {
            return valueOf(n);
        }
        if (e instanceof Expr.Negate n) {
            return -evaluate(n.operand());
        }
        Expr.Binary b = (Expr.Binary) e;
        long left = evaluate(b.left());
        long right = evaluate(b.right());
        return switch (b.op()) {
            case '+' -> left + right;
            case '-' -> left - right;
            case '*' -> left * right;
            case '/' -> {
                if (right == 0) {
                    throw new AssemblyException(b.where(), "division by zero in expression, expected a non-zero divisor");
                }
                yield left / right; // Long.MIN_VALUE / -1 wraps, like the rest of the arithmetic
            }
            default -> throw new IllegalStateException("operator " + b.op());
        };
    }

    private long valueOf(Expr.Name n) throws AssemblyException {
        Symbol label = labels.get(n.name());
        if (label != null) {
            return label.value();
        }
        Statement.Equ equ = constants.get(n.name());
        if (equ != null) {
            return constant(equ, n);
        }
        if (declared.containsKey(n.name())) {
            throw new AssemblyException(n.start(), "label '" + n.name() + "' is used before it is placed, expected a"
                    + " constant or a label defined earlier (the layout cannot depend on later labels)");
        }
        throw new AssemblyException(n.start(), "undefined label '" + n.name() + "', expected a label or .equ name"
                + " defined in the program");
    }

    private long constant(Statement.Equ equ, Expr.Name use) throws AssemblyException {
        Long known = constantValues.get(equ.name());
        if (known != null) {
            return known;
        }
        if (!evaluating.add(equ.name())) {
            List<String> cycle = new ArrayList<>(evaluating);
            cycle = cycle.subList(cycle.indexOf(equ.name()), cycle.size());
            throw new AssemblyException(use.start(), "circular .equ definition " + String.join(" -> ", cycle)
                    + " -> " + equ.name() + ", expected constants that do not depend on themselves");
        }
        long value = evaluate(equ.value());
        evaluating.remove(equ.name());
        constantValues.put(equ.name(), value);
        return value;
    }

    /**
     * Evaluates every constant, in source order, so errors in unused ones are reported too,
     * and returns them as symbols.
     */
    List<Symbol> constants(List<Statement> program) throws AssemblyException {
        List<Symbol> out = new ArrayList<>();
        for (Statement s : program) {
            if (s instanceof Statement.Equ equ) {
                out.add(new Symbol(equ.name(), Symbol.Kind.CONSTANT, constant(equ, new Expr.Name(equ.name(), equ.where()))));
            }
        }
        return out;
    }

    /** All placed labels, in no particular order (the symbol table sorts). */
    List<Symbol> labels() {
        return new ArrayList<>(labels.values());
    }
}
