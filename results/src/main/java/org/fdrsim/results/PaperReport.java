package org.fdrsim.results;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.fdrsim.machine.config.ConfigException;
import org.fdrsim.machine.config.ConfigLoader;

/**
 * Writes an experiment directory: report.md, results.json (summaries and every run's
 * measurements), CSV tables, Figure 4 and 5 charts (PNG and SVG), config.yaml and seeds.txt.
 * Nothing in the files depends on the host (no times, no paths), so the same command and
 * seeds write the same bytes.
 */
public final class PaperReport {
    private PaperReport() {}

    public static void write(Outputs out, PaperExperiment.Result r, String command) throws IOException, ConfigException {
        write(out, r, new Provenance("unknown", "unknown", "unknown", "unknown", command));
    }

    /** Writes every file; results.json starts with {@code provenance}. */
    public static void write(Outputs out, PaperExperiment.Result r, Provenance provenance)
            throws IOException, ConfigException {
        String command = provenance.command();
        PaperExperiment.Options o = r.options();
        List<WorkloadSummary> ws = r.workloads();
        ObjectNode json = Outputs.JSON.createObjectNode();
        json.set("provenance", Outputs.JSON.valueToTree(provenance));
        json.setAll((ObjectNode) Outputs.JSON.valueToTree(r));
        out.json("results.json", json);
        out.text("config.yaml", ConfigLoader.toYaml(PaperExperiment.recordedConfig(o)));
        StringBuilder seeds = new StringBuilder("# workload seed recorder\n");
        for (Measurement m : r.measurements()) {
            seeds.append(m.workload()).append(' ').append(m.seed()).append(' ').append(m.fdr() ? "on" : "off").append('\n');
        }
        out.text("seeds.txt", seeds.toString());
        out.text("figure4.csv", figure4Csv(ws));
        out.text("figure5.csv", figure5Csv(ws));
        out.text("table3.csv", table3Csv(r.table3()));
        out.text("reduction.csv", reductionCsv(ws));
        out.text("character.csv", characterCsv(ws));
        out.chart("figure4", Charts.render(Charts.figure4(ws)));
        double figure5Max = Charts.figure5Max(ws);
        out.chart("figure5-uncompressed", Charts.render(Charts.figure5(ws, false, figure5Max)));
        out.chart("figure5-compressed", Charts.render(Charts.figure5(ws, true, figure5Max)));
        out.text("report.md", markdown(r, command));
    }

