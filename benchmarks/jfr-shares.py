#!/usr/bin/env python3
"""Where a JDK Flight Recorder profile's time goes: the share of execution samples by method
(self: the top frame; inclusive: anywhere on the stack, fdrsim's methods only) and by component (the package of the
innermost fdrsim frame, e.g. coherence.cache, cpu.sim, machine).

It reads the whole stack of every sample. `jfr print` shows only the top five frames of each
stack unless told otherwise, which makes a caller look cheaper the further it is from the top
(stop 32, docs/performance-history.md); this script asks for 256, and the recording must keep as many
(JFR keeps 64 unless -XX:FlightRecorderOptions:stackdepth says more; fdrsim's deepest stacks
are about 60 frames).

Usage: benchmarks/jfr-shares.py recording.jfr [N]      (N: methods listed per table, default 25;
       the JDK's jfr tool is found on PATH, or where the JFR environment variable says)
Record with, for example:
  java -XX:FlightRecorderOptions:stackdepth=256 -XX:+UnlockDiagnosticVMOptions \\
       -XX:+DebugNonSafepoints -XX:StartFlightRecording=filename=run.jfr,settings=profile \\
       -jar cli/target/fdr.jar run PROGRAM.s --cpus 4 --set recorder.enabled=true -q"""
import collections
import os
import re
import subprocess
import sys

if len(sys.argv) not in (2, 3) or (len(sys.argv) == 3 and not sys.argv[2].isdigit()):
    sys.exit(__doc__.split("\n\n")[-1])
top = int(sys.argv[2]) if len(sys.argv) == 3 else 25
printed = subprocess.run([os.environ.get("JFR", "jfr"), "print", "--stack-depth", "256", "--events", "jdk.ExecutionSample",
                          sys.argv[1]], stdout=subprocess.PIPE, text=True)  # jfr's own errors go to stderr as they are
if printed.returncode != 0:
    sys.exit(f"jfr print failed on {sys.argv[1]} (exit {printed.returncode})")
text = printed.stdout
frame = re.compile(r"^\s+([\w.$<>]+)\(.*?line: \d+", re.M)
own = collections.Counter()
anywhere = collections.Counter()
component = collections.Counter()
samples = 0
for sample in text.split("jdk.ExecutionSample")[1:]:
    frames = frame.findall(sample)
    if not frames:
        continue
    samples += 1
    own[frames[0]] += 1
    for f in set(frames):
        anywhere[f] += 1
    inner = next((f for f in frames if f.startswith("org.fdrsim.")), None)
    if inner is None:
        component["(outside fdrsim)"] += 1
    else:
        parts = inner.split(".")
        # org.fdrsim.<module>[.<package>].<Class>.<method>: the package below org.fdrsim
        component[".".join(parts[2:-2]) or parts[2]] += 1
if samples == 0:
    sys.exit("no execution samples in " + sys.argv[1])
print(f"{samples} samples")
inclusive = collections.Counter({f: n for f, n in anywhere.items() if f.startswith("org.fdrsim.")})
for title, counts in (("self", own), ("inclusive", inclusive), ("by component (innermost fdrsim frame)", component)):
    print(f"\n{title}:")
    for name, n in counts.most_common(top):
        print(f"{100 * n / samples:6.1f}%  {name}")
