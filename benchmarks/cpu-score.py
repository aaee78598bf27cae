#!/usr/bin/env python3
"""Prints WorkloadBenchmark's scores from JMH's -rf json output as simulated instructions per
host CPU second of the benchmark thread (simulated / cpuMicros), beside the wall-clock score.
With --forks, each cell also gives the lowest and highest JVM (fork) of the row, in brackets:
one JVM's JIT can be 1.5x another's on the same code, so the range is the cell's noise.
The `paired` benchmark (timed, recorded and replay interleaved in every operation) gets a
table of its own: its ratios compare runs that saw the same host, which the separate cells,
run minutes apart, do not.

With --vs, it compares two builds of the timed machine from `paired` results of rounds that
alternated them (base round i against new round i): per row, the new build's timed and
timed + FDR speed over the base's, as measured and divided by each round's replay speed. The
replay ran in the same JVMs minutes or seconds apart from the runs it controls, so dividing by it
takes out the host's drift; it is a control only when the change does not touch the replayer.
CoherenceBenchmark's cells print as host CPU nanoseconds per coherence message, and
InterpreterBenchmark's as its wall-clock score (the functional interpreter has no timed
machine to pair it with).

With --targets, it judges issue 14's speed targets (docs/performance.md, "Where issue 14 stands")
on every result file given together (benchmarks/targets.sh makes them): per target the rows it
covers, the worst of them with its JVMs' range, and met, not met or not measured (a target whose
rows are in none of the files). A row in several files is judged on the last. Beside the
issue's lost-update target it judges the form proposed in stop 39, labelled as not the issue's:
the loop's recorded host CPU ns per coherence message (counted by `paired` since stop 40) against
the lowest other recording at its processor count.
Usage: benchmarks/cpu-score.py [--forks] jmh-result.json
       benchmarks/cpu-score.py --vs base1.json[,base2.json...] new1.json[,new2.json...]
       benchmarks/cpu-score.py --targets jmh-result.json [more.json...]"""
import json
import statistics
import sys

args = [a for a in sys.argv[1:] if a not in ("--forks", "--vs", "--targets")]
forks = "--forks" in sys.argv[1:]
versus = "--vs" in sys.argv[1:]
judging = "--targets" in sys.argv[1:]
if (len(args) < 1) if judging else len(args) != (2 if versus else 1):
    sys.exit("usage: cpu-score.py [--forks] jmh-result.json | cpu-score.py --vs base.json[,...] new.json[,...]"
             " | cpu-score.py --targets jmh-result.json [...]")


def rate(sims, cpus, wall=None):
    """(simulated instructions per CPU second over all forks, the wall-clock score or None, each fork's rate)."""
    total = sum(map(sum, cpus))
    return (sum(map(sum, sims)) / total if total else float("nan"), wall,
            [sum(a) / sum(b) for a, b in zip(sims, cpus) if sum(b)])


def raw(sec, name):
    return sec.get(name, {}).get("rawData", [])


def per_message(micros, sent):
    """(host CPU ns per coherence message over all forks, each fork's) from the paired counters."""
    total = sum(map(sum, sent))
    return (sum(map(sum, micros)) * 1000 / total if total else float("nan"),
            [sum(a) * 1000 / sum(b) for a, b in zip(micros, sent) if sum(b)])


