#!/usr/bin/env bash
# run.sh - one command that tests, benchmarks and (optionally) tunes this checkout on an OpenCL
# machine without network, from the bundle that scripts/gpu-kit/bundle.sh prepared elsewhere. Made for
# an NVIDIA GPU machine (CUDA image: driver, python3 with PyTorch, maybe no OpenCL loader at all);
# docs/devices.md, "Running on an NVIDIA GPU machine without network".
#
#   scripts/gpu-kit/run.sh [options]
#
#   --out DIR           the output folder (default $OUT, else ./gpu-run-out): the files below, eleven
#                       at most with every option
#   --bundle DIR        the bundle (default .gpu-kit)
#   --work DIR          scratch: the unpacked packages, logs, a build (default /tmp/aclnn-gpu-run)
#   --opencl-lib PATH   the OpenCL implementation to name in the private .icd file instead of
#                       searching for NVIDIA's libnvidia-opencl.so.1 (the rehearsal passes PoCL's)
#   --device FILTER     ACLNN_OPENCL_DEVICE for the suite, the benchmark, the precision report and
#                       the profile (default: every device of that one implementation)
#   --with-cpu          also load the machine's own CPU OpenCL implementation (--cpu-icd) beside the
#                       first one: the two-device tests run across both, and the benchmark runs again
#                       on the CPU with PyTorch's CPU baseline (every core), so that CPU and GPU are
#                       compared on one machine in one run; the other steps stay on the first one
#   --cpu-icd FILE      the CPU implementation's .icd file (default /etc/OpenCL/vendors/pocl.icd)
#                       With --with-cpu, OpenBLAS alone is also timed on ConvTbc's products
#                       (bench/host_blas_rate.py, every core and one), the ceiling of the CPU's host BLAS
#   --cpu-suite         with --with-cpu, also the whole suite on the CPU implementation (after the
#                       other steps; its JUnit and logs in logs.tar.gz, suite-cpu/)
#   --cpu-clblast-ab    with --with-cpu, also time ConvTbc's CLBlast GEMMs on the CPU implementation with
#                       the library's own choice of parameters (an embedded file, perhaps applied by
#                       family) and with no parameter file (CLBlast's built-in kernel parameters, the
#                       library's CPU switching point kept), alternating, twice (ACLNN_KIT_AB_ARGS,
#                       default "--runs 15 --copy-mib 16")
#   --gemm-ab           after the benchmark, time ConvTbc and ConvTbcBackward with the library's own choice
#                       of GEMM backend and with ACLNN_OPENCL_GEMM=clblast, alternating, twice
#                       (ACLNN_KIT_AB_ARGS): on a GPU, the own GEMM against CLBlast in one run
#   --build-here        build the project here (CMake, every core, against the unpacked packages
#                       alone) instead of using the bundle's binaries; chosen by itself when the
#                       carried binaries do not load
#   --build-only        --build-here for the library and two of its programs alone (sample_runtime,
#                       train_step_conv1d_block), which then run; nothing else runs. CI's rehearsal:
#                       CMake must find the packages and the library link and run against them
#   --suite-filter F    gtest filter for the suite (default *)
#   --suite-time S      limit for the suite (default 200)
#   --bench-args "..."  options for aclnn_bench (default "--runs 15"; the rehearsal passes --quick)
#   --bench-time S      limit for the benchmark, PyTorch baseline included (default 150)
#   --no-bench          no benchmark steps (a rerun of the suite)
#   --precision-args "..."  options for aclnn_precision, the precision report of docs/precision.md
#                       (default the page's own: "--cases 200 --special-cases 20 --seed 20261126");
#                       "off" skips the step
#   --precision-time S  limit for the precision report (default 150)
#   --tune S            then tune CLBlast (scripts/tune-clblast.sh, fp32 Xgemm and XgemmDirect first)
#                       for at most S seconds (default 0: no tuning), then time ConvTbc and
#                       ConvTbcBackward with the new parameters and without them, one after the other
#   --tune-args "..."   more options for tune-clblast.sh (a GPU wants larger sizes than the defaults,
#                       e.g. "-s 1024,1024,1024 --direct-size 512,512,512")
#   --probe S           right after the binaries, before the suite: the kernel probes for at most S
#                       seconds in all: aclnn_gemm_probe (the library's own GEMM kernel over its tile
#                       parameters, and whether the compiler takes inline-PTX tensor-core
#                       instructions), aclnn_stream_probe (bandwidth of streaming and pad-like kernels
#                       against elements per work-item, vector width, work-group shape and index
#                       width; the per-call floor; fault-flag read-back ways) and PyTorch's products on
#                       the same shapes (bench/gemm_probe/torch_gemm.py); tables in summary.md, JSON
#                       lines in logs.tar.gz (probe/)
#   --tune-kernels S    before the benchmark: aclnn_bench --tune-kernels times the row-streaming
#                       kernels' launch parameters for at most S seconds and writes this device's
#                       kernel parameter file (host/kernels/kernel_params.h) with a table of the
#                       defaults against the tuned sets, same run; the benchmark then runs with that
#                       file (ACLNN_OPENCL_KERNEL_PARAMS). ACLNN_KIT_TUNE_KERNELS_ARGS: more options
#                       for the tuner (the rehearsal passes --tune-gpu-path, a CPU having no GPU path)
#   --profile           after the benchmark, each kernel's device time and launch sizes for the quick
#                       case list (ACLNN_OPENCL_LOG_LEVEL=debug, 3 runs a case): profile.txt
#   --budget S          stop starting steps after S seconds in all (default 0: no limit); the tuning
#                       step is cut to what is left of it
#
# Steps, each with its own time limit; a step that fails or times out keeps what the steps before it
# wrote, and after every step the output folder is brought up to date:
#   1. bring-up: unpack the packages into a private prefix (never into /), find the OpenCL library,
#      write a private vendors folder with one .icd naming it, point the ICD loader at it, clinfo
#   2. binaries: ldd of the carried ones (or the build here)
#   3. suite: every gtest of aclnn_tests in parallel processes (scripts/gpu-kit/run_suite.py), then
#      the training-step example checked against its expected values, the CNN training example
#      against PyTorch autograd's losses and gradients (check_train_cnn), and sample_runtime
#   4. benchmark: PyTorch's baseline (CUDA when present, with TF32 off), then aclnn_bench; with
#      --with-cpu the two-device tests and OpenBLAS's own rate before it, the CPU's benchmark after it
#   5. precision: aclnn_precision, every operator and dtype by the CANN precision standard
#   (with --probe, the probes run between steps 2 and 3; with --tune-kernels, the kernel tuning right
#   before the benchmark)
#   6. profile (with --profile), the suite on the CPU (with --cpu-suite), 7. tuning (with --tune)
#
# The output folder:
#   summary.md      each step's status and seconds, the device, what was found where, the counts; with
#                   --tune also ConvTbc and ConvTbcBackward timed with the tuned parameters and with
#                   the library's own choice (an embedded file for this device, or CLBlast's
#                   built-in values)
#   junit.xml       the suite, one testcase per test (crashes and hangs cost one test each)
#   bench.json      aclnn_bench --json (schema in docs/benchmarks.md), PyTorch's figures merged
#   bench.cases.json  the benchmark's case list (aclnn_bench --list-cases; the CPU run's is the same):
#                   with bench.json, what bench/import_run.py turns into docs/bench/<date>-<gpu>.* pages
#   bench.md        aclnn_bench's markdown tables; with --with-cpu also this machine's CPU against its
#                   GPU (bench/gpu_vs_cpu.py over the two JSON files)
#   bench-cpu.json  with --with-cpu: the CPU implementation's aclnn_bench --json, PyTorch CPU merged
#   precision.md    docs/precision.md with its generated part for this machine's device
#   clblast.params  the tuned CLBlast parameters (host/blas/tuned/ format), with --tune
#   kernels.params  with --tune-kernels: the tuned kernel parameter file (host/kernels/tuned/ format)
#   kernels-ab.md   with --tune-kernels: each kernel's defaults against its tuned set on its operator's
#                   speed and sweep cases, same run (kernels-ab.json in logs.tar.gz)
#   logs.tar.gz     everything else: clinfo.txt (clinfo of the private vendors folder), with
#                   --profile bench/profile.txt (one line per kernel launch of the last timed run of
#                   each case), every log,
#                   ldd, nvidia-smi, per-process test output, the PyTorch JSON, the precision
#                   report's output, the tuners' JSON
# Exit status: 0 when every step that ran passed, 3 when no OpenCL implementation was found, else 1.
#
# Environment (the rehearsal sets the last three, for a CPU): ACLNN_KIT_JOBS test processes (default: every core),
# ACLNN_KIT_VERIFY_SIZE the tuning's whole-GEMM check (default 8192,512,512), ACLNN_KIT_AB_ARGS the
# options of the tuned-against-built-in ConvTbc comparison (default "--runs 15 --copy-mib 16"),
# ACLNN_KIT_PROBE_ARGS more options for the three probes (the rehearsal passes --quick),
# ACLNN_KIT_PROBES which of them run (default "gemm stream torch"), ACLNN_KIT_GEMM_PROBE_ARGS more options
# for the GEMM probe alone (e.g. "--only-tc --budget 60": its last --budget counts), ACLNN_KIT_BUILD_TIME
# the --build-here build's limit in seconds (default 600).
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
kit=$root/scripts/gpu-kit
out=${OUT:-$PWD/gpu-run-out}
bundle=$root/.gpu-kit
work=/tmp/aclnn-gpu-run
opencl_lib=""
device=""
build_here=0
build_only=0
suite_filter='*'
suite_time=200
bench_args="--runs 15"
bench_time=150
precision_args="--cases 200 --special-cases 20 --seed 20261126"
precision_time=150
with_cpu=0
no_bench=0
cpu_suite=0
cpu_ab=0
gemm_ab=0
cpu_icd=/etc/OpenCL/vendors/pocl.icd
tune=0
tune_args=""
tune_kernels=0
probe=0
profile=0
budget=0
while [[ $# -gt 0 ]]; do
  case $1 in
    --out) out=$2; shift 2 ;;
    --bundle) bundle=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    --opencl-lib) opencl_lib=$2; shift 2 ;;
    --device) device=$2; shift 2 ;;
    --with-cpu) with_cpu=1; shift ;;
    --no-bench) no_bench=1; shift ;;
    --cpu-suite) cpu_suite=1; shift ;;
    --cpu-clblast-ab) cpu_ab=1; shift ;;
    --gemm-ab) gemm_ab=1; shift ;;
    --cpu-icd) cpu_icd=$2; shift 2 ;;
    --build-here) build_here=1; shift ;;
    --build-only) build_here=1; build_only=1; shift ;;
    --suite-filter) suite_filter=$2; shift 2 ;;
    --suite-time) suite_time=$2; shift 2 ;;
    --bench-args) bench_args=$2; shift 2 ;;
    --bench-time) bench_time=$2; shift 2 ;;
    --precision-args) precision_args=$2; shift 2 ;;
    --precision-time) precision_time=$2; shift 2 ;;
    --tune) tune=$2; shift 2 ;;
    --tune-args) tune_args=$2; shift 2 ;;
    --tune-kernels) tune_kernels=$2; shift 2 ;;
    --probe) probe=$2; shift 2 ;;
    --profile) profile=1; shift ;;
    --budget) budget=$2; shift 2 ;;
    -h|--help) sed -n '2,/^set -uo pipefail/p' "$0" | sed '$d'; exit 0 ;;
    *) echo "run.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
