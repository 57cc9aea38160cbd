#!/usr/bin/env bash
# Installs what aclnn-opencl needs to build, test and benchmark on Debian 12 (idempotent).
# Uses sudo only when not root. Set ACLNN_SKIP_INSTALL=1 to skip entirely.
#
#   ACLNN_WITH_TORCH=1   also Debian's PyTorch and OpenBLAS, for the benchmark's PyTorch columns
#                        (`make demo` sets it unless you pass ACLNN_WITH_TORCH=0; `make test` does not)
#   ACLNN_WITH_PLOTS=1   also matplotlib, for bench/report.py's chart
#   ACLNN_WITH_FUZZ=1    also clang with libFuzzer and the sanitizer runtimes (scripts/fuzz.sh)
set -euo pipefail

[[ "${ACLNN_SKIP_INSTALL:-0}" == 1 ]] && exit 0

packages=(
  build-essential cmake ninja-build pkg-config
  ocl-icd-opencl-dev opencl-headers clinfo
  pocl-opencl-icd mesa-opencl-icd
  libclblast-dev
  libgtest-dev libgmock-dev
)
# Optional: PyTorch for the benchmark's baseline columns (bench/torch_baseline.py) and regenerating golden
# data. libtorch needs a BLAS, and --no-install-recommends below would not pull one in.
if [[ "${ACLNN_WITH_TORCH:-0}" == 1 ]]; then
  packages+=(python3-torch libopenblas0-pthread python3-numpy)
fi
if [[ "${ACLNN_WITH_PLOTS:-0}" == 1 ]]; then
  packages+=(python3-matplotlib)
fi

# Optional: clang with libFuzzer and the sanitizer runtimes, for scripts/fuzz.sh (Debian 12: clang 14).
if [[ "${ACLNN_WITH_FUZZ:-0}" == 1 ]]; then
  packages+=(clang libclang-rt-dev)
fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
if [[ ${#missing[@]} -eq 0 ]]; then
  exit 0
fi

SUDO=""
if [[ $(id -u) -ne 0 ]]; then
  if command -v sudo >/dev/null; then SUDO=sudo; else
    echo "install-deps: need root or sudo to install: ${missing[*]}" >&2
    exit 1
  fi
fi
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