def load(path, interpreter=None, messages=None):
    """(separate cells, paired cells, engine cells) of one JMH result file: the first two keyed by
    (workload, cpus, kind), CoherenceBenchmark's by cpus (host CPU ns per message).
    InterpreterBenchmark's scores (instructions per second) go to `interpreter`, if given, keyed
    by (program, cpus); the paired timed and recorded runs' host CPU ns per coherence message to
    `messages`, if given and the file counts them, keyed by (workload, cpus, kind)."""
    rows, paired, engine = {}, {}, {}
    for r in json.load(open(path)):
        bench = r["benchmark"].rsplit(".", 1)[1]
        p = r.get("params", {})
        workload, cpus = p.get("workload", ""), int(p.get("cpus", 0))
        sec = r["secondaryMetrics"]
        if ".InterpreterBenchmark." in r["benchmark"]:
            if interpreter is not None:
                interpreter[(p.get("program", ""), cpus)] = r["primaryMetric"]["score"] / 1e6
            continue
        if r["benchmark"].endswith("CoherenceBenchmark.messages"):
            sent = sum(map(sum, raw(sec, "simulated")))
            engine[cpus] = sum(map(sum, raw(sec, "cpuMicros"))) * 1000 / sent if sent else float("nan")
            continue
        if bench == "paired":
            for kind in ("timed", "recorded", "replay"):
                paired[(workload, cpus, kind)] = rate(raw(sec, kind + "Simulated"), raw(sec, kind + "CpuMicros"))
                if messages is not None and raw(sec, kind + "Messages"):
                    messages[(workload, cpus, kind)] = per_message(raw(sec, kind + "CpuMicros"), raw(sec, kind + "Messages"))
        else:
            wall = sec.get("instructions", {}).get("score", float("nan")) / 1e6
            rows[(workload, cpus, bench)] = rate(raw(sec, "simulated"), raw(sec, "cpuMicros"), wall)
    return rows, paired, engine


def compare(base_paths, new_paths):
    """Prints, per row, new / base of timed and timed + FDR, raw and over the replay, round by round."""
    if len(base_paths) != len(new_paths):
        sys.exit("--vs: give as many base rounds as new rounds")
    rounds = [(load(b)[1], load(n)[1]) for b, n in zip(base_paths, new_paths)]
    keys = sorted({(k[0], k[1]) for base, new in rounds for k in base
                   if (k[0], k[1], "replay") in base and (k[0], k[1], "replay") in new})
    if not keys:
        sys.exit("--vs: no row of the paired benchmark is in both")
    print("| workload | cpus | timed new / base | over replay | timed + FDR new / base | over replay |")
    print("|---|---|---|---|---|---|")
    for w, c in keys:
        cols = []
        for kind in ("timed", "recorded"):
            measured, controlled = [], []
            for base, new in rounds:
                if all((w, c, k) in r for k in (kind, "replay") for r in (base, new)):
                    b, n = base[(w, c, kind)][0], new[(w, c, kind)][0]
                    rb, rn = base[(w, c, "replay")][0], new[(w, c, "replay")][0]
                    measured.append(n / b)
                    controlled.append((n / rn) / (b / rb))
            for values in (measured, controlled):
                cols.append(f"{statistics.median(values):.3f} ({', '.join(f'{v:.3f}' for v in values)})")
        print(f"| {w} | {c} | " + " | ".join(cols) + " |")


NONE = (float("nan"), None, [])


def cell(v):
    text = f"{v[0]:.1f} M"
    if v[1] is not None:
        text += f" ({v[1]:.1f} M)"
    if forks and v[2]:
        text += f" [{min(v[2]):.1f}-{max(v[2]):.1f}]"
    return text


STALL_BOUND = "lost-update"  # the one workload whose processors stall: its own target