mkdir -p "$out"
out=$(cd "$out" && pwd)
rm -f "$out"/{summary.md,junit.xml,bench.json,bench.cases.json,bench.md,bench-cpu.json,precision.md,clblast.params,kernels.params,kernels-ab.md,logs.tar.gz}
bundle=$(cd "$bundle" 2>/dev/null && pwd) || { echo "run.sh: no bundle at $bundle (scripts/gpu-kit/bundle.sh)" >&2; exit 2; }
rm -rf "$work"
mkdir -p "$work"/{prefix,vendors,logs,suite,suite-cpu,bench,precision,tune,probe}
logs=$work/logs
t0=$(date +%s)
status=0
steps=()        # summary table rows
facts=()        # summary lines about the machine

elapsed() { echo $(( $(date +%s) - t0 )); }
log() { echo "[run.sh $(elapsed)s] $*" | tee -a "$logs/run.log" >&2; }
fact() { facts+=("- $*"); log "$*"; }
left() { (( budget > 0 )) && echo $(( budget - $(elapsed) )) || echo 999999; }

# The output folder after every step: the headline files and an archive of the rest.
publish() {
  {
    echo "# GPU kit run"
    echo
    echo "bundle: $(head -1 "$bundle/MANIFEST" 2>/dev/null); $(date -u +%FT%TZ); $(elapsed) s so far"
    echo
    echo "| step | status | seconds | note |"
    echo "|---|---|---|---|"
    printf '%s\n' "${steps[@]}"
    echo
    printf '%s\n' "${facts[@]}"
    local f
    for f in gemm_probe.md stream_probe.md torch_gemm.md; do
      [[ -f $work/probe/$f ]] && { echo; sed 's/^## /### /; t; s/^# /## /' "$work/probe/$f"; }
    done
    if [[ -f $work/suite/summary.txt ]]; then
      echo; echo '## Suite'; echo; echo '```'; head -c 20000 "$work/suite/summary.txt"; echo '```'
    fi
    if [[ -f $work/bench/openblas-rate.md ]]; then
      echo; echo '## OpenBLAS alone on the CPU'; echo; cat "$work/bench/openblas-rate.md"
    fi
    if [[ -f $work/precision/stdout.txt ]]; then
      echo; echo '## Precision'; echo; echo '```'; tail -n 12 "$work/precision/stdout.txt"; echo '```'
    fi
    if [[ -f $work/bench/cpu-clblast-ab.md ]]; then
      echo; echo "## ConvTbc's CLBlast GEMMs on the CPU implementation: the library's parameter file and none"
      echo; cat "$work/bench/cpu-clblast-ab.md"
    fi
    if [[ -f $work/bench/gemm-ab.md ]]; then
      echo; echo "## ConvTbc with the library's choice of GEMM backend and with CLBlast"; echo; cat "$work/bench/gemm-ab.md"
    fi
    if [[ -f $work/tune/kernels-ab.md ]]; then
      echo; echo "## The row-streaming kernels' launch parameters: defaults against tuned"; echo
      sed 's/^## /#### /; t; s/^# /### /' "$work/tune/kernels-ab.md"
    fi
    if [[ -f $work/tune/ab.md ]]; then
      echo; echo '## ConvTbc with the tuned CLBlast parameters and without them'; echo; cat "$work/tune/ab.md"
    fi
  } > "$out/summary.md.tmp" && mv "$out/summary.md.tmp" "$out/summary.md"
  [[ -f $work/suite/junit.xml ]] && cp "$work/suite/junit.xml" "$out/junit.xml"
  [[ -f $work/bench/results.json ]] && cp "$work/bench/results.json" "$out/bench.json"
  [[ -f $work/bench/results.json && -f $work/bench/cases.json ]] && cp "$work/bench/cases.json" "$out/bench.cases.json"
  [[ -f $work/bench/bench.md ]] && cp "$work/bench/bench.md" "$out/bench.md"
  [[ -f $work/bench/results-cpu.json ]] && cp "$work/bench/results-cpu.json" "$out/bench-cpu.json"
  [[ -f $work/precision/precision.md ]] && cp "$work/precision/precision.md" "$out/precision.md"
  [[ -f $work/tune/clblast.params ]] && cp "$work/tune/clblast.params" "$out/clblast.params"
  [[ -f $work/tune/kernels.params ]] && cp "$work/tune/kernels.params" "$out/kernels.params"
  [[ -f $work/tune/kernels-ab.md ]] && cp "$work/tune/kernels-ab.md" "$out/kernels-ab.md"
  tar czf "$out/logs.tar.gz.tmp" -C "$work" --exclude=prefix --exclude=build logs suite suite-cpu bench precision tune probe \
      $(cd "$work" && ls -d clinfo.txt clinfo-with-cpu.txt build.log 2>/dev/null) 2>/dev/null
  # 16 MiB per file at most comes back: drop the per-process logs if the archive grew past it.
  if (( $(stat -c %s "$out/logs.tar.gz.tmp") > 15000000 )); then
    tar czf "$out/logs.tar.gz.tmp" -C "$work" --exclude=prefix --exclude=build --exclude='chunk-*.log' \
        logs suite suite-cpu bench precision tune probe $(cd "$work" && ls -d clinfo.txt 2>/dev/null) 2>/dev/null
  fi
  mv "$out/logs.tar.gz.tmp" "$out/logs.tar.gz"
}