    static String markdown(PaperExperiment.Result r, String command) {
        PaperExperiment.Options o = r.options();
        List<WorkloadSummary> ws = r.workloads();
        StringBuilder md = new StringBuilder();
        md.append("# FDR paper experiment (scale ").append(o.scale()).append(")\n\n");
        md.append("Command: `").append(command).append("`\n\n");
        md.append("Runs: ").append(o.runs()).append(" without and ").append(o.runs())
                .append(" with the recorder per workload, seeds ").append(o.baseSeed()).append("..")
                .append(o.baseSeed() + o.runs() - 1)
                .append(" (each seed perturbs memory latencies, NIC arrivals and disk contents), plus one traced run for the reduction table. ")
                .append("Settings: ").append(PaperExperiment.settings(o)).append(". ")
                .append("The workloads are synthetic proxies (docs/workloads.md), not the paper's OLTP, SPECjbb, Apache and Slashcode. ")
                .append("MB is 10^6 bytes throughout (as in the paper's MB/s).\n\n");
        md.append("## The paper's conclusions\n\n| conclusion | paper | measured here | reproduced |\n|---|---|---|---|\n");
        for (PaperExperiment.Finding f : r.findings()) {
            md.append("| ").append(f.claim()).append(" | ").append(f.paper()).append(" | ").append(f.measured())
                    .append(" | ").append(f.reproduced() == Boolean.FALSE ? "**no**" : f.verdict()).append(" |\n");
        }
        md.append("\n## Figure 4: runtime without and with FDR\n\n![Figure 4](figure4.png)\n\n");
        md.append("Normalized to the mean runtime without FDR; +- is the 95% confidence interval of the mean (Student's t, n - 1 degrees of freedom).\n\n");
        md.append("| workload | cycles without | cycles with | normalized without | normalized with | slowdown | intervals |\n|---|---|---|---|---|---|---|\n");
        for (WorkloadSummary w : ws) {
            md.append("| ").append(w.workload()).append(" | ").append(Outputs.f(w.baseCycles().mean(), 0)).append(" | ")
                    .append(Outputs.f(w.fdrCycles().mean(), 0)).append(" | ").append(pm(w.normalizedBase(), 4)).append(" | ")
                    .append(pm(w.normalizedFdr(), 4)).append(" | ").append(Outputs.f(w.slowdownPercent(), 2)).append("% | ")
                    .append(intervals(w)).append(" |\n");
        }
        for (boolean compressed : new boolean[] {false, true}) {
            md.append("\n## Figure 5: ").append(compressed ? "compressed" : "uncompressed")
                    .append(" log size (MB per simulated second per processor)\n\n![Figure 5](figure5-")
                    .append(compressed ? "compressed" : "uncompressed").append(".png)\n\n| workload |");
            for (String c : Categories.ordered()) {
                md.append(' ').append(c).append(" |");
            }
            md.append(" total |\n|---|");
            md.append("---|".repeat(Categories.ordered().size() + 1)).append('\n');
            for (WorkloadSummary w : ws) {
                Map<String, Summary> m = compressed ? w.compressedMBps() : w.rawMBps();
                md.append("| ").append(w.workload()).append(" |");
                for (String c : Categories.ordered()) {
                    md.append(' ').append(Outputs.f(m.get(c).mean(), 3)).append(" |");
                }
                md.append(' ').append(pm(compressed ? w.totalCompressedMBps() : w.totalRawMBps(), 3)).append(" |\n");
            }
        }
        md.append("\nCompression ratio (raw / LZ, all logs): ");
        for (WorkloadSummary w : ws) {
            md.append(w.workload()).append(' ').append(Outputs.f(w.compressionRatio(), 2)).append("x; ");
        }
        md.append(lzLarger(ws));
        md.append("\n\n## Compressors: raw / compressed, per log (recorded runs)\n\n")
                .append("The same chunks under each candidate for the paper's LZ77 box (docs/recorder.md, \"The compressor\"): ")
                .append("lz4 (LZ77 without an entropy coder; the recorder's default, which the figures above use), deflate ")
                .append("(LZ77 + Huffman, the JDK's zlib), and for the race logs the delta-coded entry stream ")
                .append("(recorder.raceEncoding: delta) under each.\n\n");
        md.append(RunTables.compressors(ws, r.measurements()));
        md.append("\n\n## Table 3: parameters of these runs\n\n| parameter | these runs | paper (FDR1) |\n|---|---|---|\n");
        for (PaperExperiment.Parameter p : r.table3()) {
            md.append("| ").append(p.name()).append(" | ").append(p.value()).append(" | ").append(p.paper()).append(" |\n");
        }
        md.append("\n## Race-arc reduction (race log bytes per 1000 instructions, uncompressed)\n\n");
        md.append("One recorded run per workload (seed ").append(o.baseSeed()).append("), with the same checkpoints as the others: ")
                .append("every policy observes the same execution, counts its arcs in every checkpoint interval after the warm-up ")
                .append("(IC, CIC and VIC restart at each checkpoint; so does the netzer reference, computed online without keeping the trace)");
        long lim = Scale.parse(o.scale()).reductionInstructions();
        md.append(lim > 0 ? ", stopped after " + lim + " instructions" : "")
                .append(".\n\n| workload | instructions | all arcs | fdr | netzer | fdr / all |\n|---|---|---|---|---|---|\n");
        for (WorkloadSummary w : ws) {
            if (w.reduction() == null) {
                continue;
            }
            Map<String, Double> b = w.reduction().bytesPerKiloInstruction();
            double all = b.getOrDefault("all-arcs", 0.0);
            double fdr = b.getOrDefault("fdr", 0.0);
            md.append("| ").append(w.workload()).append(" | ").append(w.reduction().instructions()).append(" | ")
                    .append(Outputs.f(all, 2)).append(" | ").append(Outputs.f(fdr, 2)).append(" | ")
                    .append(Outputs.f(b.getOrDefault("netzer", 0.0), 2)).append(" | ")
                    .append(all == 0 ? "-" : Outputs.f(fdr / all, 3)).append(" |\n");
        }
        md.append("\n## Replay-interval memory\n\n| workload | window at this scale | compressed bytes/cpu | of memory | paper's 4/3 s window at the measured rate | of memory |\n|---|---|---|---|---|---|\n");
        for (WorkloadSummary w : ws) {
            WorkloadSummary.ReplayMemory m = w.replayMemory();
            md.append("| ").append(w.workload()).append(" | ").append(Outputs.f(m.windowSeconds() * 1e3, 3)).append(" ms | ")
                    .append(Outputs.f(m.bytesPerCpu(), 0)).append(" | ").append(Outputs.f(100 * m.fractionOfMemory(), 4))
                    .append("% | ").append(Outputs.f(m.paperWindowBytesPerCpu() / 1e6, 2)).append(" MB | ")
                    .append(Outputs.f(100 * m.paperWindowFraction(), 2)).append("% |\n");
        }
        md.append("\n## Workload character (recorded runs)\n\n| workload | instructions | IPC/cpu | L2 misses/1000 instr | miss ratio | sharing/1000 instr | interrupts/M instr | device interrupts/M instr | DMA blocks/M instr | checkpoints |\n|---|---|---|---|---|---|---|---|---|---|\n");
        for (WorkloadSummary w : ws) {
            WorkloadSummary.Character c = w.character();
            md.append("| ").append(w.workload()).append(" | ").append(Outputs.f(c.instructions(), 0)).append(" | ")
                    .append(Outputs.f(c.ipcPerCpu(), 3)).append(" | ").append(Outputs.f(c.l2MissesPerKiloInstruction(), 2))
                    .append(" | ").append(Outputs.f(c.l2MissRatio(), 4)).append(" | ")
                    .append(Outputs.f(c.sharingPerKiloInstruction(), 2)).append(" | ").append(Outputs.f(c.interruptsPerMillion(), 0))
                    .append(" | ").append(Outputs.f(c.deviceInterruptsPerMillion(), 0)).append(" | ")
                    .append(Outputs.f(c.dmaBlocksPerMillion(), 0)).append(" | ").append(Outputs.f(c.checkpoints(), 1)).append(" |\n");
        }
        md.append(stallTable(ws));
        md.append("\n## Simulated time of every run\n\n");
        md.append(RunTables.simulatedTime(r.measurements(), clockGHz(r)));
        md.append("\nFiles: results.json (everything, with every run's measurements), figure4.csv, figure5.csv, table3.csv, "
                + "reduction.csv, character.csv, config.yaml (the recorded runs' configuration before each workload's "
                + "device settings and seed), seeds.txt, figure4/figure5-*.png and .svg.\n");
        return md.toString();
    }

