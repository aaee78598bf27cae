#!/usr/bin/env bash
# What the code has gained since a base commit, measured on this host: the base's fdr.jar and
# this checkout's run the same two programs, timed and recorded, in alternating rounds, and the
# report gives each build's median time and the gain. Targets in M instructions per second
# depend on the host they are read on; this gain does not, so it is the yardstick that carries a
# figure from one host to another. With the default base (f5faa14, main as issue 14 found it)
# the report also puts this host beside the one the issue was measured on, from the issue's own
# figures for that code.
#   benchmarks/code-gain.sh [DIR]      (about 2.5 minutes here, the base's build included)
# DIR (default: target/code-gain) gets the base's worktree, the programs, runs.tsv and
# report.md. BASE=<commit> compares with another commit; ROUNDS=<n> (default 5) sets the rounds.
# Needs the project's git history (not a shallow clone), Maven and python3.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
base="${BASE:-f5faa14}"
rounds="${ROUNDS:-5}"
out="${1:-$root/target/code-gain}"
die() { echo "code-gain.sh: $*" >&2; exit 2; }

[[ "$rounds" =~ ^[1-9][0-9]*$ ]] || die "ROUNDS must be a whole number from 1, got '$rounds'"
base_hash="$(git -C "$root" rev-parse --verify --quiet "$base^{commit}")" \
  || die "no commit '$base' in $root (a shallow clone? 'git fetch --unshallow' first)"
mkdir -p "$out"
out="$(cd "$out" && pwd)"

# The base, built in a worktree of its own with 'package' (not 'install', which would put its
# modules in the local Maven repository in place of this checkout's).
tree="$out/base-${base_hash:0:12}"
if [[ ! -f "$tree/cli/target/fdr.jar" ]]; then
  git -C "$root" worktree prune
  [[ -d "$tree" ]] || git -C "$root" worktree add --detach "$tree" "$base_hash" >/dev/null 2>&1 \
    || die "cannot make a worktree of $base at $tree"
  echo "== building $base (${base_hash:0:12}) in $tree" >&2
  (cd "$tree" && mvn -B -q -DskipTests -pl cli -am package) >"$out/base-build.log" 2>&1 \
    || die "the build of $base failed; see $out/base-build.log"
fi
echo "== building this checkout" >&2
(cd "$root" && mvn -B -q -DskipTests -pl cli -am package) >"$out/head-build.log" 2>&1 \
  || die "the build of this checkout failed; see $out/head-build.log"
base_jar="$tree/cli/target/fdr.jar"
head_jar="$root/cli/target/fdr.jar"
head_hash="$(git -C "$root" rev-parse HEAD)"
dirty="$(git -C "$root" status --porcelain --untracked-files=no | head -1)"

# The programs the issue measured: the random tester of 50 M instructions and the lost-update
# loop, both from this checkout's examples (the assembly syntax is fixed, so both builds read them).
iterations() { # source, iterations, destination
  sed -E "s/^( *\\.equ ITERATIONS, )[0-9]+\$/\\1$2/" "$root/examples/$1" >"$3"
  grep -q "ITERATIONS, $2\$" "$3" || die "examples/$1 has no '.equ ITERATIONS, N' line to set"
}
iterations random-tester.s 580000 "$out/random-tester-50M.s"
iterations racy-counter.s 2000000 "$out/lost-update-2M.s"

runs="$out/runs.tsv"
printf 'round\tprogram\tmode\tbuild\thost_seconds\tinstructions\tcycles\n' >"$runs.tmp"
for ((round = 1; round <= rounds; round++)); do
  # Alternate which build goes first, so that a drift of the host within a round weighs on both.
  if ((round % 2)); then order=(base head); else order=(head base); fi
  for program in random-tester-50M lost-update-2M; do
    for mode in timed recorded; do
      for build in "${order[@]}"; do
        jar="$base_jar"; [[ "$build" == head ]] && jar="$head_jar"
        enabled=false; [[ "$mode" == recorded ]] && enabled=true
        text="$(java -jar "$jar" run "$out/$program.s" --cpus 4 --set "recorder.enabled=$enabled" 2>&1)" \
          || die "$build's run of $program ($mode) failed: $(tail -1 <<<"$text")"
        seconds="$(sed -n 's/^host: \([0-9.]*\) s.*/\1/p' <<<"$text")"
        instructions="$(sed -n 's/^instructions: \([0-9]*\).*/\1/p' <<<"$text")"
        cycles="$(sed -n 's/^cycles: \([0-9]*\).*/\1/p' <<<"$text")"
        [[ -n "$seconds" && -n "$instructions" && -n "$cycles" ]] \
          || die "$build's run of $program ($mode) printed no host, instructions or cycles line"
        printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$round" "$program" "$mode" "$build" "$seconds" "$instructions" "$cycles" >>"$runs.tmp"
        echo "   round $round: $program $mode $build ${seconds} s" >&2
      done
    done
  done
done
mv "$runs.tmp" "$runs"

source "$root/benchmarks/host-line.sh"
{
  echo "# What the code gained since ${base_hash:0:12}, measured $(date -u '+%Y-%m-%d %H:%M') UTC (load at the end: $(cut -d' ' -f1-3 /proc/loadavg))"
  echo
  echo "Host: $(host_line)"
  echo
  echo "Base: $base_hash; head: $head_hash${dirty:+ with uncommitted changes}. Each run: \`java -jar fdr.jar run P --cpus 4 --set recorder.enabled=false|true\`, the simulation's time from its \`host:\` line; rounds: $rounds, the builds alternating."
  echo
  python3 "$root/benchmarks/code-gain.py" "$runs" "$base_hash"
} >"$out/report.md.tmp"
mv "$out/report.md.tmp" "$out/report.md"
cat "$out/report.md"