# step NAME SECONDS COMMAND...: runs one step with its own limit, records it, publishes.
step() {
  local name=$1 limit=$2; shift 2
  local start rc note
  start=$(date +%s)
  log "step $name (limit ${limit} s)"
  # A step may be a shell function (exported below with the variables it reads): timeout runs bash.
  timeout -k 10 "$limit" bash -c '"$@"' _ "$@" > "$logs/$name.log" 2>&1
  rc=$?
  case $rc in
    0) note=passed ;;
    124|137) note="timed out after ${limit} s"; status=1 ;;
    *) note="failed ($rc)"; status=1 ;;
  esac
  steps+=("| $name | $note | $(( $(date +%s) - start )) | ${step_note:-} |")
  step_note=""
  log "step $name: $note"
  tail -n 5 "$logs/$name.log" | sed 's/^/    /' >&2
  publish
  return $rc
}

# --- 1. bring-up -------------------------------------------------------------------------------
prefix=$work/prefix
# dpkg -x where dpkg exists; else the .deb's ar archive opened by python3, its data.tar by tar.
unpack_deb() {
  if command -v dpkg >/dev/null; then dpkg -x "$1" "$2"; return; fi
  python3 "$kit/unpack_deb.py" "$1" "$2"
}
for deb in "$bundle"/debs/*.deb; do unpack_deb "$deb" "$prefix" || { echo "run.sh: cannot unpack $deb" >&2; exit 1; }; done
libdir=$prefix/usr/lib/x86_64-linux-gnu
# The packages' CMake and pkg-config files name /usr: point them at the private prefix instead.
grep -rlI '/usr' "$libdir/cmake" "$libdir/pkgconfig" "$prefix/usr/share/pkgconfig" 2>/dev/null |
  xargs -r sed -i "s#\([^A-Za-z0-9_./-]\|^\)/usr/#\1$prefix/usr/#g"
fact "packages unpacked into $prefix: $(ls "$bundle"/debs | wc -l) .deb files"

find_opencl() {
  local name=libnvidia-opencl.so.1 d hit
  for d in $(ldconfig -p 2>/dev/null | awk -v n="$name" '$1 == n {print $NF}'); do
    [[ -e $d ]] && { echo "$d"; return 0; }
  done
  for d in /usr/local/nvidia/lib64 /usr/local/nvidia/lib /usr/lib/x86_64-linux-gnu /usr/lib64 /usr/lib \
           /lib/x86_64-linux-gnu /usr/local/cuda/lib64 /usr/local/cuda/compat /usr/lib/wsl/lib; do
    [[ -e $d/$name ]] && { echo "$d/$name"; return 0; }
    hit=$(ls "$d"/libnvidia-opencl.so* 2>/dev/null | head -1)
    [[ -n $hit ]] && { echo "$hit"; return 0; }
  done
  hit=$(timeout 20 find / -maxdepth 7 \( -path /proc -o -path /sys -o -path /dev -o -path "$work" \) -prune \
        -o -name 'libnvidia-opencl.so*' -print 2>/dev/null | head -1)
  [[ -n $hit ]] && { echo "$hit"; return 0; }
  return 1
}

bring_up_start=$(date +%s)
if [[ -z $opencl_lib ]]; then
  opencl_lib=$(find_opencl) || opencl_lib=""
  if [[ -z $opencl_lib ]]; then
    {
      echo "NVIDIA's OpenCL library (libnvidia-opencl.so.1) was not found."
      echo "Looked in: ldconfig -p; /usr/local/nvidia/lib64 /usr/local/nvidia/lib /usr/lib/x86_64-linux-gnu"
      echo "/usr/lib64 /usr/lib /lib/x86_64-linux-gnu /usr/local/cuda/lib64 /usr/local/cuda/compat; find / -maxdepth 7"
      echo; echo "== ls /usr/local/nvidia/lib64"; ls -la /usr/local/nvidia/lib64 2>&1 | head -80
      echo; echo "== ldconfig -p | grep -i nvidia"; ldconfig -p 2>&1 | grep -i -E 'nvidia|libcuda|OpenCL'
      echo; echo "== /etc/OpenCL/vendors"; ls -la /etc/OpenCL/vendors 2>&1; cat /etc/OpenCL/vendors/*.icd 2>&1
      echo; echo "== nvidia-smi"; timeout 20 nvidia-smi 2>&1
    } > "$logs/no-opencl.txt"
    cat "$logs/no-opencl.txt" >&2
    steps+=("| bring-up | no OpenCL library found | $(( $(date +%s) - bring_up_start )) | see logs/no-opencl.txt |")
    fact "$(head -1 "$logs/no-opencl.txt")"
    publish
    exit 3
  fi
  fact "OpenCL implementation found: $opencl_lib ($(readlink -f "$opencl_lib"))"
else
  fact "OpenCL implementation given: $opencl_lib"
fi
# The unpacked loader and CLBlast; OpenBLAS (the host BLAS of CPU devices, docs/gemm.md) from the
# bundle, whose Debian package keeps it in a subfolder that its alternatives link into the library
# path, which dpkg -x does not make; then the driver's own folder (libnvidia-opencl needs libcuda and
# friends beside it).
lib_dirs=$libdir:$libdir/openblas-pthread
[[ $opencl_lib == /* ]] && lib_dirs+=:$(dirname "$opencl_lib")
export LD_LIBRARY_PATH=$lib_dirs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
echo "$opencl_lib" > "$work/vendors/kit.icd"
export OCL_ICD_VENDORS=$work/vendors
unset OCL_ICD_FILENAMES RUSTICL_ENABLE ACLNN_OPENCL_DEVICE
export PATH=$prefix/usr/bin:$PATH
fact "existing /etc/OpenCL/vendors: $(ls /etc/OpenCL/vendors 2>/dev/null | tr '\n' ' ' || true)(not used)"
fact "nvidia-smi: $(timeout 20 nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>/dev/null | head -1 || echo none)"
{ timeout 20 nvidia-smi 2>&1; echo; uname -a; cat /etc/os-release 2>/dev/null; nproc; free -g;
  command -v cmake ninja g++ c++ python3 dpkg; python3 --version;
  python3 -c 'import torch; print("torch", torch.__version__, torch.version.cuda, torch.cuda.is_available())';
  echo "== ls /usr/local/nvidia/lib64"; ls -la /usr/local/nvidia/lib64;
  echo "== ldconfig -p (nvidia, cuda, OpenCL)"; ldconfig -p | grep -i -E 'nvidia|libcuda|OpenCL';
  echo "== /etc/OpenCL/vendors"; ls -la /etc/OpenCL/vendors; cat /etc/OpenCL/vendors/*.icd; } > "$logs/machine.txt" 2>&1
step_note="clinfo of $opencl_lib"
step bring-up 60 bash -c 'timeout 30 clinfo > "$1/clinfo.txt" 2>&1; rc=$?;
  OCL_ICD_DEBUG=7 timeout 20 clinfo -l 2>&1 | tail -40; cat "$1/clinfo.txt" | grep -E "Number of platforms|Device Name|Device Version|OpenCL C Version" ;
  grep -q "Number of platforms *[1-9]" "$1/clinfo.txt" || { echo "the ICD loader found no platform"; exit 1; }; exit $rc' _ "$work" ||
  { log "no OpenCL platform: stopping"; exit 3; }
fact "device: $(grep -m1 -E '^ +Device Name' "$work/clinfo.txt" | sed 's/^ *Device Name *//'), $(grep -m1 -E '^ +Device Version' "$work/clinfo.txt" | sed 's/^ *Device Version *//'), $(grep -m1 -E '^ +Device OpenCL C Version' "$work/clinfo.txt" | sed 's/^ *Device OpenCL C Version *//')"
platform_names() { grep -E '^ +Platform Name' "$1" | sed 's/^ *Platform Name *//'; }
main_platform=$(platform_names "$work/clinfo.txt" | head -1)

