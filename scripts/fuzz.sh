#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, ASan + UBSan + libFuzzer) in build-fuzz and runs each for a
# given time. See docs/reliability.md.
#
#   scripts/fuzz.sh [-t SECONDS] [-s] [TARGET...]
#     -t SECONDS  time per target (default 60)
#     -s          regenerate the checked-in seeds (tests/fuzz/seeds/<target>/) and exit
#     TARGET      fuzz_meta, fuzz_pad2d_backward, ... (default: every tests/fuzz/fuzz_*.cpp)
#
# Environment: BUILD_DIR (default build-fuzz; a sanitizer build made with `WITH_FUZZ=1 scripts/sanitize.sh`
# is used as it is configured, tests and all), JOBS (default 2), CC/CXX (default clang/clang++),
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

if grep -q '^ACLNN_OPENCL_FUZZ:BOOL=ON' "$build/CMakeCache.txt" 2>/dev/null &&
   grep -q '^ACLNN_OPENCL_BUILD_TESTS:BOOL=ON' "$build/CMakeCache.txt"; then
  echo "fuzz.sh: the fuzz targets of the sanitizer build in $build"
else
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_COMPILER="${CC:-clang}" -DCMAKE_CXX_COMPILER="${CXX:-clang++}" \
    -DACLNN_OPENCL_SANITIZE=ON -DACLNN_OPENCL_FUZZ=ON \
    -DACLNN_OPENCL_BUILD_TESTS=OFF -DACLNN_OPENCL_BUILD_BENCH=OFF >/dev/null
fi

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
  run_target() {
    # shellcheck disable=SC2086  # FUZZ_ARGS is a list of flags
    "$build/$t" -max_total_time="$seconds" -timeout=30 -rss_limit_mb=4096 -print_final_stats=1 \
      -artifact_prefix="$artifacts" ${FUZZ_ARGS:-} "$corpus" "$seeds" "${regressions[@]}" >"$1" 2>&1
  }
  # A finding: our own, a sanitizer's report, or libFuzzer's own (a deadly signal such as an abort, a
  # timeout, an out-of-memory).
  findings="aclnn-opencl fuzz finding\|ERROR: \(Address\|Leak\|UndefinedBehavior\)Sanitizer\|runtime error\|ERROR: libFuzzer"
  report_failure() {
    # What failed: the findings and a sanitizer's own fatal error, else the end of the log. LeakSanitizer
    # states why it gave up (e.g. "Could not attach to thread") on the lines before.
    if ! grep -B8 -A30 "$findings\|Sanitizer has encountered" "$1" | head -90 >&2; then
      tail -40 "$1" >&2
    fi
  }
  marker=$(mktemp)
  if ! run_target "$log"; then
    echo "fuzz.sh: $t FAILED; see $log and $artifacts" >&2
    report_failure "$log"
    # The input that failed, small enough to print, so a CI log alone reproduces it.
    new_artifacts=()
    for a in "$artifacts"*; do
      [[ -f $a && $a -nt $marker ]] || continue
      new_artifacts+=("$a")
      [[ $(stat -c %s "$a") -le 4096 ]] && { echo "   $(basename "$a") (base64):"; base64 -w0 "$a"; echo; } >&2
    done
    # LeakSanitizer's own fatal error, with no report of a leak or of anything else: the tool could not
    # run its scan (it stops every thread with ptrace first, and a thread it cannot attach to ends the
    # check). libFuzzer then saves the input it was checking: replayed alone, under the same checks,
    # it shows whether the input is to blame.
    lsan_gave_up=0
    if grep -q "LeakSanitizer has encountered a fatal error" "$log" &&
       ! grep -q "$findings" "$log"; then
      lsan_gave_up=1
      for a in "${new_artifacts[@]}"; do
        if ! "$build/$t" "$a" >"$log.replay" 2>&1; then
          echo "fuzz.sh: $t fails on $a replayed alone:" >&2
          report_failure "$log.replay"
          lsan_gave_up=0
        fi
      done
    fi
    if [[ $lsan_gave_up == 1 || ${#new_artifacts[@]} -eq 0 ]] && ! grep -q "aclnn-opencl fuzz finding" "$log"; then
      # No input is to blame: either LeakSanitizer could not run a leak check (above; its input passes
      # when replayed), or nothing was saved at all: libFuzzer saves the input it was running when
      # anything fails during one, so the process failed outside every input (while exiting, after
      # the final statistics). Such a failure is run again once, with the same corpus; it fails the
      # step only if it happens again. Either way it is printed above.
      echo "fuzz.sh: $t failed with no input to blame; running it again once" >&2
      if run_target "$log.rerun"; then
        echo "fuzz.sh: WARNING: $t passed when run again: the first failure (above, and $log) was not" \
             "reproduced; report it if it recurs" >&2
      else
        report_failure "$log.rerun"
        status=1
      fi
    else
      status=1
    fi
  fi
  rm -f "$marker"
  { grep -E "stat::number_of_executed_units|stat::peak_rss_mb|cov: .*corp" "$log" || true; } | tail -3 | sed "s/^/   /"
done
exit $status
