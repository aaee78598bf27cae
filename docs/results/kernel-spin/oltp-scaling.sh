#!/usr/bin/env bash
# oltp-scaling.sh JAR [CPUS...]: oltp at the tiny scale's work (24 transactions a thread), seed 1,
# devices on, without the recorder, on each processor count: instructions and cycles. Run from
# the repository's root:  docs/results/kernel-spin/oltp-scaling.sh cli/target/fdr.jar 1 2 4 5 6 7 8 12 16
set -euo pipefail
jar=$1; shift
root=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/programs/commercial" "$tmp/kernel"
cp "$root"/workloads/src/main/resources/kernel/* "$tmp/kernel/"
sed -E 's/^( *\.equ TXNS, )[0-9]+/\124/' "$root/workloads/src/main/resources/programs/commercial/oltp.s" \
  > "$tmp/programs/commercial/oltp.s"
for c in "$@"; do
  out=$(java -XX:MaxRAMPercentage=75 -jar "$jar" run "$tmp/programs/commercial/oltp.s" --cpus "$c" --seed 1 \
    --set devices.enabled=true --set recorder.enabled=false 2>/dev/null)
  ins=$(sed -n 's/^instructions: \([0-9]*\) .*/\1/p' <<<"$out")
  cyc=$(sed -n 's/^cycles: \([0-9]*\) .*/\1/p' <<<"$out")
  echo "oltp-tiny cpus=$c instructions=$ins cycles=$cyc"
done
