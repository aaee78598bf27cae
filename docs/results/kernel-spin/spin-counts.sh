#!/usr/bin/env bash
# spin-counts.sh JAR [CPUS...]: for each commercial proxy at the default scale's work, record one
# run (seed 1, devices on, no periodic checkpoint, so the whole run is one replay interval) and
# count, in its replay, the iterations of the kernel's three spin loops and the scheduler's entries
# (fdr debug's 'count calls LABEL': arrivals at the label). Each spin iteration is two instructions
# (swap, bne). Prints one line per proxy and processor count, with why the recorded run stopped.
# Run from the repository's root:
#   docs/results/kernel-spin/spin-counts.sh cli/target/fdr.jar 1 2 4 8
set -euo pipefail
jar=$1; shift
cpus=("$@")
[ ${#cpus[@]} -gt 0 ] || cpus=(4)
root=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# the programs include ../../kernel/kernel.s: mirror that layout with the scale constant rewritten
mkdir -p "$tmp/programs/commercial" "$tmp/kernel"
cp "$root"/workloads/src/main/resources/kernel/* "$tmp/kernel/"
fdr() { java -XX:MaxRAMPercentage=75 -jar "$jar" "$@"; }
# proxy, scale constant, default-scale work, NIC mean arrival cycles (0: no NIC)
for spec in oltp:TXNS:120:0 jbb:TXNS:600:0 web:NPACKETS:256:2000 dynweb:NPACKETS:192:4000; do
  IFS=: read -r w k n arrival <<<"$spec"
  sed -E "s/^( *\.equ $k, )[0-9]+/\1$n/" "$root/workloads/src/main/resources/programs/commercial/$w.s" \
    > "$tmp/programs/commercial/$w.s"
  nic=()
  [ "$arrival" = 0 ] || nic=(--set "devices.nic.packets=$n" --set "devices.nic.meanArrivalCycles=$arrival")
  for c in "${cpus[@]}"; do
    out=$(fdr record "$tmp/programs/commercial/$w.s" --cpus "$c" --seed 1 --set devices.enabled=true "${nic[@]}" \
      --checkpoint-interval off -o "$tmp/run.fdr")
    ins=$(sed -n 's/^instructions: \([0-9]*\) in all.*/\1/p' <<<"$out")
    cyc=$(sed -n 's/.*; cycles: \([0-9]*\)$/\1/p' <<<"$out")
    # why the run stopped: all processors halted, or (a run that never ends) its logs filled the reserved memory
    stop=$(sed -n 's/^stopped: \([^:]*\).*/\1/p' <<<"$out" | tr ' ' '-')
    counts=$(fdr debug "$tmp/run.fdr" -ex 'count calls k_sched_spin' -ex 'count calls k_enq_spin' \
      -ex 'count calls k_dev_spin' -ex 'count calls k_schedule' -ex 'count calls k_irq_timer' \
      | sed -n 's/^calls \([a-z_]*\): \([0-9]*\)$/\1=\2/p' | tr '\n' ' ')
    echo "$w cpus=$c stop=$stop instructions=$ins cycles=$cyc $counts"
  done
done
