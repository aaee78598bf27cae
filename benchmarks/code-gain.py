#!/usr/bin/env python3
"""The report of benchmarks/code-gain.sh, from its runs.tsv.

    code-gain.py RUNS_TSV BASE_HASH

Per program and mode: each build's median host time (and its M instructions per second), the
range over the rounds, and the gain (base's median time / head's). The two builds must simulate
the same run (the same cycles), or the gain compares different work: the table says so in its
row. Instructions are the head's count: older builds printed only the last checkpoint
interval's for a recorded run (f5faa14 does). With issue 14's base (f5faa14) it adds what the issue measured with that
code on its own host, and what that makes of this host and of the head's speed there.
"""
import csv
import statistics
import sys

ISSUE_BASE = "f5faa14"
# Issue 14's table, first row: the random tester of 50 M instructions on 4 processors, `fdr run`
# host lines on the issue's host, with the code of f5faa14 (M instructions per second).
ISSUE_FIGURES = {("random-tester-50M", "timed"): (19.0, 19.0),
                 ("random-tester-50M", "recorded"): (15.0, 17.0)}


def main(path, base_hash):
    cells = {}
    runs = {}
    instructions = {}
    with open(path, newline="") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            key = (row["program"], row["mode"])
            cells.setdefault(key + (row["build"],), []).append(float(row["host_seconds"]))
            runs.setdefault(key + (row["build"],), set()).add(int(row["cycles"]))
            if row["build"] == "head":
                instructions[key] = int(row["instructions"])
    keys = list(dict.fromkeys((program, mode) for program, mode, _ in cells))  # in the order first run

    print("| program | mode | base: median s (M/s) [range s] | head: median s (M/s) [range s] | gain |")
    print("|---|---|---|---|---|")
    medians, gains = {}, {}
    for program, mode in keys:
        base_runs = runs[(program, mode, "base")]
        head_runs = runs[(program, mode, "head")]
        count = instructions[(program, mode)]
        cols = []
        for build in ("base", "head"):
            times = cells[(program, mode, build)]
            median = statistics.median(times)
            medians[(program, mode, build)] = median
            cols.append(f"{median:.3f} ({count / median / 1e6:.1f} M) [{min(times):.3f}-{max(times):.3f}]")
        gain = gains[(program, mode)] = medians[(program, mode, "base")] / medians[(program, mode, "head")]
        note = ""
        if len(base_runs) != 1 or base_runs != head_runs:
            note = " (the builds simulate different runs: " + describe(base_runs) + " against " + describe(head_runs) + ")"
        print(f"| {program} | {mode} | {cols[0]} | {cols[1]} | {gain:.2f}x{note} |")

    print()
    for build in ("base", "head"):
        key = ("lost-update-2M", "recorded", build)
        if key in medians:
            ratio = medians[key] / medians[("lost-update-2M", "timed", build)]
            print(f"The lost-update loop recorded / timed, {build}: {ratio:.2f}x (a ratio of one host's times).")

    if base_hash.startswith(ISSUE_BASE):
        print()
        measured = " and ".join(f"{figure(low, high)} M/s {mode}" for (_, mode), (low, high) in ISSUE_FIGURES.items())
        print(f"Issue 14 measured this base on its own host: the random tester at {measured}. So, on these figures:")
        print()
        print("| random tester | this host / the issue's (base here / the issue's figure) | head on the issue's host (the issue's figure x gain) |")
        print("|---|---|---|")
        for (program, mode), (low, high) in ISSUE_FIGURES.items():
            if (program, mode, "base") not in medians:
                continue
            here = instructions[(program, mode)] / medians[(program, mode, "base")] / 1e6
            gain = gains[(program, mode)]
            print(f"| {mode} | {span(here / high, here / low)}x | {span(low * gain, high * gain)} M/s |")


def describe(found):
    return ", ".join(f"{c:,} cycles" for c in sorted(found))


def figure(low, high):
    """The issue's figure as it wrote it: 19, or 15-17."""
    return f"{low:g}" if low == high else f"{low:g}-{high:g}"


def span(low, high):
    return f"{low:.2f}" if abs(high - low) < 0.005 else f"{low:.2f}-{high:.2f}"


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: code-gain.py RUNS_TSV BASE_HASH")
    main(sys.argv[1], sys.argv[2])
