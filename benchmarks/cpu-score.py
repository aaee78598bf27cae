#!/usr/bin/env python3
"""Prints WorkloadBenchmark's scores from JMH's -rf json output as simulated instructions per
host CPU second of the benchmark thread (simulated / cpuMicros), beside the wall-clock score.
With --forks, each cell also gives the lowest and highest JVM (fork) of the row, in brackets:
one JVM's JIT can be 1.5x another's on the same code, so the range is the cell's noise.
The `paired` benchmark (timed, recorded and replay interleaved in every operation) gets a
table of its own: its ratios compare runs that saw the same host, which the separate cells,
run minutes apart, do not.
Usage: benchmarks/cpu-score.py [--forks] jmh-result.json"""
import json
import sys

args = [a for a in sys.argv[1:] if a != "--forks"]
forks = "--forks" in sys.argv[1:]
if len(args) != 1:
    sys.exit("usage: cpu-score.py [--forks] jmh-result.json")

rows = {}
paired = {}


def rate(sec, kind):
    """Simulated instructions per CPU second of one kind of paired run: all forks, and each fork."""
    sims = sec.get(kind + "Simulated", {}).get("rawData", [])
    cpus = sec.get(kind + "CpuMicros", {}).get("rawData", [])
    total = sum(map(sum, cpus))
    return (sum(map(sum, sims)) / total if total else float("nan"),
            [sum(a) / sum(b) for a, b in zip(sims, cpus) if sum(b)])


for r in json.load(open(args[0])):
    bench = r["benchmark"].rsplit(".", 1)[1]
    p = r.get("params", {})
    key = (p.get("workload", ""), int(p.get("cpus", 0)), bench)
    sec = r["secondaryMetrics"]
    if bench == "paired":
        paired[key[:2]] = {k: rate(sec, k) for k in ("timed", "recorded", "replay")}
        continue
    wall = sec.get("instructions", {}).get("score", float("nan"))
    sim = sec.get("simulated", {}).get("score", 0)
    cpu = sec.get("cpuMicros", {}).get("score", 0)
    per_fork = [sum(s) / sum(c) for s, c in zip(sec.get("simulated", {}).get("rawData", []),
                                                  sec.get("cpuMicros", {}).get("rawData", [])) if sum(c)]
    rows[key] = (sim / cpu if cpu else float("nan"), wall / 1e6, per_fork)

NONE = (float("nan"), float("nan"), [])


def cell(v):
    text = f"{v[0]:.1f} M ({v[1]:.1f} M)"
    if forks and v[2]:
        text += f" [{min(v[2]):.1f}-{max(v[2]):.1f}]"
    return text


if rows:
    print("| workload | cpus | timed | timed + FDR | replay | FDR overhead | replay / recording |")
    print("|---|---|---|---|---|---|---|")
for (w, c) in sorted({(k[0], k[1]) for k in rows}, key=lambda x: (x[0], x[1])):
    t = rows.get((w, c, "timed"), NONE)
    f = rows.get((w, c, "recorded"), NONE)
    r = rows.get((w, c, "replay"), NONE)
    print(f"| {w} | {c} | {cell(t)} | {cell(f)} | {cell(r)} | {t[0] / f[0]:.2f}x | {r[0] / f[0]:.1f}x |")


def paired_cell(v):
    text = f"{v[0]:.1f} M"
    if forks and v[1]:
        text += f" [{min(v[1]):.1f}-{max(v[1]):.1f}]"
    return text


if paired:
    if rows:
        print()
    print("| workload | cpus | timed (paired) | timed + FDR (paired) | replay (paired) | FDR overhead | replay / recording |")
    print("|---|---|---|---|---|---|---|")
    for (w, c) in sorted(paired):
        t, f, r = (paired[(w, c)][k] for k in ("timed", "recorded", "replay"))
        print(f"| {w} | {c} | {paired_cell(t)} | {paired_cell(f)} | {paired_cell(r)} | {t[0] / f[0]:.2f}x | {r[0] / f[0]:.1f}x |")