# The machine's CPU implementation beside it (--with-cpu): a second .icd in the private folder. Its
# platform name (an ACLNN_OPENCL_DEVICE filter, docs/devices.md) keeps every other step on the first.
cpu_platform=""
if [[ $with_cpu == 1 ]]; then
  if [[ -r $cpu_icd ]]; then
    cp "$cpu_icd" "$work/vendors/cpu.icd"
    timeout 60 clinfo > "$work/clinfo-with-cpu.txt" 2>&1
    cpu_platform=$(platform_names "$work/clinfo-with-cpu.txt" | grep -v -x -F "$main_platform" | head -1)
    if [[ -n $cpu_platform ]]; then
      fact "CPU implementation beside it: '$cpu_platform' ($cpu_icd names $(cat "$cpu_icd")); clinfo -l:" \
        "$(timeout 30 clinfo -l 2>&1 | tr -s ' \n' ' ')"
      [[ -z $device ]] && device=$main_platform
    else
      rm -f "$work/vendors/cpu.icd"
      fact "--with-cpu: $cpu_icd ($(cat "$cpu_icd")) gave no second platform: the CPU steps are skipped"
    fi
  else
    fact "--with-cpu: no $cpu_icd: the CPU steps are skipped"
  fi
fi
[[ -n $device ]] && export ACLNN_OPENCL_DEVICE=$device

