# Sourced by the benchmark scripts: host_line prints the host a measurement ran on (CPU model,
# family, cores, BogoMIPS, caches, Java), because their figures are only comparable on one host.
# A machine without lscpu gets "?" in each field rather than an error.
host_line() {
  local model family number bogomips l2 l3
  field() { lscpu 2>/dev/null | sed -n "s/^$1: *//p" | head -1 || true; }
  model="$(field 'Model name')"; family="$(field 'CPU family')"; number="$(field 'Model')"; bogomips="$(field 'BogoMIPS')"
  l2="$(field 'L2 cache')"; l3="$(field 'L3 cache')"
  printf '%s (family %s, model %s), %s cores, BogoMIPS %s, L2 %s, L3 %s; %s' "${model:-unknown}" \
    "${family:-?}" "${number:-?}" "$(nproc)" "${bogomips:-?}" "${l2:-?}" "${l3:-?}" \
    "$(java -version 2>&1 | head -1)"
}
