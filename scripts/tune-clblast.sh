#!/usr/bin/env bash
# tune-clblast.sh - tune CLBlast's GEMM-related kernels for one OpenCL device and write an
# aclnn-opencl parameters file (host/blas/tuned/*.params) that host/blas applies at run time
# through clblast::OverrideParameters / CLBlastOverrideParameters.
#
# It drives the stand-alone tuners of the Debian/Ubuntu package `clblast-utils`
# (clblast_tuner_*), collects the best configuration per kernel from their JSON files (and, for
# a tuner stopped by the time limit, from the result table it printed), optionally re-times the
# best Xgemm candidates on a real GEMM shape through the full clblast::Gemm routine, and writes:
#
#   # aclnn-opencl CLBlast parameters
#   # device: <CL_DEVICE_NAME>   platform: <CL_PLATFORM_NAME>   clblast: <version>   date: <UTC>
#   device <exact CL_DEVICE_NAME>
#   <Kernel> <precision> NAME=VALUE NAME=VALUE ...
#
# See docs/clblast-tuning.md for details. Run with -h for the options.
set -euo pipefail

PROG=$(basename "$0")
SCRIPT_DIR=$(cd "$(dirname "$0")" && pwd)
REPO_ROOT=$(cd "$SCRIPT_DIR/.." && pwd)

ALL_KERNELS="Copy,Pad,Transpose,Padtranspose,XgemmDirect,Xgemm,GemmRoutine"

