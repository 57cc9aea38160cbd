#!/usr/bin/env bash
# rehearse.sh - the GPU kit's run step on this CPU machine, as it runs on a GPU machine without
# network: the bundle's ICD loader and CLBlast are the only ones used (the loader reads a private
# vendors folder whose one .icd names PoCL's library in place of NVIDIA's), the carried binaries run
# from the bundle, and the output folder must hold every file the GPU run brings back. Then the
# build-there path: the same run with --build-here, whose CMake must find OpenCL, CLBlast and
# GoogleTest in the unpacked packages alone; and a run that finds no NVIDIA library, which must say so
# within 30 s.
#
#   scripts/gpu-kit/rehearse.sh [--quick] [--out DIR] [--no-bundle] [--reuse-build DIR]
#
#   --quick      CI's size: a filtered suite (the golden and error tests of every operator), the
#                benchmark's quick list without a sweep, a 60 s tuning, and the build-there path as
#                run.sh --build-only (CMake finds the packages; the library and two programs build,
#                link against them and run), not the whole project compiled a second time
#   --out DIR    where the three output folders go (default build-gpu-kit/rehearsal)
#   --no-bundle  use the bundle already in .gpu-kit (default: make it with bundle.sh first)
#   --reuse-build DIR  bundle the binaries of the build in DIR (bundle.sh --reuse-build) instead of a
#                Release build of their own: CI passes the build `make test` made
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
quick=0 out=$root/build-gpu-kit/rehearsal make_bundle=1 bundle_args=()
while [[ $# -gt 0 ]]; do
  case $1 in
    --quick) quick=1; shift ;;
    --out) out=$(realpath -m "$2"); shift 2 ;;
    --no-bundle) make_bundle=0; shift ;;
    --reuse-build) bundle_args=(--reuse-build "$2"); shift 2 ;;
    -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
    *) echo "rehearse.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