# --- 2. binaries -------------------------------------------------------------------------------
bin=$bundle/bin
binaries="aclnn_tests aclnn_bench aclnn_precision aclnn_two_device_tests train_step_conv1d_block train_cnn
          check_train_cnn sample_runtime aclnn_half_probe"
probes="aclnn_gemm_probe aclnn_stream_probe"  # --probe's alone: a bundle without them still runs the rest
carried_ok() {
  local b
  [[ -x $bin/aclnn_tests && -x $bin/aclnn_bench ]] || { echo "no carried binaries in $bin"; return 1; }
  for b in $binaries $probes; do
    [[ $probes == *"$b"* && ! -e $bin/$b ]] && continue
    echo "== ldd $b"; LD_LIBRARY_PATH=$bin:$LD_LIBRARY_PATH ldd "$bin/$b" || return 1
  done > "$logs/ldd.txt" 2>&1
  ! grep -q 'not found' "$logs/ldd.txt" || { grep 'not found' "$logs/ldd.txt"; return 1; }
  LD_LIBRARY_PATH=$bin:$LD_LIBRARY_PATH "$bin/aclnn_tests" --gtest_list_tests > /dev/null 2>&1 ||
    { echo "aclnn_tests --gtest_list_tests fails"; return 1; }
}
build_here_fn() {
  local gen=Ninja
  command -v ninja >/dev/null || gen="Unix Makefiles"
  env -u OCL_ICD_VENDORS cmake -S "$root" -B "$work/build" -G "$gen" -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_PREFIX_PATH="$prefix/usr" \
      -DOpenCL_INCLUDE_DIR="$prefix/usr/include" -DOpenCL_LIBRARY="$libdir/libOpenCL.so" \
      -DCLBlast_DIR="$libdir/cmake/CLBlast" -DGTest_DIR="$libdir/cmake/GTest" \
      -DCMAKE_BUILD_RPATH="$libdir" || return 1
  # The programs built, as paths under the build: --build-only's two, else every one the run uses.
  local programs=(tests/sample_runtime tests/train_step_conv1d_block)
  [[ $build_only == 1 ]] || programs+=(tests/aclnn_tests tests/aclnn_precision tests/aclnn_two_device_tests
      tests/train_cnn tests/check_train_cnn bench/aclnn_bench bench/aclnn_half_probe bench/aclnn_gemm_probe
      bench/aclnn_stream_probe)
  env -u OCL_ICD_VENDORS cmake --build "$work/build" -j "$(nproc)" --target aclnn_opencl \
      "${programs[@]##*/}" || return 1
  grep -E '^(OpenCL_LIBRARY|OpenCL_INCLUDE_DIR|CLBlast_DIR|GTest_DIR):' "$work/build/CMakeCache.txt"
  mkdir -p "$work/bin"
  cp "${programs[@]/#/$work/build/}" "$work/bin/"
  cp -L "$work/build/libaclnn_opencl.so.0" "$work/bin/"
}
export root work logs prefix libdir bin binaries probes build_only
export -f carried_ok build_here_fn
if [[ $build_here == 0 ]]; then
  if step_note="carried binaries from $bin" step binaries 30 carried_ok; then :; else
    log "the carried binaries do not load: building here"; build_here=1
  fi
fi
if [[ $build_here == 1 ]]; then
  step_note="cmake + $(command -v ninja >/dev/null && echo ninja || echo make) -j$(nproc) against $prefix"
  # 600 s (ACLNN_KIT_BUILD_TIME): a GPU machine's cores build it in a minute or two; two cores take about
  # ten minutes, so the rehearsal on CI's machine gives it more.
  if step build "${ACLNN_KIT_BUILD_TIME:-600}" build_here_fn; then
    bin=$work/bin
    cp "$logs/build.log" "$work/build.log"
    carried_ok > /dev/null || true  # rewrites logs/ldd.txt for the binaries built here
    fact "built here: $(grep -E '^(OpenCL_LIBRARY|CLBlast_DIR|GTest_DIR):' "$work/build/CMakeCache.txt" | tr '\n' ' ')"
  else
    log "build failed: nothing to run"; exit 1
  fi
fi
export LD_LIBRARY_PATH=$bin:$LD_LIBRARY_PATH
# The last lines of every run: the status, the summary's last row, the output folder.
finish() {
  log "done in $(elapsed) s, status $status${1:+ ($1)}"
  steps+=("| all | $([[ $status == 0 ]] && echo passed || echo 'see above') | $(elapsed) | ${1:-} |")
  publish
  exit $status
}
if [[ $build_only == 1 ]]; then
  # --build-only: the two programs built, against the unpacked loader and CLBlast, and nothing else.
  build_only_fn() {
    ldd "$bin/sample_runtime" | grep -E 'libOpenCL|libclblast|libaclnn' && "$bin/sample_runtime" &&
      "$bin/train_step_conv1d_block"
  }
  export -f build_only_fn
  step_note="sample_runtime, train_step_conv1d_block" step programs 120 build_only_fn
  finish --build-only
fi
fact "binaries: $bin; libOpenCL.so.1 => $(grep -m1 'libOpenCL.so.1 =>' "$logs/ldd.txt" | awk '{print $3}'), libclblast.so.1 => $(grep -m1 'libclblast.so.1 =>' "$logs/ldd.txt" | awk '{print $3}')"

export root kit work logs prefix libdir bin binaries suite_filter suite_time bench_args bench_time

