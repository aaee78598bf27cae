package org.fdrsim.recorder.dump;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.fdrsim.cpu.program.DataSegment;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.cpu.program.Symbol;

/** Comparing program images by content (records with arrays compare by identity). */
final class ProgramImages {
    private ProgramImages() {}

    static boolean same(ProgramImage a, ProgramImage b) {
        if (!a.name().equals(b.name()) || a.entry() != b.entry() || a.code().length() != b.code().length()) {
            return false;
        }
        for (int i = 0; i < a.code().length(); i++) {
            if (!a.code().get(i).equals(b.code().get(i))) {
                return false;
            }
        }
        if (a.data().size() != b.data().size()) {
            return false;
        }
        for (int i = 0; i < a.data().size(); i++) {
            DataSegment x = a.data().get(i);
            DataSegment y = b.data().get(i);
            if (x.address() != y.address() || !Arrays.equals(x.bytes(), y.bytes())) {
                return false;
            }
        }
        List<Symbol> sa = new ArrayList<>(a.symbols().all());
        List<Symbol> sb = new ArrayList<>(b.symbols().all());
        return sa.equals(sb) && a.sourceLines().equals(b.sourceLines());
    }
}