usage() {
  cat <<EOF
Usage: $PROG [options] [PLATFORM_ID [DEVICE_ID [OUTPUT_FILE]]]

Tunes the CLBlast kernels used by clblast::Gemm (Copy, Pad, Transpose, Padtranspose,
XgemmDirect, Xgemm, GemmRoutine) for one OpenCL device with the clblast-utils tuners and
writes an aclnn-opencl parameter file.

Positional arguments (or use the options):
  PLATFORM_ID            OpenCL platform index, as in 'clinfo -l'        (default 0)
  DEVICE_ID              device index within that platform              (default 0)
  OUTPUT_FILE            parameter file to write (atomically replaced)
                         (default: host/blas/tuned/<device-name-slug>.params in this repo)

Options:
  -p, --platform ID      same as PLATFORM_ID
  -d, --device ID        same as DEVICE_ID
  -o, --output FILE      same as OUTPUT_FILE
  -P, --precisions LIST  comma-separated precisions in bits: 16, 32, 64   (default 32)
                         precisions the device does not support are skipped with a warning
  -k, --kernels LIST     comma-separated subset of
                         $ALL_KERNELS (default: all)
  -s, --size M,N,K       problem size for the Xgemm kernel tuner (default 512,512,512;
                         M and N must be multiples of 128; CLBlast's own default is 1024^3,
                         which is ~8x slower per configuration on a CPU)
      --direct-size M,N,K  problem size for the XgemmDirect tuner (default 256,256,256)
  -f, --fraction F       pass '-fraction F' to every kernel tuner: evaluate a random 1/F of each
                         search space (F > 1). Default: the tuners' own defaults (exhaustive for
                         the 'fixed' phases, 1/512 resp. 1/128 for Xgemm's random phases and
                         1/64 for XgemmDirect's). NOTE: for Xgemm this also replaces the default
                         of the random phases (2/4 and 4/4), so F=4 makes those much larger.
  -r, --runs N           timed runs per configuration (default: the tuners' defaults)
  -t, --time-limit SEC   wall-clock limit per tuner binary (default 300). A tuner that hits the
                         limit is stopped; the configurations it had already measured are used.
  -T, --xgemm-time-limit SEC   limit for clblast_tuner_xgemm (default 900)
      --verify-top N     re-time the N best Xgemm candidates through the full Gemm routine at
                         --verify-size and keep the fastest (default 4; 0 disables)
      --verify-size M,N,K   row-major NN shape used for that (default 8192,512,512)
      --verify-runs N    timed runs per verification (default 3)
      --verify-rounds N  round-robin rounds over the candidates, min time kept (default 2)
      --routine-runs N   runs per size for the GemmRoutine (direct/indirect switch) tuner
                         (default 2); its sweep covers m=n=k=64..2048
      --routine-time-limit SEC  limit for that sweep (default 900; it cannot be cut short
                         usefully: no GemmRoutine line is written if it does not finish)
  -w, --workdir DIR      keep all tuner logs/JSON in DIR (default: a temp dir, removed on
                         success, kept on failure)
      --resume           with -w: do not re-run a kernel tuner whose log already exists in DIR
                         (e.g. after an interruption); its results are parsed again. Extra tuner
                         JSON files copied into DIR/<prec>/<Kernel>/ (named clblast_*_<prec>.json)
                         join the candidates. Verification and GemmRoutine always re-run.
      --allow-missing    write the file even if some requested kernel produced no result
      --family PREFIX    a CL_DEVICE_NAME prefix of other devices the parameters should also apply
                         to when no file was tuned on them exactly (a 'family' line; repeat the
                         option for several). Default for PoCL CPU devices ("pthread-<LLVM CPU>-
                         <CPU model>" in PoCL 3, "cpu-<LLVM CPU>-<CPU model>" in PoCL 5): both
                         "pthread-<LLVM CPU>-" and "cpu-<LLVM CPU>-", i.e. any CPU model PoCL
                         compiles for the same LLVM target, with as many compute units (the
                         file's 'units' line); none for other devices. "none" writes no family
                         line.
  -q, --quiet            do not echo tuner progress lines
  -h, --help             this text

Environment: TUNER_PREFIX (default clblast_tuner_) and CLBLAST_TUNER_DIR (directory with the
tuner binaries; default: search PATH). Needs python3, coreutils timeout and an OpenCL ICD loader.

Examples:
  $PROG                                   # platform 0, device 0, FP32, default budget
  $PROG 0 0 host/blas/tuned/pocl-cpu.params -P 32,64
  $PROG -p 1 -d 0 -f 4 -t 120 -T 600 -o /tmp/my-gpu.params
EOF
}

die()  { echo "$PROG: error: $*" >&2; exit 1; }
warn() { echo "$PROG: warning: $*" >&2; }
log()  { echo "[$PROG] $*" >&2; }

is_uint() { [[ "$1" =~ ^[0-9]+$ ]]; }
is_mnk()  { [[ "$1" =~ ^[0-9]+,[0-9]+,[0-9]+$ ]]; }

# ---------------------------------------------------------------------------------- arguments
PLATFORM=""; DEVICE=""; OUTPUT=""
PRECISIONS="32"
KERNELS="$ALL_KERNELS"
GEMM_SIZE="512,512,512"
DIRECT_SIZE="256,256,256"
FRACTION=""
RUNS=""
TIME_LIMIT=300
XGEMM_TIME_LIMIT=900
VERIFY_TOP=4
VERIFY_SIZE="8192,512,512"
VERIFY_RUNS=3
VERIFY_ROUNDS=2
ROUTINE_RUNS=2
ROUTINE_TIME_LIMIT=900
WORKDIR=""
ALLOW_MISSING=0
FAMILIES=()
RESUME=0
QUIET=0
POSITIONAL=()

need_arg() { [[ $# -ge 2 && -n "$2" ]] || die "option $1 needs an argument (see -h)"; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    -p|--platform) need_arg "$@"; PLATFORM=$2; shift 2 ;;
    -d|--device) need_arg "$@"; DEVICE=$2; shift 2 ;;
    -o|--output) need_arg "$@"; OUTPUT=$2; shift 2 ;;
    -P|--precisions|--precision) need_arg "$@"; PRECISIONS=$2; shift 2 ;;
    -k|--kernels) need_arg "$@"; KERNELS=$2; shift 2 ;;
    -s|--size) need_arg "$@"; GEMM_SIZE=$2; shift 2 ;;
    --direct-size) need_arg "$@"; DIRECT_SIZE=$2; shift 2 ;;
    -f|--fraction) need_arg "$@"; FRACTION=$2; shift 2 ;;
    -r|--runs) need_arg "$@"; RUNS=$2; shift 2 ;;
    -t|--time-limit) need_arg "$@"; TIME_LIMIT=$2; shift 2 ;;
    -T|--xgemm-time-limit) need_arg "$@"; XGEMM_TIME_LIMIT=$2; shift 2 ;;
    --verify-top) need_arg "$@"; VERIFY_TOP=$2; shift 2 ;;
    --verify-size) need_arg "$@"; VERIFY_SIZE=$2; shift 2 ;;
    --verify-runs) need_arg "$@"; VERIFY_RUNS=$2; shift 2 ;;
    --verify-rounds) need_arg "$@"; VERIFY_ROUNDS=$2; shift 2 ;;
    --routine-runs) need_arg "$@"; ROUTINE_RUNS=$2; shift 2 ;;
    --routine-time-limit) need_arg "$@"; ROUTINE_TIME_LIMIT=$2; shift 2 ;;
    -w|--workdir) need_arg "$@"; WORKDIR=$2; shift 2 ;;
    --allow-missing) ALLOW_MISSING=1; shift ;;
    --family) need_arg "$@"; FAMILIES+=("$2"); shift 2 ;;
    --resume) RESUME=1; shift ;;
    -q|--quiet) QUIET=1; shift ;;
    --) shift; POSITIONAL+=("$@"); break ;;
    -*) die "unknown option '$1' (see -h)" ;;
    *) POSITIONAL+=("$1"); shift ;;
  esac