    /**
     * A remark on every log that LZ made larger than raw: LZ4 adds a few bytes per chunk, and
     * entries with no repetition (race-log ICs that only increase) gain nothing to pay for them.
     */
    static String lzLarger(List<WorkloadSummary> ws) {
        StringBuilder list = new StringBuilder();
        for (WorkloadSummary w : ws) {
            for (String c : Categories.ordered()) {
                double raw = w.rawMBps().get(c).mean();
                double lz = w.compressedMBps().get(c).mean();
                if (lz > raw && raw > 0) {
                    list.append(list.length() == 0 ? "" : "; ").append(w.workload()).append(' ').append(c).append(' ')
                            .append(Outputs.f(raw, 3)).append(" -> ").append(Outputs.f(lz, 3)).append(" MB/s/cpu");
                }
            }
        }
        return list.length() == 0 ? "" : "\n\nLZ made these logs larger than raw (LZ4's per-chunk overhead on entries "
                + "with nothing to repeat, such as race-log ICs that only increase): " + list + ".";
    }

    /**
     * Cycles producers waited for each full log buffer (no entry is ever dropped, so a buffer
     * that cannot drain fast enough slows the machine instead), per recorded run.
     */
    static String stallTable(List<WorkloadSummary> ws) {
        StringBuilder md = new StringBuilder("\n## Log-buffer stalls (recorded runs)\n\n"
                + "Cycles per run that processors and DMA engines waited for a full log buffer (mean), "
                + "and all stalls as a share of the recorded runtime.\n\n| workload |");
        List<String> logs = ws.isEmpty() ? List.of() : List.copyOf(ws.get(0).stallCycles().keySet());
        for (String log : logs) {
            md.append(' ').append(log).append(" |");
        }
        md.append(" all logs | of runtime |\n|---|").append("---|".repeat(logs.size() + 2)).append('\n');
        for (WorkloadSummary w : ws) {
            md.append("| ").append(w.workload()).append(" |");
            for (String log : logs) {
                md.append(' ').append(Outputs.f(w.stallCycles().getOrDefault(log, 0.0), 0)).append(" |");
            }
            double cycles = w.fdrCycles().mean();
            md.append(' ').append(Outputs.f(w.totalStallCycles(), 0)).append(" | ")
                    .append(Outputs.f(cycles == 0 ? 0 : 100 * w.totalStallCycles() / cycles, 2)).append("% |\n");
        }
        return md.toString();
    }

