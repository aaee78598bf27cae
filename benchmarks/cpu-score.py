#!/usr/bin/env python3
"""Prints WorkloadBenchmark's scores from JMH's -rf json output as simulated instructions per
host CPU second of the benchmark thread (simulated / cpuMicros), beside the wall-clock score.
Usage: benchmarks/cpu-score.py jmh-result.json"""
import json
import sys

rows = {}
for r in json.load(open(sys.argv[1])):
    bench = r["benchmark"].rsplit(".", 1)[1]
    p = r.get("params", {})
    key = (p.get("workload", ""), int(p.get("cpus", 0)), bench)
    sec = r["secondaryMetrics"]
    wall = sec.get("instructions", {}).get("score", float("nan"))
    sim = sec.get("simulated", {}).get("score", 0)
    cpu = sec.get("cpuMicros", {}).get("score", 0)
    rows[key] = (sim / cpu if cpu else float("nan"), wall / 1e6)

print("| workload | cpus | timed | timed + FDR | replay | FDR overhead | replay / recording |")
print("|---|---|---|---|---|---|---|")
for (w, c) in sorted({(k[0], k[1]) for k in rows}, key=lambda x: (x[0], x[1])):
    t = rows.get((w, c, "timed"), (float("nan"),) * 2)
    f = rows.get((w, c, "recorded"), (float("nan"),) * 2)
    r = rows.get((w, c, "replay"), (float("nan"),) * 2)
    print(f"| {w} | {c} | {t[0]:.1f} M ({t[1]:.1f} M) | {f[0]:.1f} M ({f[1]:.1f} M) | {r[0]:.1f} M ({r[1]:.1f} M) "
          f"| {t[0] / f[0]:.2f}x | {r[0] / f[0]:.1f}x |")
