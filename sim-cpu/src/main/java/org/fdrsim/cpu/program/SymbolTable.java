package org.fdrsim.cpu.program;

import java.util.Collection;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/** The symbols of a program image, sorted by name for stable listings. */
public final class SymbolTable {
    private final Map<String, Symbol> byName;

    public SymbolTable(Collection<Symbol> symbols) {
        TreeMap<String, Symbol> map = new TreeMap<>();
        for (Symbol s : symbols) {
            map.put(s.name(), s);
        }
        this.byName = Collections.unmodifiableMap(map);
    }

    /** The symbol with this name, or null. */
    public Symbol get(String name) {
        return byName.get(name);
    }

    public Collection<Symbol> all() {
        return byName.values();
    }

    /** The first code label (by name) at this code index, or null: used by the disassembler. */
    public String textLabelAt(long index) {
        String best = null;
        for (Symbol s : byName.values()) {
            if (s.kind() == Symbol.Kind.TEXT && s.value() == index) {
                if (best == null) {
                    best = s.name();
                }
            }
        }
        return best;
    }
}
