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


def rate(sims, cpus, wall=None):
    """(simulated instructions per CPU second over all forks, the wall-clock score or None, each fork's rate)."""
    total = sum(map(sum, cpus))
    return (sum(map(sum, sims)) / total if total else float("nan"), wall,
            [sum(a) / sum(b) for a, b in zip(sims, cpus) if sum(b)])


def raw(sec, name):
    return sec.get(name, {}).get("rawData", [])


for r in json.load(open(args[0])):
    bench = r["benchmark"].rsplit(".", 1)[1]
    p = r.get("params", {})
    workload, cpus = p.get("workload", ""), int(p.get("cpus", 0))
    sec = r["secondaryMetrics"]
    if bench == "paired":
        for kind in ("timed", "recorded", "replay"):
            paired[(workload, cpus, kind)] = rate(raw(sec, kind + "Simulated"), raw(sec, kind + "CpuMicros"))
    else:
        wall = sec.get("instructions", {}).get("score", float("nan")) / 1e6
        rows[(workload, cpus, bench)] = rate(raw(sec, "simulated"), raw(sec, "cpuMicros"), wall)

NONE = (float("nan"), None, [])


def cell(v):
    text = f"{v[0]:.1f} M"
    if v[1] is not None:
        text += f" ({v[1]:.1f} M)"
    if forks and v[2]:
        text += f" [{min(v[2]):.1f}-{max(v[2]):.1f}]"
    return text


def table(cells, suffix):
    print(f"| workload | cpus | timed{suffix} | timed + FDR{suffix} | replay{suffix} | FDR overhead | replay / recording |")
    print("|---|---|---|---|---|---|---|")
    for (w, c) in sorted({(k[0], k[1]) for k in cells}):
        t, f, r = (cells.get((w, c, kind), NONE) for kind in ("timed", "recorded", "replay"))
        print(f"| {w} | {c} | {cell(t)} | {cell(f)} | {cell(r)} | {t[0] / f[0]:.2f}x | {r[0] / f[0]:.1f}x |")


if rows:
    table(rows, "")
if paired:
    if rows:
        print()
    table(paired, " (paired)")