def judge(paths):
    """Prints issue 14's speed targets, each judged on the rows of `paths` it covers."""
    cells, interpreter, messages = {}, {}, {}
    for path in paths:
        rows, paired, _ = load(path, interpreter, messages)
        cells.update(rows)
        cells.update(paired)
    keys = sorted({(w, c) for (w, c, _) in cells})

    def measured(w, c, kind):
        return cells.get((w, c, kind), NONE)

    def worst(name, goal, covered, value, at_least, text):
        """One line: the rows covered, the worst by value, met if every row's value is on the goal's side."""
        if not covered:
            print(f"| {name} | not in these files | not measured |")
            return
        values = [(value(k), k) for k in covered]
        _, k = min(values) if at_least else max(values)
        missed = [k for v, k in values if (v < goal if at_least else v > goal)]
        verdict = "met" if not missed else "**not met** (" + ", ".join(f"{w} at {c}" for w, c in missed) + ")"
        print(f"| {name} | {len(covered)} row{'s' if len(covered) != 1 else ''}; worst: {k[0]} at {k[1]} processors, {text(k)} | {verdict} |")

    def speed(k):
        return cell(measured(k[0], k[1], "recorded"))

    def overhead(k):
        return measured(k[0], k[1], "timed")[0] / measured(k[0], k[1], "recorded")[0]

    def replay(k):
        return measured(k[0], k[1], "replay")[0] / measured(k[0], k[1], "recorded")[0]

    recorded = [k for k in keys if (k[0], k[1], "recorded") in cells and k[0] != STALL_BOUND]
    both = [k for k in recorded if (k[0], k[1], "timed") in cells]
    print("| target | measured | verdict |")
    print("|---|---|---|")
    for c, goal in ((4, 30), (16, 15), (64, 8)):
        worst(f"timed + FDR >= {goal} M at {c} processors", goal, [k for k in recorded if k[1] == c],
              lambda k: measured(k[0], k[1], "recorded")[0], True, speed)
    worst("FDR overhead <= 1.3x where processors do not stall", 1.3, both, overhead, False,
          lambda k: f"{overhead(k):.2f}x")
    worst("lost-update loop recorded <= 3x unrecorded", 3, [k for k in keys if k[0] == STALL_BOUND
          and all((k[0], k[1], kind) in cells for kind in ("timed", "recorded"))], overhead, False,
          lambda k: f"{overhead(k):.2f}x")
    per_message_line(keys, messages)
    worst("replay >= 3x the recording", 3, [k for k in keys if all((k[0], k[1], kind) in cells
          for kind in ("recorded", "replay"))], replay, True, lambda k: f"{replay(k):.2f}x")  # 2.96x is not 3x
    if interpreter:
        (low, (program, c)) = min((v, k) for k, v in interpreter.items())
        print(f"| functional interpreter >= 250 M | {len(interpreter)} rows; lowest: {program} on {c} processor{'s' if c != 1 else ''}, "
              f"{low:.1f} M (wall clock) | {'met' if low >= 250 else '**not met**'} |")
    else:
        print("| functional interpreter >= 250 M | not in these files | not measured |")
    print()
    print("Not judged here: peak RSS (benchmarks/memory/peak-rss.sh), a stalled processor's host time and"
          " the same bytes out (SameBytesTest); docs/performance.md, \"Where issue 14 stands\".")


def per_message_line(keys, messages):
    """Stop 39's proposed form of the lost-update target, beside the issue's: the stall-bound
    recording's host CPU time per coherence message no higher than that of every recording at
    the same processors whose processors do not stall."""
    name = ("lost-update loop: host time per coherence message recorded <= every non-stalling"
            " recording's (proposed in stop 39; not issue 14's target)")
    stalled = [k for k in keys if k[0] == STALL_BOUND and (k[0], k[1], "recorded") in messages]
    parts, missed = [], []
    for w, c in stalled:
        others = [(messages[(o, oc, "recorded")][0], o) for o, oc in keys
                  if o != STALL_BOUND and oc == c and (o, oc, "recorded") in messages]
        if not others:
            continue
        mine = messages[(w, c, "recorded")]
        low, who = min(others)
        spread = f" [{min(mine[1]):.0f}-{max(mine[1]):.0f}]" if forks and mine[1] else ""
        parts.append(f"{w} at {c}: {mine[0]:.0f} ns{spread}; lowest of the others: {who} at {c}, {low:.0f} ns")
        if not mine[0] <= low:
            missed.append(f"{w} at {c}")
    if not parts:
        print(f"| {name} | not in these files | not measured |")
        return
    verdict = "met" if not missed else "**not met** (" + ", ".join(missed) + ")"
    print(f"| {name} | {'; '.join(parts)} | {verdict} |")


if versus:
    compare(args[0].split(","), args[1].split(","))
    sys.exit(0)
if judging:
    judge(args)
    sys.exit(0)

interpreter = {}
rows, paired, engine = load(args[0], interpreter)
if interpreter:
    print("| program | cpus | functional interpreter, M instructions per wall-clock second |")
    print("|---|---|---|")
    for (program, c) in sorted(interpreter):
        print(f"| {program} | {c} | {interpreter[(program, c)]:.1f} M |")
if engine:
    print("| cpus | host CPU ns per coherence message (CoherenceBenchmark) |")
    print("|---|---|")
    for c in sorted(engine):
        print(f"| {c} | {engine[c]:.0f} ns |")

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