done
[[ ${#POSITIONAL[@]} -le 3 ]] || die "too many positional arguments: ${POSITIONAL[*]} (see -h)"
if [[ ${#POSITIONAL[@]} -ge 1 ]]; then [[ -z "$PLATFORM" ]] || die "platform given twice"; PLATFORM=${POSITIONAL[0]}; fi
if [[ ${#POSITIONAL[@]} -ge 2 ]]; then [[ -z "$DEVICE" ]] || die "device given twice"; DEVICE=${POSITIONAL[1]}; fi
if [[ ${#POSITIONAL[@]} -ge 3 ]]; then [[ -z "$OUTPUT" ]] || die "output given twice"; OUTPUT=${POSITIONAL[2]}; fi
PLATFORM=${PLATFORM:-0}; DEVICE=${DEVICE:-0}
[[ $RESUME -eq 0 || -n "$WORKDIR" ]] || die "--resume needs -w/--workdir"

is_uint "$PLATFORM" || die "platform id must be a non-negative integer, got '$PLATFORM'"
is_uint "$DEVICE"   || die "device id must be a non-negative integer, got '$DEVICE'"
is_mnk "$GEMM_SIZE"   || die "--size must look like M,N,K, got '$GEMM_SIZE'"
is_mnk "$DIRECT_SIZE" || die "--direct-size must look like M,N,K, got '$DIRECT_SIZE'"
is_mnk "$VERIFY_SIZE" || die "--verify-size must look like M,N,K, got '$VERIFY_SIZE'"
for v in TIME_LIMIT XGEMM_TIME_LIMIT ROUTINE_TIME_LIMIT VERIFY_TOP VERIFY_RUNS VERIFY_ROUNDS ROUTINE_RUNS; do
  is_uint "${!v}" || die "$v must be a non-negative integer, got '${!v}'"
done
[[ "$TIME_LIMIT" -gt 0 && "$XGEMM_TIME_LIMIT" -gt 0 && "$ROUTINE_TIME_LIMIT" -gt 0 ]] || die "time limits must be > 0"
[[ "$VERIFY_RUNS" -ge 1 && "$VERIFY_ROUNDS" -ge 1 && "$ROUTINE_RUNS" -ge 1 ]] || die "--verify-runs/--verify-rounds/--routine-runs must be >= 1"
[[ -z "$RUNS" ]] || { is_uint "$RUNS" && [[ "$RUNS" -ge 1 ]]; } || die "--runs must be a positive integer"
[[ -z "$FRACTION" || "$FRACTION" =~ ^[0-9]+([.][0-9]+)?$ ]] || die "--fraction must be a number, got '$FRACTION'"
IFS=, read -r GM GN GK <<<"$GEMM_SIZE"
(( GM % 128 == 0 && GN % 128 == 0 && GK % 32 == 0 && GM > 0 && GN > 0 && GK > 0 )) \
  || die "--size: M and N must be positive multiples of 128 and K of 32 (Xgemm tuner limits), got $GEMM_SIZE"
IFS=, read -r DM DN DK <<<"$DIRECT_SIZE"
(( DM > 0 && DN > 0 && DK > 0 )) || die "--direct-size must be positive"
IFS=, read -r VM VN VK <<<"$VERIFY_SIZE"
(( VM > 0 && VN > 0 && VK > 0 )) || die "--verify-size must be positive"

IFS=, read -r -a PREC_LIST <<<"$PRECISIONS"
[[ ${#PREC_LIST[@]} -ge 1 ]] || die "empty precision list"
for p in "${PREC_LIST[@]}"; do
  case "$p" in 16|32|64) ;; *) die "unsupported precision '$p' (use 16, 32 and/or 64)" ;; esac
done
IFS=, read -r -a KERNEL_LIST <<<"$KERNELS"
[[ ${#KERNEL_LIST[@]} -ge 1 ]] || die "empty kernel list"
for k in "${KERNEL_LIST[@]}"; do
  [[ ",$ALL_KERNELS," == *",$k,"* ]] || die "unknown kernel '$k' (choose from $ALL_KERNELS)"
done
want_kernel() { [[ ",$KERNELS," == *",$1,"* ]]; }

# ------------------------------------------------------------------------------- dependencies
command -v python3 >/dev/null 2>&1 || die "python3 is required (JSON parsing and OpenCL device query)"
command -v timeout >/dev/null 2>&1 || die "coreutils 'timeout' is required"
TUNER_PREFIX=${TUNER_PREFIX:-clblast_tuner_}
tuner_path() {  # tuner_path NAME -> absolute path or empty
  local n="${TUNER_PREFIX}$1"
  if [[ -n "${CLBLAST_TUNER_DIR:-}" ]]; then
    [[ -x "$CLBLAST_TUNER_DIR/$n" ]] && echo "$CLBLAST_TUNER_DIR/$n"
  else
    command -v "$n" 2>/dev/null || true
  fi
}
declare -A TUNER_OF=(
  [Copy]=copy_fast [Pad]=copy_pad [Transpose]=transpose_fast [Padtranspose]=transpose_pad
  [XgemmDirect]=xgemm_direct [Xgemm]=xgemm [GemmRoutine]=routine_xgemm
)
declare -A TUNER_BIN=()
for k in "${KERNEL_LIST[@]}"; do
  b=$(tuner_path "${TUNER_OF[$k]}")
  [[ -n "$b" ]] || die "tuner '${TUNER_PREFIX}${TUNER_OF[$k]}' for kernel $k not found (install the 'clblast-utils' package, or set CLBLAST_TUNER_DIR)"
  TUNER_BIN[$k]=$b
done
if (( VERIFY_TOP > 0 )) && want_kernel Xgemm; then
  ROUTINE_BIN=$(tuner_path routine_xgemm)
  [[ -n "$ROUTINE_BIN" ]] || die "'${TUNER_PREFIX}routine_xgemm' (needed by --verify-top) not found; use --verify-top 0"
fi
STDBUF=()
command -v stdbuf >/dev/null 2>&1 && STDBUF=(stdbuf -oL -eL)

# The installed package's version; the caller may name it (the GPU kit's tuners come unpacked, not installed).
CLBLAST_VERSION=${CLBLAST_VERSION:-$(dpkg-query -W -f='${Version}' libclblast1 2>/dev/null || true)}
CLBLAST_VERSION=${CLBLAST_VERSION%%-*}
[[ -n "$CLBLAST_VERSION" ]] || CLBLAST_VERSION=unknown

# ------------------------------------------------------------------------------ python helper
# The device query and the tuners' JSON and logs: scripts/clblast_tuning.py (unit tests beside it).
py() { python3 "$SCRIPT_DIR/clblast_tuning.py" "$@"; }

# ----------------------------------------------------------------------------- device query
DEVINFO=$(py query "$PLATFORM" "$DEVICE") || die "OpenCL device query failed (platform $PLATFORM, device $DEVICE)"
IFS=$'\t' read -r PLATFORM_NAME DEVICE_NAME DEVICE_FP DEVICE_UNITS <<<"$DEVINFO"
[[ -n "$DEVICE_NAME" ]] || die "could not read CL_DEVICE_NAME of platform $PLATFORM device $DEVICE"
log "platform $PLATFORM: '$PLATFORM_NAME'"
log "device   $DEVICE: '$DEVICE_NAME' (precisions: $DEVICE_FP, compute units: ${DEVICE_UNITS:-?})"

# The families: for PoCL's CPU device, the name up to the last '-' before the CPU model (the model
# starts at the first word with a space after it; LLVM CPU names such as x86-64-v3 have none), under
# both the "pthread-" prefix of PoCL 3 and the "cpu-" prefix of PoCL 5 (the same device, renamed). The
# file's units line limits them to devices with as many compute units (docs/clblast-tuning.md).
if [[ ${#FAMILIES[@]} -eq 0 && $PLATFORM_NAME == "Portable Computing Language" && ($DEVICE_NAME == pthread-*" "* || $DEVICE_NAME == cpu-*" "*) ]]; then
  head_part=${DEVICE_NAME%% *}
  if [[ $head_part == *-*-* ]]; then
    target=${head_part#*-}
    target=${target%-*}
    FAMILIES=("pthread-$target-" "cpu-$target-")
  fi
fi
[[ ${#FAMILIES[@]} -eq 1 && ${FAMILIES[0]} == none ]] && FAMILIES=()
own_family=$(( ${#FAMILIES[@]} == 0 ))
for f in "${FAMILIES[@]}"; do
  [[ $f != none ]] || die "--family none cannot be combined with other --family options"
  [[ $DEVICE_NAME == "$f"* ]] && own_family=1
  log "family   '$f' (other devices whose name starts so get this file when none was tuned on them)"
done
[[ $own_family == 1 ]] || die "no --family is a prefix of the device's name '$DEVICE_NAME'"

if [[ -z "$OUTPUT" ]]; then
  slug=$(printf '%s' "$DEVICE_NAME" | tr '[:upper:]' '[:lower:]' | tr -c 'a-z0-9' '-' | tr -s '-' | sed 's/^-//; s/-$//')
  OUTPUT="$REPO_ROOT/host/blas/tuned/${slug:-device}.params"
fi
OUT_DIR=$(dirname "$OUTPUT")
mkdir -p "$OUT_DIR" || die "cannot create output directory '$OUT_DIR'"
[[ -w "$OUT_DIR" ]] || die "output directory '$OUT_DIR' is not writable"

RUN_PRECS=()
for p in "${PREC_LIST[@]}"; do
  if [[ ",$DEVICE_FP," == *",$p,"* ]]; then RUN_PRECS+=("$p"); else warn "device does not support FP$p; skipping precision $p"; fi
done
[[ ${#RUN_PRECS[@]} -ge 1 ]] || die "none of the requested precisions ($PRECISIONS) is supported by the device"

# -------------------------------------------------------------------------------- work dir
KEEP_WORKDIR=0
if [[ -n "$WORKDIR" ]]; then
  mkdir -p "$WORKDIR" || die "cannot create workdir '$WORKDIR'"
  WORKDIR=$(cd "$WORKDIR" && pwd); KEEP_WORKDIR=1
else
  WORKDIR=$(mktemp -d "${TMPDIR:-/tmp}/tune-clblast.XXXXXX")
fi
SUCCESS=0
cleanup() {
  if [[ $KEEP_WORKDIR -eq 0 && $SUCCESS -eq 1 ]]; then rm -rf -- "$WORKDIR"
  else echo "[$PROG] tuner logs and JSON kept in $WORKDIR" >&2; fi
}
trap cleanup EXIT
trap 'echo "[$PROG] interrupted" >&2; exit 130' INT TERM
log "work dir: $WORKDIR"

# run_tuner DIR LIMIT BIN ARGS... : runs a tuner in DIR with a wall-clock limit; stdout -> DIR/tuner.log
# returns 0 (finished), 124 (stopped by the limit) or the tuner's exit code.
run_tuner() {
  local dir=$1 limit=$2; shift 2
  mkdir -p "$dir"
  rm -f "$dir/tuner.log"
  log "  running: $* (limit ${limit}s)"
  local rc=0 start=$SECONDS
  if [[ $QUIET -eq 1 ]]; then
    ( cd "$dir" && exec timeout --signal=TERM --kill-after=20 "$limit" "${STDBUF[@]}" "$@" ) >"$dir/tuner.log" 2>&1 || rc=$?
  else
    local st
    set +e
    ( cd "$dir" && exec timeout --signal=TERM --kill-after=20 "$limit" "${STDBUF[@]}" "$@" ) 2>&1 \
      | tee "$dir/tuner.log" | sed -u 's/\x1b\[[0-9;]*m//g' \
      | grep --line-buffered -E '^\* (\([0-9]/[0-9]\)|Found best|Found [0-9]|Exploring|Testing|Completed)|^  --> ' \
      | sed -u 's/^/      /' >&2
    st=("${PIPESTATUS[@]}")
    set -e
    rc=${st[0]}
  fi
  if [[ $rc -eq 124 || $rc -eq 137 ]]; then
    log "  stopped after $((SECONDS - start))s by the time limit; using the configurations measured so far"
    return 124
  fi
  log "  finished in $((SECONDS - start))s (exit $rc)"
  return "$rc"
}

# check_overrides LOG N: the routine tuner must report N successfully applied JSON overrides
check_overrides() {
  local got
  got=$(grep -c "Applying parameter override successfully" "$1" 2>/dev/null || true)
  if [[ "${got:-0}" -ne "$2" ]]; then
    warn "routine tuner applied ${got:-0} of $2 parameter overrides (see $1); ignoring this run"
    return 1
  fi
}

common_args() {  # common_args PRECISION -> tuner arguments
  local a=(-platform "$PLATFORM" -device "$DEVICE" -precision "$1")
  [[ -z "$RUNS" ]] || a+=(-runs "$RUNS")
  printf '%s\n' "${a[@]}"
}
kernel_args() {  # extra arguments for the kernel (not routine) tuners
  [[ -z "$FRACTION" ]] || printf '%s\n' -fraction "$FRACTION"
}

declare -A RESULT=()    # RESULT[Kernel/prec]="N=V ..."
declare -A VERIFY_DIRECT_GF=() VERIFY_INDIRECT_MS=() VERIFY_DIRECT_MS=()
declare -A NOTE=()      # NOTE[Kernel/prec]="comment"
MISSING=()

ORDER=(Copy Pad Transpose Padtranspose XgemmDirect Xgemm GemmRoutine)
for prec in "${RUN_PRECS[@]}"; do
  log "=== precision $prec ==="
  for k in "${ORDER[@]}"; do
    want_kernel "$k" || continue
    [[ "$k" == GemmRoutine ]] && continue   # done after the others, needs their results
    dir="$WORKDIR/$prec/$k"
    mapfile -t args < <(common_args "$prec"; kernel_args)
    limit=$TIME_LIMIT; what=""
    case "$k" in
      Xgemm) args+=(-m "$GM" -n "$GN" -k "$GK"); limit=$XGEMM_TIME_LIMIT; what=" m=$GM n=$GN k=$GK" ;;
      XgemmDirect) args+=(-m "$DM" -n "$DN" -k "$DK"); what=" m=$DM n=$DN k=$DK" ;;
    esac
    log "[$k/$prec] tuning with ${TUNER_BIN[$k]##*/}"
    rc=0
    if [[ $RESUME -eq 1 && -s "$dir/tuner.log" ]]; then
      log "  --resume: re-using $dir"
      want=1; [[ $k == Xgemm ]] && want=4; [[ $k == XgemmDirect ]] && want=2
      [[ $(grep -c "Completed tuning process" "$dir/tuner.log" || true) -ge $want ]] || rc=124
    else
      mkdir -p "$dir"; rm -f "$dir"/clblast_*.json "$dir/candidates.txt"
      run_tuner "$dir" "$limit" "${TUNER_BIN[$k]}" "${args[@]}" || rc=$?
    fi
    [[ $rc -eq 0 || $rc -eq 124 ]] || warn "$k/$prec: tuner exited with status $rc (see $dir/tuner.log)"
    top=1; [[ "$k" == Xgemm ]] && top=$(( VERIFY_TOP > 1 ? VERIFY_TOP : 1 ))
    cands=$(py best "$k" "$dir" "$prec" "$top") || die "$k/$prec: could not parse tuner output in $dir"
    if [[ -z "$cands" ]]; then
      warn "$k/$prec: no valid configuration found (see $dir/tuner.log)"
      MISSING+=("$k/$prec"); continue
    fi
    printf '%s\n' "$cands" >"$dir/candidates.txt"
    IFS=$'\t' read -r t p <<<"$(head -n1 <<<"$cands")"
    RESULT[$k/$prec]=$p
    extra=""; [[ $rc -eq 124 ]] && extra=", stopped by the ${limit}s limit"
    NOTE[$k/$prec]="${TUNER_BIN[$k]##*/}$what: best kernel time $t ms${extra}"
    log "[$k/$prec] best ($t ms): $p"
  done

  # ---- re-verify the best Xgemm candidates through the whole Gemm routine on a real shape.
  # Candidates are timed round-robin (VERIFY_ROUNDS rounds, min per candidate) so that a load
  # change on a shared machine does not favour whichever candidate happened to run in a quiet
  # moment; a lower-ranked candidate must beat a higher-ranked one by more than 3%.
  if want_kernel Xgemm && (( VERIFY_TOP > 0 )) && [[ -n "${RESULT[Xgemm/$prec]:-}" ]]; then
    mapfile -t CANDS <"$WORKDIR/$prec/Xgemm/candidates.txt"
    nc=${#CANDS[@]}
    log "[Xgemm/$prec] verifying the $nc best candidates with clblast::Gemm (row-major NN m=$VM n=$VN k=$VK; $VERIFY_ROUNDS round(s) x $VERIFY_RUNS runs)"
    flops=$(( 2 * VM * VN * VK ))
    gflops() { awk -v f="$flops" -v t="$1" 'BEGIN{ if (t > 0) printf "%.1f", f / (t * 1e6); else print "n/a" }'; }
    declare -A VIND=()
    vdirect=""
    for ((r = 1; r <= VERIFY_ROUNDS; r++)); do
      for ((i = 1; i <= nc; i++)); do
        IFS=$'\t' read -r t p <<<"${CANDS[i-1]}"
        vdir="$WORKDIR/$prec/verify-$i-round-$r"; mkdir -p "$vdir"; rm -f "$vdir"/clblast_*.json
        py write-json "$vdir/clblast_xgemm_1_$prec.json" xgemm_1 "$prec" "$p"
        for kk in XgemmDirect:xgemm_direct_1 Copy:copy Pad:pad Transpose:transpose Padtranspose:padtranspose; do
          kn=${kk%%:*}; fam=${kk#*:}
          [[ -z "${RESULT[$kn/$prec]:-}" ]] || py write-json "$vdir/clblast_${fam}_$prec.json" "$fam" "$prec" "${RESULT[$kn/$prec]}"
        done
        nj=$(ls "$vdir"/clblast_*_"$prec".json | wc -l)
        rc=0
        run_tuner "$vdir" "$TIME_LIMIT" "$ROUTINE_BIN" -platform "$PLATFORM" -device "$DEVICE" -precision "$prec" \
          -runs "$VERIFY_RUNS" -m "$VM" -n "$VN" -k "$VK" || rc=$?
        check_overrides "$vdir/tuner.log" "$nj" || continue
        j=$(ls "$vdir"/clblast_gemm_routine_single_size_"$prec".json 2>/dev/null | head -n1 || true)
        if [[ $rc -ne 0 || -z "$j" ]]; then warn "verification of candidate $i failed (see $vdir/tuner.log)"; continue; fi
        read -r ti td <<<"$(py routine-single "$j")"
        log "  round $r, candidate $i (kernel $t ms): Gemm indirect $ti ms = $(gflops "$ti") GFLOP/s, direct $td ms = $(gflops "$td") GFLOP/s"
        if awk -v a="$ti" -v b="${VIND[$i]:-0}" 'BEGIN{exit !(a > 0 && (b <= 0 || a < b))}'; then VIND[$i]=$ti; fi
        if awk -v a="$td" -v b="${vdirect:-0}" 'BEGIN{exit !(a > 0 && (b <= 0 || a < b))}'; then vdirect=$td; fi
      done
    done
    best_i=""; best_t=""
    for ((i = 1; i <= nc; i++)); do
      [[ -n "${VIND[$i]:-}" ]] || continue
      if [[ -z "$best_t" ]] || awk -v a="${VIND[$i]}" -v b="$best_t" 'BEGIN{exit !(a < 0.97 * b)}'; then
        best_i=$i; best_t=${VIND[$i]}
      fi
    done
    if [[ -n "$best_i" ]]; then
      IFS=$'\t' read -r t p <<<"${CANDS[best_i-1]}"
      RESULT[Xgemm/$prec]=$p
      VERIFY_INDIRECT_MS[$prec]=$best_t
      VERIFY_DIRECT_MS[$prec]=${vdirect:--1}; VERIFY_DIRECT_GF[$prec]=$(gflops "${vdirect:--1}")
      summary=""
      for ((i = 1; i <= nc; i++)); do summary+=" #$i=$(gflops "${VIND[$i]:--1}")"; done
      NOTE[Xgemm/$prec]+="; verified in clblast::Gemm NN m=$VM n=$VN k=$VK (GFLOP/s, indirect, best of $VERIFY_ROUNDS rounds):$summary; chosen #$best_i; XgemmDirect path: ${VERIFY_DIRECT_GF[$prec]} GFLOP/s"
      log "[Xgemm/$prec] chosen: candidate $best_i ($(gflops "$best_t") GFLOP/s): $p"
    else
      warn "Xgemm/$prec: no verification run succeeded; keeping the kernel tuner's best"
    fi
  fi

  # ---- GemmRoutine: direct/indirect switching point, with the tuned kernels applied
  if want_kernel GemmRoutine; then
    k=GemmRoutine; dir="$WORKDIR/$prec/$k"; mkdir -p "$dir"; rm -f "$dir"/clblast_*.json
    for kk in Xgemm:xgemm_1 XgemmDirect:xgemm_direct_1 Copy:copy Pad:pad Transpose:transpose Padtranspose:padtranspose; do
      kn=${kk%%:*}; fam=${kk#*:}
      [[ -z "${RESULT[$kn/$prec]:-}" ]] || py write-json "$dir/clblast_${fam}_$prec.json" "$fam" "$prec" "${RESULT[$kn/$prec]}"
    done
    nj=$(ls "$dir"/clblast_*_"$prec".json 2>/dev/null | wc -l)
    log "[$k/$prec] tuning the direct/indirect switch with ${TUNER_BIN[$k]##*/} (m=n=k=64..2048)"
    rc=0; run_tuner "$dir" "$ROUTINE_TIME_LIMIT" "${TUNER_BIN[$k]}" -platform "$PLATFORM" -device "$DEVICE" \
      -precision "$prec" -runs "$ROUTINE_RUNS" || rc=$?
    j=""
    for f in "$dir"/clblast_*routine*_"$prec".json; do
      [[ -f "$f" && "$f" != *single_size* ]] && { j=$f; break; }
    done
    if ! check_overrides "$dir/tuner.log" "$nj"; then
      MISSING+=("$k/$prec")
    elif [[ $rc -ne 0 || -z "$j" ]]; then
      warn "$k/$prec: routine tuner did not finish (status $rc, see $dir/tuner.log); not overriding GemmRoutine"
      MISSING+=("$k/$prec")
    else
      v=$(py routine-sweep "$j") || die "$k/$prec: cannot parse $j"
      note="${TUNER_BIN[$k]##*/}: switching point from the m=n=k sweep = $v"
      # Keep the verified shape on the faster path: CLBlast uses XgemmDirect iff m*n*k < S^3.
      if [[ -n "${VERIFY_INDIRECT_MS[$prec]:-}" && -n "${VERIFY_DIRECT_MS[$prec]:-}" ]]; then
        c=$(py cbrt "$VM" "$VN" "$VK")
        if awk -v i="${VERIFY_INDIRECT_MS[$prec]}" -v d="${VERIFY_DIRECT_MS[$prec]}" 'BEGIN{exit !(i > 0 && (d <= 0 || i < d))}'; then
          if (( v > c )); then note+="; lowered to $c so that m=$VM n=$VN k=$VK (measured faster indirect) stays indirect"; v=$c; fi
        elif (( v <= c )); then
          note+="; raised to $((c + 1)) so that m=$VM n=$VN k=$VK (measured faster direct) uses XgemmDirect"; v=$((c + 1))
        fi
      fi
      RESULT[$k/$prec]="XGEMM_MIN_INDIRECT_SIZE=$v"; NOTE[$k/$prec]=$note
      log "[$k/$prec] XGEMM_MIN_INDIRECT_SIZE=$v"
    fi
  fi
done

if [[ ${#MISSING[@]} -gt 0 ]]; then
  if [[ $ALLOW_MISSING -eq 1 ]]; then warn "no result for: ${MISSING[*]} (left out of the file; CLBlast keeps its built-in values)"
  else die "no result for: ${MISSING[*]}; re-run with a larger --time-limit, or pass --allow-missing to write the rest"; fi
fi
[[ ${#RESULT[@]} -gt 0 ]] || die "no tuning results at all"

# ------------------------------------------------------------------------------ write output
TMP_OUT=$(mktemp "$OUT_DIR/.$(basename "$OUTPUT").XXXXXX")
{
  echo "# aclnn-opencl CLBlast parameters"
  echo "# device: $DEVICE_NAME   platform: $PLATFORM_NAME   clblast: $CLBLAST_VERSION   date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "# generated by scripts/tune-clblast.sh (platform $PLATFORM, device $DEVICE, xgemm tuning size $GEMM_SIZE${FRACTION:+, fraction $FRACTION})"
  echo "# format: <Kernel> <precision bits> NAME=VALUE ...  (complete parameter set, for clblast::OverrideParameters)"
  echo "device $DEVICE_NAME"
  [[ ${DEVICE_UNITS:-0} -gt 0 ]] && echo "units $DEVICE_UNITS"
  for f in "${FAMILIES[@]}"; do echo "family $f"; done
  for prec in "${RUN_PRECS[@]}"; do
    for k in "${ORDER[@]}"; do
      [[ -n "${RESULT[$k/$prec]:-}" ]] || continue
      echo "# ${NOTE[$k/$prec]}"
      echo "$k $prec ${RESULT[$k/$prec]}"
    done
  done
} >"$TMP_OUT"
chmod 644 "$TMP_OUT"
mv -f "$TMP_OUT" "$OUTPUT"
SUCCESS=1
log "wrote $OUTPUT"
