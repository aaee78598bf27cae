package org.fdrsim.coherence.tester;

import java.util.List;
import java.util.Map;
import org.fdrsim.coherence.protocol.CacheAction;
import org.fdrsim.coherence.protocol.CacheEvent;
import org.fdrsim.coherence.protocol.CacheState;
import org.fdrsim.coherence.protocol.DirectoryAction;
import org.fdrsim.coherence.protocol.DirectoryEvent;
import org.fdrsim.coherence.protocol.DirectoryState;
import org.fdrsim.coherence.protocol.TransitionCoverage;

/**
 * What a protocol-tester run found.
 *
 * @param ops         accesses committed
 * @param loadsChecked loads and atomics whose value was checked against the shadow memory
 * @param violationCount all violations (the list keeps the first few)
 * @param violations  the first violations, in order
 * @param deadlock    null, or a report of the stuck transactions when no access committed for
 *                    the configured number of cycles (or the event queue ran dry)
 * @param error       null, or the protocol error (an impossible transition) that stopped the run
 * @param cycles      simulated cycles up to the last commit
 * @param stats       the memory system's statistics tree
 * @param cacheCoverage     how often each cache-table cell ran
 * @param directoryCoverage how often each directory-table cell ran
 */
public record TesterResult(long ops, long loadsChecked, long violationCount, List<Violation> violations,
        String deadlock, String error, long cycles, Map<String, Object> stats,
        TransitionCoverage<CacheState, CacheEvent, CacheAction> cacheCoverage,
        TransitionCoverage<DirectoryState, DirectoryEvent, DirectoryAction> directoryCoverage) {

    public boolean passed() {
        return violationCount == 0 && deadlock == null && error == null;
    }

    /** A human-readable summary. */
    public String report() {
        StringBuilder sb = new StringBuilder();
        sb.append(passed() ? "PASS" : "FAIL").append(": ").append(ops).append(" ops, ").append(loadsChecked)
                .append(" values checked, ").append(violationCount).append(" violations, ").append(cycles)
                .append(" cycles\n");
        for (Violation v : violations) {
            sb.append("  violation: ").append(v).append('\n');
        }
        if (deadlock != null) {
            sb.append("  deadlock:\n").append(deadlock.indent(4));
        }
        if (error != null) {
            sb.append("  protocol error: ").append(error).append('\n');
        }
        return sb.toString();
    }
}