fail() { echo "rehearse: FAIL: $*" >&2; exit 1; }
# expect_in_prefix WHAT VALUE WORK: VALUE must lie in the private prefix of the run whose scratch is WORK.
expect_in_prefix() { [[ $2 == "$3"/prefix/* ]] || fail "$1 is '$2', not in the private prefix $3/prefix"; }
t() { date +%s; }

start=$(t)
[[ $make_bundle == 1 ]] && bash "$root/scripts/gpu-kit/bundle.sh" "${bundle_args[@]}"
bundle_s=$(( $(t) - start ))
echo "rehearse: bundle $(du -sh "$root/.gpu-kit" | cut -f1) ($bundle_s s)"

# PoCL's library, as its system .icd names it, stands in for NVIDIA's.
pocl=$(cat /etc/OpenCL/vendors/pocl.icd 2>/dev/null) || fail "PoCL is not installed (/etc/OpenCL/vendors/pocl.icd)"

if [[ $quick == 1 ]]; then
  filter='*MatchesPyTorchGolden*:*Error*:*Reject*:*GroupNormSwish*Golden*'
  # --suite-time 300: the filter holds about 1,800 tests with the companion operators' goldens and error
  # rows, and a test that builds its programs on a cold cache takes most of a minute on 2 CPU cores; the
  # default 200 s (a GPU's) left some of them not run here.
  bench=(--bench-args "--quick --op Pad --case 1x16" --tune 60 --precision-args "--cases 2 --special-cases 1 --op Pad2d"
         --suite-time 300)
else
  filter='*'
  bench=(--bench-args "--quick" --tune 120 --precision-args "--cases 4 --special-cases 2")
fi
# The kernel tuning (--tune-kernels): a tiny budget, the pads' kernels on their smallest sweep case, the
# GPU path forced (PoCL takes the CPU kernels).
bench+=(--tune-kernels 12)
export ACLNN_KIT_TUNE_KERNELS_ARGS="--tune-gpu-path --quick --op Pad"

check_out() {  # the files a GPU run brings back, and what they must say
  local dir=$1 f
  for f in summary.md junit.xml bench.json bench.cases.json bench.md precision.md logs.tar.gz; do
    [[ -s $dir/$f ]] || fail "$dir/$f is missing or empty"
  done
  (( $(find "$dir" -type f | wc -l) <= 11 )) || fail "$dir holds more than 11 files"
  find "$dir" -type f -size +16M | grep -q . && fail "a file in $dir is over 16 MiB"
  grep -q '^| .* | pass' "$dir/precision.md" || fail "precision.md has no passing row"
  python3 - "$dir/junit.xml" <<'EOF' || fail "junit.xml: not every test passed or skipped"
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
cases = root.findall(".//testcase")
bad = [c.get("classname") + "." + c.get("name") for c in cases if c.find("failure") is not None or c.find("error") is not None]
passed = [c for c in cases if len(c) == 0]
print(f"junit: {len(cases)} tests, {len(passed)} passed, {len(bad)} not passed")
for b in bad[:20]: print("  ", b)
sys.exit(1 if bad or not passed else 0)
EOF
  python3 "$root/bench/check_results_schema.py" "$dir/bench.json" || fail "bench.json does not match the schema"
  # What comes back must turn into the dated pages of docs/bench/ (here into a scratch folder).
  rm -rf "$dir.pages"
  python3 "$root/bench/import_run.py" "$dir" --docs "$dir.pages" --name rehearsal >/dev/null &&
    grep -q '^## Every case' "$dir.pages"/*-rehearsal.md || fail "bench/import_run.py cannot import $dir"
  tar tzf "$dir/logs.tar.gz" > "$dir.list" || fail "logs.tar.gz is not a readable archive"
  grep -q '^logs/run.log$' "$dir.list" || fail "logs.tar.gz lacks logs/run.log"
  [[ $(tar xzf "$dir/logs.tar.gz" -O clinfo.txt) == *'Portable Computing Language'* ]] ||
    fail "clinfo (logs.tar.gz) did not see PoCL through the private .icd"
  grep -q 'PASSED train_step_conv1d_block' "$dir/summary.md" || fail "the training step did not pass"
  grep -q 'PASSED train_cnn' "$dir/summary.md" || fail "the CNN training did not pass"
}

# 1. The carried binaries, as the GPU run uses them. Intel's CPU runtime (scripts/install-deps.sh)
#    stands in for the GPU machine's own CPU implementation (--with-cpu).
run1=$out/carried
rm -rf "$run1"
cpu=()
intel_icd=$root/.deps/opencl-vendors/intel-cpu.icd
if [[ -r $intel_icd ]]; then cpu=(--with-cpu --cpu-icd "$intel_icd" --cpu-suite --cpu-clblast-ab)
else echo "rehearse: no $intel_icd (scripts/install-deps.sh): --with-cpu is not rehearsed"; fi
start=$(t)
# On a CPU: small tuning sizes, and the ConvTbc A/B on its smallest case.
ACLNN_KIT_AB_ARGS="--runs 2 --case T64 --copy-mib 16" ACLNN_KIT_VERIFY_SIZE=1024,512,512 ACLNN_KIT_PROBE_ARGS=--quick \
  bash "$root/scripts/gpu-kit/run.sh" --out "$run1" --work /tmp/aclnn-gpu-rehearsal --opencl-lib "$pocl" \
  --suite-filter "$filter" "${bench[@]}" "${cpu[@]}" --tune-args "-s 256,256,256" --probe 40 --budget 900 ||
  fail "run.sh failed (see $run1/summary.md)"
carried_s=$(( $(t) - start ))
check_out "$run1"
if [[ ${#cpu[@]} -gt 0 ]]; then
  grep -q 'PASSED two-device tests' "$run1/summary.md" || fail "the two-device tests did not pass across both implementations"
  python3 "$root/bench/check_results_schema.py" "$run1/bench-cpu.json" || fail "bench-cpu.json does not match the schema"
  devices() { python3 -c 'import json, sys; print(" ".join(d["name"].split(":")[0] for d in json.load(open(sys.argv[1]))["devices"]))' "$1"; }
  [[ $(devices "$run1/bench-cpu.json") == intel ]] || fail "bench-cpu.json is not the CPU implementation's alone"
  [[ $(devices "$run1/bench.json") == pocl ]] || fail "bench.json is not the first implementation's alone"
  grep -q "GPU against its CPU" "$run1/bench.md" || fail "bench.md lacks the same-machine GPU-against-CPU table"
  (( $(grep -c '^| ConvTbc' <(sed -n '/OpenBLAS alone/,$p' "$run1/summary.md")) >= 2 )) ||
    fail "summary.md lacks OpenBLAS's own rate on ConvTbc's products"
  sed -n '/^CPU implementation (Intel(R) OpenCL):/,/^```/p' "$run1/summary.md" | grep -q '^tests [1-9][0-9]*: passed' ||
    fail "summary.md lacks the suite's counts on the CPU implementation"
  (( $(sed -n "/the library's parameter file and none/,/^## ConvTbc with the tuned/p" "$run1/summary.md" |
       grep -c '^| ConvTbc') >= 8 )) ||
    fail "summary.md lacks the CPU's ConvTbc rows with the library's CLBlast parameters and without a file"
  echo "rehearse: --with-cpu: the two-device tests passed, the CPU benchmark and the same-run table are there"
fi
# The probes: each one's tables in summary.md, its JSON lines in logs.tar.gz.
grep -q '^| probe | passed' "$run1/summary.md" || fail "the probe step did not pass"
grep -q '^| 128x128x16/16x16 | .* | (default) |$' "$run1/summary.md" || fail "summary.md lacks the GEMM probe's default row"
grep -q '^## stream_probe' "$run1/summary.md" || fail "summary.md lacks the streaming probe's tables"
grep -q '^probe/gemm_probe.jsonl$' "$run1.list" && grep -q '^probe/stream_probe.jsonl$' "$run1.list" ||
  fail "logs.tar.gz lacks the probes' JSON lines"
echo "rehearse: the probes ran and their tables and JSON lines came back"
# The kernel tuning: its file loads (device and units lines, a comment per kernel), its same-run table
# came back and is in summary.md, and the benchmark ran after it.
grep -q '^| tune-kernels | passed' "$run1/summary.md" || fail "the tune-kernels step did not pass"
[[ -s $run1/kernels.params && -s $run1/kernels-ab.md ]] || fail "the kernel tuning brought back no kernels.params or kernels-ab.md"
grep -q '^device ' "$run1/kernels.params" && grep -q '^units [1-9][0-9]*$' "$run1/kernels.params" ||
  fail "kernels.params lacks its device or units line"
(( $(grep -c '^# pad2d_[fb]wd_stream ' "$run1/kernels.params") == 2 )) || fail "kernels.params lacks a pad kernel's comment"
grep -q '^| pad2d_fwd_stream | ReflectionPad2d ' "$run1/kernels-ab.md" || fail "kernels-ab.md lacks the forward pad's row"
grep -q "launch parameters: defaults against tuned" "$run1/summary.md" || fail "summary.md lacks the kernel tuning's table"
grep -q '^kernels-ab.json$\|^tune/kernels-ab.json$' "$run1.list" || fail "logs.tar.gz lacks kernels-ab.json"
echo "rehearse: the kernel tuning wrote kernels.params and its same-run table"
[[ -s $run1/clblast.params ]] || fail "the tuning step wrote no clblast.params"
(( $(grep -c '^| ConvTbc' "$run1/summary.md") >= 4 )) || fail "summary.md lacks the tuned-against-built-in ConvTbc rows of both sides"
grep -q '^Xgemm' "$run1/clblast.params" || grep -q '^XgemmDirect' "$run1/clblast.params" ||
  fail "clblast.params has no GEMM kernel line"
grep -q '^units [1-9][0-9]*$' "$run1/clblast.params" ||
  fail "clblast.params has no units line (the compute units it was tuned on, docs/clblast-tuning.md)"
# The loader and CLBlast the carried binaries load are the bundle's, not /usr's.
mkdir -p /tmp/aclnn-rehearse-logs
tar xzf "$run1/logs.tar.gz" -C /tmp/aclnn-rehearse-logs logs/ldd.txt
for lib in libOpenCL.so.1 libclblast.so.1; do
  expect_in_prefix "$lib" "$(grep -m1 "$lib =>" /tmp/aclnn-rehearse-logs/logs/ldd.txt | awk '{print $3}')" \
    /tmp/aclnn-gpu-rehearsal
done
echo "rehearse: carried binaries load the private prefix's libOpenCL.so.1 and libclblast.so.1"

# 2. The build-there flag: CMake finds everything in the unpacked packages. --quick: the library and two
#    programs (run.sh --build-only); else the whole project, which then runs a smaller suite.
run2=$out/built-here
rm -rf "$run2"
start=$(t)
if [[ $quick == 1 ]]; then
  bash "$root/scripts/gpu-kit/run.sh" --out "$run2" --work /tmp/aclnn-gpu-rehearsal2 --opencl-lib "$pocl" \
    --build-only --budget 1200 || fail "run.sh --build-only failed (see $run2/summary.md)"
  grep -q '^| programs | passed' "$run2/summary.md" || fail "the programs built there did not run"
else
  filter2='*MatchesPyTorchGolden*'
  # Two cores build the project in about ten minutes (CI's bundle build took 609 s): past run.sh's 600 s.
  ACLNN_KIT_BUILD_TIME=1500 bash "$root/scripts/gpu-kit/run.sh" --out "$run2" --work /tmp/aclnn-gpu-rehearsal2 \
    --opencl-lib "$pocl" --build-here --suite-filter "$filter2" --bench-args "--quick --op Copy" \
    --precision-args "--cases 1 --special-cases 0 --op Im2col" --budget 2000 ||
    fail "run.sh --build-here failed (see $run2/summary.md)"
  check_out "$run2"
fi
built_s=$(( $(t) - start ))
cache=/tmp/aclnn-gpu-rehearsal2/build/CMakeCache.txt
for var in OpenCL_LIBRARY OpenCL_INCLUDE_DIR CLBlast_DIR GTest_DIR; do
  expect_in_prefix "the build's $var" "$(grep -m1 "^$var:" "$cache" | cut -d= -f2-)" /tmp/aclnn-gpu-rehearsal2
done
echo "rehearse: the build there found OpenCL, CLBlast and GoogleTest in the private prefix"

# 3. A machine without NVIDIA's library (this one): run.sh must say so within 30 s, listing where it
#    looked, and exit 3 with a summary.
run3=$out/no-opencl
rm -rf "$run3"
start=$(t)
rc=0
bash "$root/scripts/gpu-kit/run.sh" --out "$run3" --work /tmp/aclnn-gpu-rehearsal3 > "$out/no-opencl.log" 2>&1 || rc=$?
missing_s=$(( $(t) - start ))
[[ $rc == 3 ]] || fail "run.sh without an OpenCL library exited $rc, not 3 (see $out/no-opencl.log)"
(( missing_s <= 30 )) || fail "run.sh took $missing_s s to say that no OpenCL library was found"
grep -q 'libnvidia-opencl.so.1) was not found' "$run3/summary.md" || fail "summary.md does not say what is missing"
grep -q '/usr/local/nvidia/lib64' "$out/no-opencl.log" || fail "run.sh did not list where it looked"
echo "rehearse: without NVIDIA's library run.sh stopped after $missing_s s with exit status 3"

echo "rehearse: PASSED (bundle $bundle_s s, carried run $carried_s s, build-there run $built_s s, no-library run $missing_s s)"
sed -n '/| step/,/^$/p' "$run1/summary.md"