    private static double clockGHz(PaperExperiment.Result r) {
        try {
            return PaperExperiment.recordedConfig(r.options()).processor().clockGHz();
        } catch (ConfigException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String pm(Summary s, int d) {
        return s.format(d);
    }

    /** Whether the with/without intervals overlap; with one run there are none to compare. */
    static String intervals(WorkloadSummary w) {
        if (!w.baseCycles().hasInterval()) {
            return "n = 1: no interval";
        }
        return w.overlap() ? "overlap (not significant)" : "disjoint";
    }

    static String figure4Csv(List<WorkloadSummary> ws) {
        StringBuilder sb = new StringBuilder("workload,runs,cycles_without_mean,cycles_with_mean,normalized_without,ci95_without,normalized_with,ci95_with,slowdown_percent,overlap\n");
        for (WorkloadSummary w : ws) {
            sb.append(w.workload()).append(',').append(w.runs()).append(',').append(Outputs.f(w.baseCycles().mean(), 1)).append(',')
                    .append(Outputs.f(w.fdrCycles().mean(), 1)).append(',').append(Outputs.f(w.normalizedBase().mean(), 6)).append(',')
                    .append(ci(w.normalizedBase())).append(',').append(Outputs.f(w.normalizedFdr().mean(), 6))
                    .append(',').append(ci(w.normalizedFdr())).append(',')
                    .append(Outputs.f(w.slowdownPercent(), 4)).append(',')
                    .append(w.baseCycles().hasInterval() ? String.valueOf(w.overlap()) : "").append('\n');
        }
        return sb.toString();
    }

    /** A CSV interval half-width; empty when there is no interval (one run). */
    private static String ci(Summary s) {
        return s.hasInterval() ? Outputs.f(s.ciHalf(), 6) : "";
    }

    static String figure5Csv(List<WorkloadSummary> ws) {
        StringBuilder sb = new StringBuilder("workload,category,raw_mb_per_s_per_cpu,compressed_mb_per_s_per_cpu,raw_bytes_per_1000_instr\n");
        for (WorkloadSummary w : ws) {
            for (String c : Categories.ordered()) {
                sb.append(w.workload()).append(',').append(Outputs.csv(c)).append(',').append(Outputs.f(w.rawMBps().get(c).mean(), 6))
                        .append(',').append(Outputs.f(w.compressedMBps().get(c).mean(), 6)).append(',')
                        .append(Outputs.f(w.rawBytesPerKiloInstruction().get(c), 4)).append('\n');
            }
        }
        return sb.toString();
    }

    static String table3Csv(List<PaperExperiment.Parameter> t) {
        StringBuilder sb = new StringBuilder("parameter,these_runs,paper\n");
        for (PaperExperiment.Parameter p : t) {
            sb.append(Outputs.csv(p.name())).append(',').append(Outputs.csv(p.value())).append(',').append(Outputs.csv(p.paper())).append('\n');
        }
        return sb.toString();
    }

    static String reductionCsv(List<WorkloadSummary> ws) {
        StringBuilder sb = new StringBuilder("workload,instructions,policy,arcs,bytes_per_1000_instr\n");
        for (WorkloadSummary w : ws) {
            if (w.reduction() != null) {
                for (var e : w.reduction().arcs().entrySet()) {
                    sb.append(w.workload()).append(',').append(w.reduction().instructions()).append(',').append(e.getKey()).append(',')
                            .append(e.getValue()).append(',').append(Outputs.f(w.reduction().bytesPerKiloInstruction().get(e.getKey()), 4)).append('\n');
                }
            }
        }
        return sb.toString();
    }

    static String characterCsv(List<WorkloadSummary> ws) {
        StringBuilder sb = new StringBuilder("workload,instructions,ipc_per_cpu,l2_misses_per_1000_instr,l2_miss_ratio,sharing_per_1000_instr,interrupts_per_million_instr,device_interrupts_per_million_instr,dma_blocks_per_million_instr,checkpoints\n");
        for (WorkloadSummary w : ws) {
            WorkloadSummary.Character c = w.character();
            sb.append(w.workload()).append(',').append(Outputs.f(c.instructions(), 1)).append(',').append(Outputs.f(c.ipcPerCpu(), 5)).append(',')
                    .append(Outputs.f(c.l2MissesPerKiloInstruction(), 4)).append(',').append(Outputs.f(c.l2MissRatio(), 6)).append(',')
                    .append(Outputs.f(c.sharingPerKiloInstruction(), 4)).append(',').append(Outputs.f(c.interruptsPerMillion(), 2)).append(',')
                    .append(Outputs.f(c.deviceInterruptsPerMillion(), 2)).append(',').append(Outputs.f(c.dmaBlocksPerMillion(), 2)).append(',')
                    .append(Outputs.f(c.checkpoints(), 2)).append('\n');
        }
        return sb.toString();
    }
}
