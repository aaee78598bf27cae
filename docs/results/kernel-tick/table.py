#!/usr/bin/env python3
"""Prints the table of docs/experiments.md, "A 10 ms tick, tried", from the sweep.json files
beside this script (one seed-1 paper-scale sweep per proxy and kernel; README.md says how each
was made)."""
import json
import os

here = os.path.dirname(os.path.abspath(__file__))
kernels = [("5us", "5 us tick"), ("10ms", "10 ms tick"), ("10ms-ipi", "10 ms tick + wake IPI")]
columns = ["proxy", "kernel", "cycles without FDR", "with FDR", "slowdown", "instructions (with)", "IPC/cpu",
           "interrupts / M instr", "sharing / 1000 instr", "race log B / 1000 instr", "race log MB/s/cpu",
           "interrupt log MB/s/cpu", "stalls a run"]
print("| " + " | ".join(columns) + " |")
print("|" + "---|" * len(columns))
for proxy in ["oltp", "jbb", "web", "dynweb"]:
    for folder, name in kernels:
        with open(os.path.join(here, folder, proxy + ".json")) as f:
            s = json.load(f)["points"][0]["summary"]
        c = s["character"]
        stalls = ", ".join(f"{log} {v / 1e9:.1f} G" for log, v in s["stallCycles"].items() if v)
        print(f"| {proxy} | {name} | {s['baseCycles']['mean']:,.0f} | {s['fdrCycles']['mean']:,.0f} "
              f"| {s['slowdownPercent']:.0f}% | {c['instructions'] / 1e9:.2f} G | {c['ipcPerCpu']:.3f} "
              f"| {c['interruptsPerMillion']:,.1f} | {c['sharingPerKiloInstruction']:.2f} "
              f"| {s['rawBytesPerKiloInstruction']['memory race']:.2f} | {s['rawMBps']['memory race']['mean']:.2f} "
              f"| {s['rawMBps']['interrupt']['mean']:.3f} | {stalls or '-'} |")
