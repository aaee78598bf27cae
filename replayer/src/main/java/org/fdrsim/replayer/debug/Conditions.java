package org.fdrsim.replayer.debug;

import java.util.HashMap;
import java.util.Map;
import org.fdrsim.cpu.program.SymbolTable;
import org.fdrsim.replayer.ReplaySession;

/**
 * The conditions of breakpoints and watchpoints, each parsed once (one is evaluated at every
 * arrival at its breakpoint) and evaluated through one reused {@link CpuView}: no allocation
 * per evaluation.
 */
final class Conditions {
    private final SymbolTable symbols;
    private final Map<String, Expression.Compiled> compiled = new HashMap<>();
    private final CpuView view = new CpuView();

    Conditions(SymbolTable symbols) {
        this.symbols = symbols;
    }

    /** {@code expression} is not 0 on processor {@code cpu} of {@code s}. */
    boolean holds(ReplaySession s, String expression, int cpu) {
        Expression.Compiled c = compiled.get(expression);
        if (c == null) {
            c = Expression.compile(expression, symbols);
            compiled.put(expression, c);
        }
        return c.value(view.at(s, cpu)) != 0;
    }
}
