#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, ASan + UBSan + libFuzzer) in build-fuzz and runs each for a
# given time. See docs/reliability.md.
#
#   scripts/fuzz.sh [-t SECONDS] [-s] [TARGET...]
#     -t SECONDS  time per target (default 60)
#     -s          regenerate the checked-in seeds (tests/fuzz/seeds/<target>/) and exit
#     TARGET      fuzz_meta, fuzz_pad2d_backward, ... (default: every tests/fuzz/fuzz_*.cpp)
#
# Environment: BUILD_DIR (default build-fuzz), JOBS (default 2), CC/CXX (default clang/clang++),
# FUZZ_ARGS (extra libFuzzer flags). New corpus entries go to $BUILD_DIR/fuzz/corpus/<target>;
# crashes to $BUILD_DIR/fuzz/artifacts/<target>/. A target that finds a crash makes the script fail;
# keep the input that found a bug in tests/fuzz/regressions/<target>/ once it is fixed.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build-fuzz}
jobs=${JOBS:-2}
seconds=60
write_seeds=0
while getopts "t:sh" opt; do
  case $opt in
    t) seconds=$OPTARG ;;
    s) write_seeds=1 ;;
    *) sed -n '2,14p' "$0"; exit 2 ;;
  esac
done
shift $((OPTIND - 1))

if ! command -v "${CXX:-clang++}" >/dev/null; then
  echo "fuzz.sh: ${CXX:-clang++} not found; install clang (ACLNN_WITH_FUZZ=1 scripts/install-deps.sh)" >&2
  exit 1
fi

cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_COMPILER="${CC:-clang}" -DCMAKE_CXX_COMPILER="${CXX:-clang++}" \
  -DACLNN_OPENCL_SANITIZE=ON -DACLNN_OPENCL_FUZZ=ON \
  -DACLNN_OPENCL_BUILD_TESTS=OFF -DACLNN_OPENCL_BUILD_BENCH=OFF >/dev/null

targets=("$@")
if [[ ${#targets[@]} -eq 0 ]]; then
  for f in "$root"/tests/fuzz/fuzz_*.cpp; do targets+=("$(basename "$f" .cpp)"); done
fi
cmake --build "$build" -j"$jobs" --target "${targets[@]}"

status=0
for t in "${targets[@]}"; do
  seeds=$root/tests/fuzz/seeds/$t
  if [[ $write_seeds == 1 ]]; then
    rm -rf "$seeds" && mkdir -p "$seeds"
    ACLNN_FUZZ_WRITE_SEEDS=$seeds "$build/$t"
    continue
  fi
  corpus=$build/fuzz/corpus/$t
  artifacts=$build/fuzz/artifacts/$t/
  mkdir -p "$corpus" "$artifacts" "$seeds"
  echo "== $t: ${seconds}s"
  log=$build/fuzz/$t.log
  # Inputs that once found a bug (tests/fuzz/regressions/<target>/) are read like the seeds.
  regressions=()
  [[ -d $root/tests/fuzz/regressions/$t ]] && regressions=("$root/tests/fuzz/regressions/$t")
  # shellcheck disable=SC2086  # FUZZ_ARGS is a list of flags
  if ! "$build/$t" -max_total_time="$seconds" -timeout=30 -rss_limit_mb=4096 -print_final_stats=1 \
      -artifact_prefix="$artifacts" ${FUZZ_ARGS:-} "$corpus" "$seeds" "${regressions[@]}" >"$log" 2>&1; then
    echo "fuzz.sh: $t FAILED; see $log and $artifacts" >&2
    grep -A30 "aclnn-opencl fuzz finding\|ERROR: \(Address\|Leak\|UndefinedBehavior\)Sanitizer\|runtime error" \
      "$log" | head -60 >&2 || true
    status=1
  fi
  grep -E "stat::number_of_executed_units|stat::peak_rss_mb|cov: .*corp" "$log" | tail -3 | sed "s/^/   /"
done
exit $status
