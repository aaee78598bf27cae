#!/usr/bin/env bash
# Measures every speed target of issue 14 that JMH can measure and judges them
# (docs/performance.md, "Where issue 14 stands"): the workload table at 4 and 16 processors
# (the five classes in two JVMs, the other shipped workloads in one), the stall-bound
# lost-update loop, the random tester at 64 processors and the functional interpreter, one
# after the other; then the targets' verdicts from all of them and each result file's table
# (the interpreter's too).
#   benchmarks/targets.sh [DIR]        (about 20 minutes on the 2-core host of docs/performance.md)
# DIR (default: target/issue14-targets) gets the JMH result files and report.md. QUICK=1
# measures one short iteration of each row in one JVM: a trial of the script, not a figure.
# Then, because a rate target is read on one host, it runs benchmarks/code-gain.sh into
# DIR/code-gain (about 2.5 of the 20 minutes; five rounds, one with QUICK=1, whatever ROUNDS
# says; BASE passes through): what the code gained since the issue, and the rates it would give
# on the issue's host. With GAIN=0 it does not run and the report says so; if it fails (a shallow
# clone, a build that fails) the report gives its last line and DIR/code-gain.log has the rest,
# and the script still exits 0 with the JMH verdicts.
# Build first: mvn -B -q -DskipTests -pl benchmarks -am package
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
jar="$root/benchmarks/target/benchmarks.jar"
out="${1:-$root/target/issue14-targets}"
[[ -f "$jar" ]] || { echo "targets.sh: no $jar; build it first (mvn -B -q -DskipTests -pl benchmarks -am package)" >&2; exit 2; }
mkdir -p "$out"

if [[ "${QUICK:-0}" == 1 ]]; then
  two=(-wi 0 -i 1 -r 1 -f 1); one=(-wi 0 -i 1 -r 1 -f 1); long=(-wi 0 -i 1 -r 1 -f 1)
else
  two=(-wi 3 -i 5 -f 2); one=(-wi 3 -i 5 -f 1); long=(-wi 2 -w 4 -i 3 -r 6 -f 2)
fi

jmh() { # result name, then JMH arguments
  local name="$1"; shift
  echo "== $name: $* (load $(cut -d' ' -f1-3 /proc/loadavg))" >&2
  java -Djmh.ignoreLock=true -jar "$jar" "$@" -rf json -rff "$out/$name.json" >"$out/$name.log"
}

jmh classes 'WorkloadBenchmark.paired$' "${two[@]}"
jmh others 'WorkloadBenchmark.paired$' "${one[@]}" -p workload=lu,radix,stencil,oltp,jbb,web,packet-echo,console-echo -p cpus=4,16
jmh lost-update 'WorkloadBenchmark.paired$' "${two[@]}" -p workload=lost-update -p cpus=4
jmh cpus64 'WorkloadBenchmark.(timed|recorded)$' "${long[@]}" -p workload=random-tester-long -p cpus=64
jmh interpreter 'InterpreterBenchmark' "${one[@]}"

# The scores are per host CPU second, so they are only comparable on one host: name it.
source "$root/benchmarks/host-line.sh"

# What the code gained since the issue, on this host: it carries the rates to the issue's host.
gain=""
if [[ "${GAIN:-1}" != 0 ]]; then
  gain_rounds=5; [[ "${QUICK:-0}" == 1 ]] && gain_rounds=1
  echo "== code-gain: ROUNDS=$gain_rounds benchmarks/code-gain.sh $out/code-gain (load $(cut -d' ' -f1-3 /proc/loadavg))" >&2
  if ROUNDS=$gain_rounds "$root/benchmarks/code-gain.sh" "$out/code-gain" >"$out/code-gain.log" 2>&1; then
    gain="$out/code-gain/report.md"
  else
    gain_failure="$(tail -1 "$out/code-gain.log")"
  fi
fi

files=("$out"/classes.json "$out"/others.json "$out"/lost-update.json "$out"/cpus64.json "$out"/interpreter.json)
{
  echo "# Issue 14's targets, measured $(date -u '+%Y-%m-%d %H:%M') UTC (load at the end: $(cut -d' ' -f1-3 /proc/loadavg))"
  echo
  echo "Host: $(host_line)"
  echo
  echo "CPU-time scores of the benchmark thread, M = million simulated instructions per second;"
  echo "in brackets each row's lowest and highest JVM."
  echo
  python3 "$root/benchmarks/cpu-score.py" --forks --targets "${files[@]}"
  echo
  echo "## What the code gained since the issue, and the issue's host (code-gain.sh)"
  echo
  if [[ -n "$gain" ]]; then
    # Its own title and host line repeat this report's; the rest is its report as written.
    tail -n +5 "$gain"
  elif [[ "${GAIN:-1}" == 0 ]]; then
    echo "Not run (GAIN=0)."
  else
    echo "code-gain.sh failed: ${gain_failure:-no message} (see $out/code-gain.log)"
  fi
  for f in "${files[@]}"; do
    echo
    echo "## $(basename "$f" .json)"
    echo
    python3 "$root/benchmarks/cpu-score.py" --forks "$f"
  done
} >"$out/report.md.tmp"
mv "$out/report.md.tmp" "$out/report.md"
cat "$out/report.md"