# --- probes (--probe S): before the suite, so that a short call spends its minutes here first ------
# Shares of S: the GEMM probe 45%, the streaming probe 40%, the rest PyTorch's products (CUDA when
# present). Each program stops starting measurements at its budget and keeps what it wrote.
probe_fn() {
  local gemm_s=$(( probe * 45 / 100 )) stream_s=$(( probe * 40 / 100 )) rc=0 which=${ACLNN_KIT_PROBES:-gemm stream torch}
  if [[ $which == *gemm* ]]; then
    if [[ -x $bin/aclnn_gemm_probe ]]; then
      timeout -k 5 $(( gemm_s + 40 )) "$bin/aclnn_gemm_probe" --out "$work/probe" --budget "$gemm_s" \
          ${ACLNN_KIT_PROBE_ARGS:-} ${ACLNN_KIT_GEMM_PROBE_ARGS:-} || rc=1
    else echo "no aclnn_gemm_probe in $bin"; rc=1; fi
  fi
  if [[ $which == *stream* ]]; then
    if [[ -x $bin/aclnn_stream_probe ]]; then
      timeout -k 5 $(( stream_s + 40 )) "$bin/aclnn_stream_probe" --out "$work/probe" --budget "$stream_s" \
          ${ACLNN_KIT_PROBE_ARGS:-} || rc=1
    else echo "no aclnn_stream_probe in $bin"; rc=1; fi
  fi
  if [[ $which == *torch* ]]; then
    if python3 -c 'import torch' 2>/dev/null; then
      timeout -k 5 $(( probe - gemm_s - stream_s + 20 )) python3 "$root/bench/gemm_probe/torch_gemm.py" \
          --out "$work/probe" ${ACLNN_KIT_PROBE_ARGS:-} || rc=1
    else echo "no PyTorch: the probe's baseline is skipped"; fi
  fi
  return $rc
}
export probe
export -f probe_fn
(( probe > 0 && $(left) > 60 )) && step_note="aclnn_gemm_probe, aclnn_stream_probe, torch_gemm.py" \
  step probe $(( probe + 120 )) probe_fn

# --- 3. suite ----------------------------------------------------------------------------------
export ACLNN_TEST_SOURCE_DIR=$root
suite_fn() {
  local rc=0
  python3 "$kit/run_suite.py" "$bin/aclnn_tests" --out "$work/suite" --filter "$suite_filter" \
      --jobs "${ACLNN_KIT_JOBS:-$(nproc)}" --deadline $(( suite_time - 30 )) --test-timeout 120 || rc=1
  {
    echo "== train_step_conv1d_block (tests/programs/check_example.sh)"
    timeout 60 "$root/tests/programs/check_example.sh" "$bin/train_step_conv1d_block" train_step_conv1d_block &&
      echo "PASSED train_step_conv1d_block" || { echo "FAILED train_step_conv1d_block"; exit 1; }
  } >> "$work/suite/programs.txt" 2>&1 || rc=1
  {
    echo "== train_cnn (tests/programs/check_train_cnn.cpp: two runs against PyTorch autograd's losses and gradients)"
    timeout 120 "$bin/check_train_cnn" "$bin/train_cnn" "$root/tests/golden/train_cnn.golden" "$work/suite" &&
      echo "PASSED train_cnn" || { echo "FAILED train_cnn"; exit 1; }
  } >> "$work/suite/programs.txt" 2>&1 || rc=1
  {
    echo "== sample_runtime"
    timeout 60 "$bin/sample_runtime" && echo "PASSED sample_runtime" || { echo "FAILED sample_runtime"; exit 1; }
  } >> "$work/suite/programs.txt" 2>&1 || rc=1
  grep -E '^(PASSED|FAILED)' "$work/suite/programs.txt" >> "$work/suite/summary.txt"
  cat "$work/suite/summary.txt"
  return $rc
}
export -f suite_fn
(( $(left) > 60 )) && step_note="aclnn_tests filter '$suite_filter', $(nproc) processes" \
  step suite "$suite_time" suite_fn

# --- 4. benchmark ------------------------------------------------------------------------------
bench_fn() {
  local torch_opts=(--cases "$work/bench/cases.json" --out "$work/bench/torch.json")
  # shellcheck disable=SC2086
  "$bin/aclnn_bench" --list-cases --json "$work/bench/cases.json" $bench_args || return 1
  if python3 -c 'import torch, sys; sys.exit(0 if torch.cuda.is_available() else 1)' 2>/dev/null; then
    # CUDA alone (the GPU machine's CPU is not the one our CPU figures come from), 3-20 runs a case.
    torch_opts+=(--no-cpu --quick)
  else
    [[ $bench_args == *--quick* ]] && torch_opts+=(--quick)
    torch_opts+=(--threads "$(nproc)")
  fi
  timeout $(( bench_time / 2 )) python3 "$root/bench/torch_baseline.py" "${torch_opts[@]}" ||
    echo "the PyTorch baseline failed or timed out: the benchmark runs without it"
  local torch_arg=(--no-torch)
  [[ -s $work/bench/torch.json ]] && torch_arg=(--torch "$work/bench/torch.json")
  # shellcheck disable=SC2086
  "$bin/aclnn_bench" "${torch_arg[@]}" --json "$work/bench/results.json" $bench_args > "$work/bench/bench.md"
}
export -f bench_fn
# The two-device tests across the first implementation and the CPU one (with --with-cpu).
# The pair is named: the binary's own default pair is PoCL and rusticl. A skipped test fails the step
# (it skips when it finds fewer than two devices).
two_devices_fn() {
  ACLNN_OPENCL_DEVICE="$main_platform,$cpu_platform" "$bin/aclnn_two_device_tests" \
      --gtest_output="xml:$work/suite/two-devices.xml" > "$work/suite/two-devices.txt" 2>&1
  local rc=$?
  cat "$work/suite/two-devices.txt"
  grep -q '^\[  SKIPPED \]' "$work/suite/two-devices.txt" && rc=1
  grep -q '^\[  PASSED  \] [1-9]' "$work/suite/two-devices.txt" || rc=1
  echo "$([[ $rc == 0 ]] && echo PASSED || echo FAILED) two-device tests ($main_platform + $cpu_platform)" >> "$work/suite/summary.txt"
  return $rc
}
export main_platform cpu_platform
export -f two_devices_fn
[[ -n $cpu_platform && -x $bin/aclnn_two_device_tests ]] && (( $(left) > 60 )) &&
  step_note="aclnn_two_device_tests, '$main_platform' and '$cpu_platform'" step two-devices 60 two_devices_fn

