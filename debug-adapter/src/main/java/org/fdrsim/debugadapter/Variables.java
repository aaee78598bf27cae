package org.fdrsim.debugadapter;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.eclipse.lsp4j.debug.Variable;
import org.fdrsim.cpu.isa.Csr;
import org.fdrsim.cpu.isa.Registers;
import org.fdrsim.cpu.program.Symbol;
import org.fdrsim.debugadapter.Handles.Scope;

/**
 * The variables of one processor's scopes at the current position: its 32 registers, its
 * CSRs, and the word at each of the program's data labels (in address order). Values are
 * shown as "DEC (0xHEX)", as {@code print} shows them.
 */
final class Variables {
    private Variables() {}

    static Variable[] of(DebugTarget t, int cpu, Scope scope) {
        List<Variable> out = new ArrayList<>();
        switch (scope) {
            case REGISTERS -> {
                for (int r = 0; r < Registers.COUNT; r++) {
                    out.add(variable(Registers.name(r), t.register(cpu, r)));
                }
            }
            case CSRS -> {
                for (Csr c : Csr.values()) {
                    out.add(variable(c.asmName(), t.csr(cpu, c)));
                }
            }
            case DATA -> {
                for (Symbol s : dataLabels(t)) {
                    Variable v = variable(s.name(), t.loadWord(s.value()));
                    v.setEvaluateName(s.name());
                    v.setMemoryReference(hex(s.value()));
                    out.add(v);
                }
            }
            default -> throw new IllegalStateException(scope.name());
        }
        return out.toArray(new Variable[0]);
    }

    /** The program's data labels in address order (then by name). */
    static List<Symbol> dataLabels(DebugTarget t) {
        List<Symbol> labels = new ArrayList<>();
        for (Symbol s : t.program().symbols().all()) {
            if (s.kind() == Symbol.Kind.DATA) {
                labels.add(s);
            }
        }
        labels.sort(Comparator.comparingLong(Symbol::value).thenComparing(Symbol::name));
        return labels;
    }

    /** The address of data label {@code name}, or -1 if the program has no such data label. */
    static long dataAddress(DebugTarget t, String name) {
        Symbol s = t.program().symbols().get(name);
        return s != null && s.kind() == Symbol.Kind.DATA ? s.value() : -1;
    }

    static String hex(long value) {
        return "0x" + Long.toHexString(value);
    }

    private static Variable variable(String name, long value) {
        Variable v = new Variable();
        v.setName(name);
        v.setValue(value + " (" + hex(value) + ")");
        v.setVariablesReference(0);
        return v;
    }
}
