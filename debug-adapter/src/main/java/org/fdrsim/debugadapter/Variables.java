package org.fdrsim.debugadapter;

import java.util.List;
import org.eclipse.lsp4j.debug.Variable;
import org.fdrsim.debugadapter.Handles.Scope;
import org.fdrsim.replayer.debug.DebugSession;
import org.fdrsim.replayer.debug.NamedValue;

/**
 * The variables of one scope at the current position: a processor's 32 registers or its CSRs,
 * or the word at each of the program's data labels (in address order, with the label's address
 * as memory reference, so a client can offer a data breakpoint on it). Values are shown as
 * "DEC (0xHEX)", as {@code print} shows them.
 */
final class Variables {
    private Variables() {}

    static Variable[] of(DebugSession session, int cpu, Scope scope) {
        List<NamedValue> values = switch (scope) {
            case REGISTERS -> session.registers(cpu);
            case CSRS -> session.csrs(cpu);
            case DATA -> session.dataLabels();
        };
        Variable[] out = new Variable[values.size()];
        for (int i = 0; i < out.length; i++) {
            NamedValue nv = values.get(i);
            Variable v = new Variable();
            v.setName(nv.name());
            v.setValue(nv.value() + " (" + hex(nv.value()) + ")");
            v.setVariablesReference(0);
            v.setEvaluateName(nv.name());
            if (scope == Scope.DATA) {
                v.setMemoryReference(hex(session.address(nv.name())));
            }
            out[i] = v;
        }
        return out;
    }

    static String hex(long value) {
        return "0x" + Long.toHexString(value);
    }
}