# OpenBLAS's own rate on ConvTbc's products on this machine (with --with-cpu): what the CPU device's
# host BLAS can reach, every core and one core (how it scales), and which kernels OpenBLAS chose.
host_blas_fn() {
  ACLNN_OPENCL_DEVICE=$cpu_platform "$bin/aclnn_bench" --list-cases --op ConvTbc --json "$work/bench/cases-gemm.json" ||
    return 1
  { python3 "$root/bench/host_blas_rate.py" "$work/bench/cases-gemm.json" --runs 5 &&
    python3 "$root/bench/host_blas_rate.py" "$work/bench/cases-gemm.json" --runs 2 --threads 1 &&
    # OpenBLAS picks its kernels from the CPU's model; a virtual machine's masked model can mislead it.
    # Where the CPU has AVX-512, the same with its AVX-512 kernels named.
    if grep -qw avx512f /proc/cpuinfo; then
      OPENBLAS_CORETYPE=SkylakeX python3 "$root/bench/host_blas_rate.py" "$work/bench/cases-gemm.json" --runs 5
    fi; } | tee "$work/bench/openblas-rate.md"
}
export -f host_blas_fn
[[ -n $cpu_platform ]] && (( $(left) > 60 )) &&
  step_note="bench/host_blas_rate.py, $(nproc) threads and 1" step host-blas 90 host_blas_fn

# The row-streaming kernels' launch parameters (--tune-kernels), tuned on this device first; the
# benchmark then runs with the file when the tuner kept a line.
tune_kernels_fn() {
  # shellcheck disable=SC2086
  "$bin/aclnn_bench" --tune-kernels "$work/tune/kernels.params" --budget "$1" ${ACLNN_KIT_TUNE_KERNELS_ARGS:-}
}
export -f tune_kernels_fn
if (( tune_kernels > 0 && no_bench == 0 )); then
  limit=$tune_kernels
  (( $(left) - 90 < limit )) && limit=$(( $(left) - 90 ))
  if (( limit >= 10 )); then
    # The tuner stops starting candidates at its budget; the limit leaves room for the one under way.
    step_note="aclnn_bench --tune-kernels, $limit s" step tune-kernels $(( limit + 60 )) tune_kernels_fn "$limit"
    if grep -q '^row_stream ' "$work/tune/kernels.params" 2>/dev/null; then
      export ACLNN_OPENCL_KERNEL_PARAMS=$work/tune/kernels.params
      fact "the benchmark runs with the tuned kernel parameters (kernels.params, ACLNN_OPENCL_KERNEL_PARAMS)"
    else
      fact "the kernel tuning kept no line: the benchmark runs with the kernels' defaults"
    fi
  else
    steps+=("| tune-kernels | not run: $limit s left | 0 | |"); publish
  fi
fi

(( no_bench == 0 && $(left) > 60 )) && step_note="aclnn_bench $bench_args" step bench "$bench_time" bench_fn
# The later steps (the CPU's benchmark, the profile, the A/B runs) keep the kernels' own choice.
unset ACLNN_OPENCL_KERNEL_PARAMS

# The CPU implementation's benchmark beside PyTorch on every core, then this machine's CPU against its
# GPU in one table, appended to bench.md.
bench_cpu_fn() {
  local torch_opts=(--cases "$work/bench/cases-cpu.json" --out "$work/bench/torch-cpu.json" --no-cuda
                    --threads "$(nproc)")
  [[ $bench_args == *--quick* ]] && torch_opts+=(--quick)
  # shellcheck disable=SC2086
  ACLNN_OPENCL_DEVICE=$cpu_platform "$bin/aclnn_bench" --list-cases --json "$work/bench/cases-cpu.json" $bench_args ||
    return 1
  timeout $(( bench_time / 2 )) python3 "$root/bench/torch_baseline.py" "${torch_opts[@]}" ||
    echo "the PyTorch CPU baseline failed or timed out: the CPU benchmark runs without it"
  local torch_arg=(--no-torch)
  [[ -s $work/bench/torch-cpu.json ]] && torch_arg=(--torch "$work/bench/torch-cpu.json")
  # shellcheck disable=SC2086
  ACLNN_OPENCL_DEVICE=$cpu_platform "$bin/aclnn_bench" "${torch_arg[@]}" --json "$work/bench/results-cpu.json" \
      $bench_args > "$work/bench/bench-cpu.md" || return 1
  if [[ -s $work/bench/results.json ]]; then
    { echo; echo "## This machine's GPU against its CPU ($cpu_platform), same run"; echo;
      python3 "$root/bench/gpu_vs_cpu.py" "$work/bench/results.json" "$work/bench/results-cpu.json"; } >> "$work/bench/bench.md"
  fi
}
export -f bench_cpu_fn
[[ -n $cpu_platform ]] && (( no_bench == 0 && $(left) > 60 )) &&
  step_note="aclnn_bench $bench_args on '$cpu_platform', PyTorch CPU $(nproc) threads" step bench-cpu "$bench_time" bench_cpu_fn

# --- 5. precision ------------------------------------------------------------------------------
# The report of docs/precision.md for this machine's devices: the page's hand-written part kept, its
# generated part (below the marker) rewritten by aclnn_precision; each row is printed as it is measured.
precision_fn() {
  cp "$root/docs/precision.md" "$work/precision/precision.md"
  # shellcheck disable=SC2086
  "$bin/aclnn_precision" $precision_args --markdown "$work/precision/precision.md" > "$work/precision/stdout.txt"
  local rc=$?
  tail -n 12 "$work/precision/stdout.txt"
  return $rc
}
export precision_args
export -f precision_fn
if [[ $precision_args == off ]]; then :
elif [[ ! -x $bin/aclnn_precision ]]; then
  steps+=("| precision | not run: no aclnn_precision in $bin | 0 | |"); publish
elif (( $(left) > 60 )); then
  step_note="aclnn_precision $precision_args" step precision "$precision_time" precision_fn
fi

# --- 6. profile --------------------------------------------------------------------------------
# Each kernel's device time (the library's debug log), for the quick case list: the last of the three
# timed runs of every case, so that program builds and first-touch costs are behind it.
profile_fn() {
  ACLNN_OPENCL_LOG_LEVEL=debug "$bin/aclnn_bench" --quick --runs 3 --no-torch --copy-mib 16 \
      2> "$work/bench/profile.log" > /dev/null || return 1
  python3 "$kit/kernel_profile.py" "$work/bench/profile.log" > "$work/bench/profile.txt"
}
export -f profile_fn
(( profile == 1 && no_bench == 0 && $(left) > 40 )) && step_note="ACLNN_OPENCL_LOG_LEVEL=debug aclnn_bench --quick --runs 3" \
  step profile 90 profile_fn

