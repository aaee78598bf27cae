package org.fdrsim.results;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fdrsim.recorder.buffer.LogKind;

/**
 * Report tables read straight off the runs: every run's simulated time, each log under each
 * candidate compressor (and the race logs' delta-coded variant), and the stalls each log
 * buffer caused.
 */
final class RunTables {
    private RunTables() {}

    /** Every run: simulated seconds of the warm-up, of the measured part, in all. */
    static String simulatedTime(List<Measurement> ms, double clockGHz) {
        StringBuilder md = new StringBuilder("| workload | seed | recorder | warm-up s | measured s | total s | instructions (measured) | checkpoints (measured) | stop |\n|---|---|---|---|---|---|---|---|---|\n");
        for (Measurement m : ms) {
            md.append("| ").append(m.workload()).append(" | ").append(m.seed()).append(" | ")
                    .append(m.fdr() ? (m.arcs().containsKey("netzer") ? "on (traced)" : "on") : "off").append(" | ")
                    .append(Outputs.f(m.warmupCycles() / (clockGHz * 1e9), 3)).append(" | ")
                    .append(Outputs.f(m.simulatedSeconds(), 4)).append(" | ").append(Outputs.f(m.totalSeconds(), 4)).append(" | ")
                    .append(m.instructions()).append(" | ").append(m.fdr() ? Long.toString(m.checkpoints()) : "-").append(" | ")
                    .append(m.stop().replace("stopped: ", "")).append(" |\n");
        }
        return md.toString();
    }

    /** Per workload and log: raw bytes over compressed bytes under each candidate, over the recorded runs. */
    static String compressors(List<WorkloadSummary> ws, List<Measurement> ms) {
        String[] columns = {"lz4", "deflate", "delta+lz4", "delta+deflate"};
        StringBuilder md = new StringBuilder("| workload | log | raw MB | lz4 | deflate | delta+lz4 | delta+deflate |\n|---|---|---|---|---|---|---|\n");
        for (WorkloadSummary w : ws) {
            Map<String, Map<String, Long>> by = new LinkedHashMap<>();
            Map<String, Long> raw = new LinkedHashMap<>();
            for (Measurement m : ms) {
                if (!m.fdr() || !m.workload().equals(w.workload()) || m.arcs().containsKey("netzer")) {
                    continue;
                }
                for (LogKind k : LogKind.values()) {
                    LogSize s = m.logs().get(k.key());
                    if (s == null) {
                        continue;
                    }
                    raw.merge(k.key(), s.rawBytes(), Long::sum);
                    s.compressedBy().forEach((c, b) -> by.computeIfAbsent(k.key(), x -> new LinkedHashMap<>()).merge(c, b, Long::sum));
                }
            }
            long allRaw = 0;
            Map<String, Long> all = new LinkedHashMap<>();
            for (var e : raw.entrySet()) {
                Map<String, Long> b = by.getOrDefault(e.getKey(), Map.of());
                md.append("| ").append(w.workload()).append(" | ").append(e.getKey()).append(" | ")
                        .append(Outputs.f(e.getValue() / 1e6, 2)).append(" |");
                for (String c : columns) {
                    md.append(' ').append(ratio(e.getValue(), b.get(c))).append(" |");
                }
                md.append('\n');
                allRaw += e.getValue();
                for (String c : new String[] {"lz4", "deflate"}) {
                    all.merge(c, b.getOrDefault(c, 0L), Long::sum);
                    // the delta variant only changes the race logs; the other logs count as they are
                    all.merge("delta+" + c, b.getOrDefault("delta+" + c, b.getOrDefault(c, 0L)), Long::sum);
                }
            }
            md.append("| ").append(w.workload()).append(" | **all logs** | ").append(Outputs.f(allRaw / 1e6, 2)).append(" |");
            for (String c : columns) {
                md.append(' ').append(ratio(allRaw, all.get(c))).append(" |");
            }
            md.append('\n');
        }
        return md.toString();
    }

    private static String ratio(long raw, Long packed) {
        return packed == null || packed == 0 ? "-" : Outputs.f((double) raw / packed, 2) + "x";
    }

    /** Per workload: cycles producers waited for each full log buffer, as a share of the recorded runtime. */
    static String stalls(List<WorkloadSummary> ws, List<Measurement> ms) {
        StringBuilder md = new StringBuilder("| workload |");
        for (LogKind k : LogKind.values()) {
            md.append(' ').append(k.key()).append(" |");
        }
        md.append("\n|---|").append("---|".repeat(LogKind.values().length)).append('\n');
        for (WorkloadSummary w : ws) {
            Map<String, Long> stall = new LinkedHashMap<>();
            long cycles = 0;
            for (Measurement m : ms) {
                if (!m.fdr() || !m.workload().equals(w.workload())) {
                    continue;
                }
                cycles += m.cycles() * (long) m.cpus();
                m.logs().forEach((k, s) -> stall.merge(k, s.stallCycles(), Long::sum));
            }
            md.append("| ").append(w.workload()).append(" |");
            for (LogKind k : LogKind.values()) {
                long s = stall.getOrDefault(k.key(), 0L);
                md.append(' ').append(cycles == 0 ? "-" : Outputs.f(100.0 * s / cycles, 2) + "%").append(" |");
            }
            md.append('\n');
        }
        return md.toString();
    }
}
