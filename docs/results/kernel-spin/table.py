#!/usr/bin/env python3
"""Prints the table of docs/workloads.md, "The kernel's spin locks, measured", from the
counts-*.txt files beside this script (spin-counts.sh's output; README.md says how each was made)."""
import os

here = os.path.dirname(os.path.abspath(__file__))
SPINS = ["k_sched_spin", "k_enq_spin", "k_dev_spin"]


def read(name):
    rows = {}
    path = os.path.join(here, name)
    if not os.path.exists(path):
        return rows
    for line in open(path):
        f = line.split()
        if not f:
            continue
        d = dict(kv.split("=") for kv in f[1:])
        rows[(f[0], int(d["cpus"]))] = {k: (v if k == "stop" else int(v)) for k, v in d.items()}
    return rows


shipped, ttas = read("counts-shipped.txt"), read("counts-ttas.txt")
columns = ["proxy", "kernel", "cpus", "cycles", "cycles / 1 cpu's", "instructions", "spin-loop share of instructions",
           "scheduler entries", "timer interrupts", "the run"]
ENDS = {"all-processors-halted": "done", "reserved-log-memory-full": "stopped unfinished: logs filled the reserved memory"}
print("| " + " | ".join(columns) + " |")
print("|" + "---|" * len(columns))
for proxy in ["oltp", "jbb", "web", "dynweb"]:
    one = shipped.get((proxy, 1))
    for kernel, rows in [("shipped (TAS)", shipped), ("TTAS (scratch)", ttas)]:
        for cpus in sorted(c for p, c in rows if p == proxy):
            r = rows[(proxy, cpus)]
            # a shipped iteration is swap + bne; a TTAS iteration counted at its ld is ld + bne
            share = 2 * sum(r[s] for s in SPINS) / r["instructions"]
            ratio = f"{r['cycles'] / one['cycles']:,.2f}x" if one else "-"
            if r["stop"] != "all-processors-halted":
                ratio = "> " + ratio  # it stopped before its work was done
            print(f"| {proxy} | {kernel} | {cpus} | {r['cycles']:,} | {ratio} | {r['instructions']:,} | {100 * share:.1f}% "
                  f"| {r['k_schedule']:,} | {r['k_irq_timer']:,} | {ENDS.get(r['stop'], r['stop'])} |")
