#!/usr/bin/env bash
# Peak host memory (maximum resident set size) of recording and replaying fill-memory.s on
# 4 processors x 512 MB with every page written (docs/performance.md, "Host memory").
#   benchmarks/memory/peak-rss.sh [JAR [PROGRAM]]
# JAR defaults to this worktree's cli/target/fdr.jar, PROGRAM to fill-memory.s (fill-random.s:
# memory that does not compress).
# JAVA_OPTS (e.g. -Xmx3g) is passed to java; the launcher's own heap choice is not used here,
# so two jars are compared under the same options. Needs GNU time (/usr/bin/time).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
jar="${1:-$root/cli/target/fdr.jar}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
program="${2:-$root/benchmarks/memory/fill-memory.s}"

measure() { # label, then the fdr arguments
  local label="$1"; shift
  /usr/bin/time -v -o "$work/time" java ${JAVA_OPTS:-} -jar "$jar" "$@" >"$work/out" 2>&1 || {
    echo "$label: failed:"; tail -5 "$work/out"; return 1; }
  local rss wall
  rss="$(awk -F': ' '/Maximum resident set size/ {print $2}' "$work/time")"
  wall="$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$work/time")"
  printf '%-8s peak RSS %6d MiB   wall %s\n' "$label" "$((rss / 1024))" "$wall"
}

echo "jar: $jar   program: $(basename "$program")   JAVA_OPTS: ${JAVA_OPTS:-(none)}   load: $(cut -d' ' -f1-3 /proc/loadavg)"
measure run run "$program" --cpus 4 --seed 1
measure record record "$program" --cpus 4 --seed 1 -o "$work/fill.fdr"
printf '%-8s dump %d MiB\n' dump "$(( $(stat -c %s "$work/fill.fdr") / 1048576 ))"
measure replay replay "$work/fill.fdr"
grep -iE 'bit-exact|diverged' "$work/out" | head -3 || true
