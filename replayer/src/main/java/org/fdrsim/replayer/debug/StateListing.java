package org.fdrsim.replayer.debug;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.fdrsim.cpu.isa.Csr;
import org.fdrsim.cpu.isa.Registers;
import org.fdrsim.cpu.program.Symbol;
import org.fdrsim.cpu.program.SymbolTable;
import org.fdrsim.replayer.ReplaySession;

/** The named lists a front end shows of a replay session's state: registers, CSRs, data labels, agents. */
final class StateListing {
    private StateListing() {}

    /** The 32 registers of processor {@code cpu}, by their disassembler names. */
    static List<NamedValue> registers(ReplaySession s, int cpu) {
        List<NamedValue> out = new ArrayList<>();
        for (int r = 0; r < Registers.COUNT; r++) {
            out.add(new NamedValue(Registers.name(r), s.register(cpu, r)));
        }
        return out;
    }

    /** The CSRs of processor {@code cpu}, by their assembler names. */
    static List<NamedValue> csrs(ReplaySession s, int cpu) {
        List<NamedValue> out = new ArrayList<>();
        for (Csr c : Csr.values()) {
            out.add(new NamedValue(c.asmName(), s.csr(cpu, c)));
        }
        return out;
    }

    /** The word at each data label, in address order (then by name). */
    static List<NamedValue> dataLabels(ReplaySession s, SymbolTable symbols) {
        List<Symbol> data = new ArrayList<>();
        for (Symbol sym : symbols.all()) {
            if (sym.kind() == Symbol.Kind.DATA) {
                data.add(sym);
            }
        }
        data.sort((a, b) -> a.value() != b.value() ? Long.compare(a.value(), b.value()) : a.name().compareTo(b.name()));
        List<NamedValue> out = new ArrayList<>();
        for (Symbol sym : data) {
            out.add(new NamedValue(sym.name(), s.loadWord(sym.value())));
        }
        return out;
    }

    /** Every agent: IC, end IC, pc, run state and the arc it waits on. */
    static List<AgentInfo> agents(ReplaySession s) {
        List<AgentInfo> out = new ArrayList<>();
        for (int a = 0; a < s.agentCount(); a++) {
            boolean dma = a >= s.cpus();
            String waiting = s.ended() ? "" : s.waitingFor(a);
            out.add(new AgentInfo(a, dma, s.ic(a), s.endIc(a), dma ? -1 : s.pc(a),
                    dma ? (s.ic(a) >= s.endIc(a) ? "done" : "writing") : s.state(a).name().toLowerCase(Locale.ROOT),
                    waiting.isEmpty() ? "" : "arc " + waiting));
        }
        return out;
    }
}