# ConvTbc on the CPU implementation with the library's choice of CLBlast parameters and without a file
# (--cpu-clblast-ab), alternating: whether an embedded file, applied by its device or family, suits this
# CPU. The log lines (ACLNN_OPENCL_LOG_LEVEL=info) say which file applied and why. "Without a file" is a
# named file for no device: nothing of it applies, and the library's CPU switching point
# (kCpuMinIndirectSize, host/blas/tuned_params.h) stays, as on a CPU that no file covers.
cpu_clblast_ab_fn() {
  local round none=$work/bench/no-device.params
  printf '# for no device: run.sh --cpu-clblast-ab\ndevice (no device)\n' > "$none"
  for round in 1 2; do
    echo "### round $round: the library's own choice"
    ACLNN_OPENCL_DEVICE=$cpu_platform ACLNN_OPENCL_LOG_LEVEL=info "$bin/aclnn_bench" --op ConvTbc --no-torch \
        $ab_args 2> "$work/bench/cpu-clblast-ab.log" || return 1
    grep -i -e 'family' -e 'parameter' "$work/bench/cpu-clblast-ab.log" | sort -u
    echo "### round $round: no parameter file (CLBlast's built-in kernel parameters)"
    ACLNN_OPENCL_DEVICE=$cpu_platform ACLNN_OPENCL_CLBLAST_PARAMS=$none "$bin/aclnn_bench" --op ConvTbc --no-torch \
        $ab_args 2>/dev/null || return 1
  done > "$work/bench/cpu-clblast-ab.md"
}
export -f cpu_clblast_ab_fn
export ab_args=${ACLNN_KIT_AB_ARGS:---runs 15 --copy-mib 16}
[[ -n $cpu_platform && $cpu_ab == 1 ]] && (( $(left) > 60 )) &&
  step_note="aclnn_bench --op ConvTbc on '$cpu_platform', both ways, twice" step cpu-clblast-ab 200 cpu_clblast_ab_fn

# ConvTbc's GEMMs with the library's choice of backend (the own GEMM on a GPU) and with CLBlast
# (--gemm-ab), alternating, on the first implementation; the log line names each run's backend.
gemm_ab_fn() {
  local round
  for round in 1 2; do
    echo "### round $round: the library's choice"
    ACLNN_OPENCL_LOG_LEVEL=info "$bin/aclnn_bench" --op ConvTbc --no-torch $ab_args 2> "$work/bench/gemm-ab.log" ||
      return 1
    grep -o -m2 -E '(own GEMM|CLBlast|host BLAS) fp(32|16) \((gemm|convolution)[^)]*' "$work/bench/gemm-ab.log" | sort -u |
      sed 's/^/    /'
    echo "### round $round: ACLNN_OPENCL_GEMM=clblast"
    ACLNN_OPENCL_GEMM=clblast "$bin/aclnn_bench" --op ConvTbc --no-torch $ab_args 2>/dev/null || return 1
  done > "$work/bench/gemm-ab.md"
}
export -f gemm_ab_fn
(( gemm_ab == 1 && $(left) > 60 )) && step_note="aclnn_bench --op ConvTbc, the library's choice and CLBlast, twice" \
  step gemm-ab 150 gemm_ab_fn

# The whole suite on the CPU implementation too (--cpu-suite), its counts added to the suite summary.
suite_cpu_fn() {
  local rc=0
  ACLNN_OPENCL_DEVICE=$cpu_platform python3 "$kit/run_suite.py" "$bin/aclnn_tests" --out "$work/suite-cpu" \
      --filter "$suite_filter" --jobs "${ACLNN_KIT_JOBS:-$(nproc)}" --deadline $(( suite_time - 30 )) \
      --test-timeout 120 || rc=1
  { echo; echo "CPU implementation ($cpu_platform):"; cat "$work/suite-cpu/summary.txt"; } >> "$work/suite/summary.txt"
  cat "$work/suite-cpu/summary.txt"
  return $rc
}
export -f suite_cpu_fn
[[ -n $cpu_platform && $cpu_suite == 1 ]] && (( $(left) > 60 )) &&
  step_note="aclnn_tests filter '$suite_filter' on '$cpu_platform', $(nproc) processes" \
  step suite-cpu "$suite_time" suite_cpu_fn

# --- 7. tuning ---------------------------------------------------------------------------------
tune_fn() {
  # fp32; the six kernel tuners in turn, each stopped at its share of the limit (the configurations
  # it measured by then count): Xgemm 2/5, the five others 1/12 each, then two candidates re-timed
  # through the whole GEMM routine, each within 1/12.
  local per=$(( $1 / 12 )) xgemm=$(( $1 * 2 / 5 ))
  bash "$root/scripts/tune-clblast.sh" -P 32 -k XgemmDirect,Xgemm,Copy,Pad,Transpose,Padtranspose \
      -t "$per" -T "$xgemm" --verify-top 2 --verify-rounds 1 --verify-runs 3 \
      --verify-size "${ACLNN_KIT_VERIFY_SIZE:-8192,512,512}" --allow-missing --family none \
      -w "$work/tune/work" -o "$work/tune/clblast.params" $tune_args
}
# The GEMM operators with the new file and with the library's own choice, alternating, same process
# settings otherwise: a tuning is kept only where it beats what ships.
tune_ab_fn() {
  local round
  [[ -s $work/tune/clblast.params ]] || { echo "no clblast.params to compare"; return 1; }
  for round in 1 2; do
    echo "## round $round: the library's own choice"
    "$bin/aclnn_bench" --op ConvTbc --no-torch $ab_args
    echo "## round $round: with the tuned file (ACLNN_OPENCL_CLBLAST_PARAMS)"
    ACLNN_OPENCL_CLBLAST_PARAMS=$work/tune/clblast.params "$bin/aclnn_bench" --op ConvTbc --no-torch $ab_args
  done > "$work/tune/ab.md"
}
export -f tune_fn tune_ab_fn
export tune_args
if (( tune > 0 )); then
  limit=$tune
  (( $(left) - 20 < limit )) && limit=$(( $(left) - 20 ))
  if (( limit >= 30 )); then
    export CLBLAST_TUNER_DIR=$prefix/usr/bin
    # The tuners' CLBlast version for the parameter file's header, from the bundle's package name.
    CLBLAST_VERSION=$(ls "$bundle"/debs/clblast-utils_*.deb 2>/dev/null | sed -n 's/.*clblast-utils_\([^_]*\)_.*/\1/p' | head -1)
    export CLBLAST_VERSION
    step_note="fp32, $limit s" step tune "$limit" tune_fn "$(( limit - 10 ))"
    (( $(left) > 30 )) && step_note="aclnn_bench --op ConvTbc, both ways, twice" step tune-ab 90 tune_ab_fn
  else
    steps+=("| tune | not run: $limit s left | 0 | |"); publish
  fi
fi

finish
