#!/usr/bin/env bash
# Installs what aclnn-opencl needs to build, test and benchmark on Debian 12 (idempotent).
# Uses sudo only when not root. Set ACLNN_SKIP_INSTALL=1 to skip the installs (the project-local
# OpenCL vendor directory below is still refreshed: it needs no root and no network).
#
# Besides Debian packages it installs Intel's OpenCL CPU runtime from PyPI into a project-local
# prefix (no system pip, nothing under /etc) and writes a project-local ICD vendor directory:
#
#   .deps/intel-opencl-rt-<version>/   the runtime: lib/libintelocl.so and the libraries it needs
#                                      (libsvml, libimf, libirng, libintlc, libtbb) side by side, so
#                                      that libintelocl.so's RUNPATH ($ORIGIN) finds them
#   .deps/opencl-vendors/              a link to every ICD in /etc/OpenCL/vendors plus intel-cpu.icd
#                                      naming that libintelocl.so; `make test`, `make demo` and
#                                      `make bench` point OCL_ICD_VENDORS at it (docs/devices.md)
#   .deps/mkl/lib/                     Intel oneMKL's single-precision GEMM (libmkl_rt.so and the libraries
#                                      it loads for cblas_sgemm on x86-64, GNU OpenMP threading): the host
#                                      BLAS of CPU devices where it loads, OpenBLAS elsewhere (docs/gemm.md)
#
#   ACLNN_DEPS_DIR       where .deps goes (default <repo>/.deps)
#   ACLNN_WITH_INTEL=0   skip Intel's runtime
#   ACLNN_WITH_MKL=0     skip oneMKL (CPU devices' products then run in OpenBLAS)
#   ACLNN_WITH_TORCH=1   also Debian's PyTorch, for the benchmark's PyTorch columns
#                        (`make demo` sets it unless you pass ACLNN_WITH_TORCH=0; `make test` does not)
#   ACLNN_WITH_PLOTS=1   also matplotlib, for bench/report.py's chart
#   ACLNN_WITH_FUZZ=1    also clang with libFuzzer and the sanitizer runtimes (scripts/fuzz.sh)
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
deps=${ACLNN_DEPS_DIR:-$root/.deps}
with_intel=${ACLNN_WITH_INTEL:-1}

# Intel's OpenCL CPU runtime, pinned (docs/devices.md records what was tested).
intel_version=2026.2.0
intel_wheels=(intel-opencl-rt==$intel_version intel-cmplr-lib-rt==$intel_version tbb==2023.2.0)
intel_prefix=$deps/intel-opencl-rt-$intel_version

# oneMKL, pinned; only the libraries cblas_sgemm needs are unpacked (about 300 of the wheel's 650 MB).
with_mkl=${ACLNN_WITH_MKL:-1}
[[ $(uname -m) == x86_64 ]] || with_mkl=0
mkl_wheels=(mkl==2026.2.0)
mkl_prefix=$deps/mkl
mkl_libraries='libmkl_(rt|core|intel_lp64|gnu_thread|def|mc3|avx2|avx512|avx10)\.so\.[0-9]+'

install_packages() {
  local packages=(
    build-essential cmake ninja-build pkg-config
    ocl-icd-opencl-dev opencl-headers clinfo
    pocl-opencl-icd mesa-opencl-icd
    libclblast-dev
    libopenblas0-pthread  # the host BLAS of CPU devices' GEMMs (host/blas/host_blas.h), loaded at run time
    libgtest-dev libgmock-dev
    oclgrind  # GPU-typed OpenCL simulator for the GPU-path check (tests/oclgrind/); no .icd file
  )
  # pip (Debian's, used only to download the wheels) and python3 to unpack them.
  [[ "$with_intel" == 1 || "$with_mkl" == 1 ]] && packages+=(python3 python3-pip)
  # Optional: PyTorch for the benchmark's baseline columns (bench/torch_baseline.py) and regenerating
  # golden data. libtorch needs a BLAS: the OpenBLAS above (--no-install-recommends pulls in none).
  if [[ "${ACLNN_WITH_TORCH:-0}" == 1 ]]; then
    packages+=(python3-torch python3-numpy)
  fi
  if [[ "${ACLNN_WITH_PLOTS:-0}" == 1 ]]; then
    packages+=(python3-matplotlib)
  fi
  # Optional: clang with libFuzzer and the sanitizer runtimes, for scripts/fuzz.sh (Debian 12: clang 14).
  if [[ "${ACLNN_WITH_FUZZ:-0}" == 1 ]]; then
    packages+=(clang libclang-rt-dev)
  fi

  local missing=() p
  for p in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
      missing+=("$p")
    fi
  done
  [[ ${#missing[@]} -eq 0 ]] && return 0

  local sudo=""
  if [[ $(id -u) -ne 0 ]]; then
    if command -v sudo >/dev/null; then sudo=sudo; else
      echo "install-deps: need root or sudo to install: ${missing[*]}" >&2
      exit 1
    fi
  fi
  echo "install-deps: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

# Downloads pinned wheels with Debian's pip (`pip download` installs nothing) and unpacks the files
# each wheel installs under its prefix (<name>.data/data/), those whose lib/ name matches `filter` (a
# Python regular expression; "" takes all), into one prefix; a stamp naming the wheels is written last,
# so a rerun with the same pins does nothing. Zip files hold no symbolic links, so each library comes
# twice (libfoo.so and libfoo.so.<version>); the unversioned copy becomes a link, which saves about
# 300 MB for Intel's runtime.
#   install_wheels <what> <prefix> <filter> <wheel>...
install_wheels() {
  local what=$1 prefix=$2 filter=$3
  shift 3
  local stamp=$prefix/.installed
  [[ -f $stamp && $(cat "$stamp") == "$*" ]] && return 0
  echo "install-deps: installing $what ($*) into $prefix"
  local python=/usr/bin/python3
  [[ -x $python ]] || python=python3
  local tmp=$deps/.download
  rm -rf "$tmp"
  mkdir -p "$tmp"
  if ! "$python" -m pip download --quiet --disable-pip-version-check --no-deps --only-binary=:all: \
    --dest "$tmp" "$@"; then
    echo "install-deps: could not download $what from PyPI" >&2
    return 1
  fi
  rm -rf "$prefix"
  mkdir -p "$prefix"
  "$python" - "$prefix" "$filter" "$tmp"/*.whl <<'PY'
import filecmp, os, re, sys, zipfile
prefix, keep, wheels = sys.argv[1], sys.argv[2], sys.argv[3:]
for wheel in wheels:
    with zipfile.ZipFile(wheel) as z:
        for info in z.infolist():
            m = re.match(r"[^/]+\.data/data/(.+)", info.filename)
            if not m or info.is_dir():
                continue
            if keep and not re.fullmatch(r"lib/" + keep, m.group(1)):
                continue
            target = os.path.join(prefix, m.group(1))
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with z.open(info) as src, open(target, "wb") as dst:
                dst.write(src.read())
            mode = (info.external_attr >> 16) & 0o777
            os.chmod(target, mode if mode else 0o644)
lib = os.path.join(prefix, "lib")
names = sorted(os.listdir(lib))
for name in names:
    path = os.path.join(lib, name)
    if os.path.islink(path) or not re.search(r"\.so(\.\d+)*$", name):
        continue
    longer = [n for n in names if n.startswith(name + ".") and re.fullmatch(r"(\.\d+)+", n[len(name):])
              and not os.path.islink(os.path.join(lib, n))]
    for other in sorted(longer, key=len, reverse=True):
        if filecmp.cmp(path, os.path.join(lib, other), shallow=False):
            os.remove(path)
            os.symlink(other, path)
            break
PY
  rm -rf "$tmp"
  echo "$*" > "$stamp"
}

install_intel() {
  if ! install_wheels "Intel's OpenCL CPU runtime" "$intel_prefix" "" "${intel_wheels[@]}"; then
    echo "install-deps: ACLNN_WITH_INTEL=0 skips Intel's runtime" >&2
    exit 1
  fi
  test -f "$intel_prefix/lib/libintelocl.so"
  # The wheel's own .icd files name a placeholder path; this one names the unpacked library.
  echo "$intel_prefix/lib/libintelocl.so" > "$intel_prefix/intel-cpu.icd"
}

# oneMKL under the one name the library looks for (CMakeLists.txt compiles in $mkl_prefix/lib/libmkl_rt.so).
install_mkl() {
  if ! install_wheels "oneMKL" "$mkl_prefix" "$mkl_libraries" "${mkl_wheels[@]}"; then
    echo "install-deps: ACLNN_WITH_MKL=0 skips oneMKL" >&2
    exit 1
  fi
  local rt
  rt=$(cd "$mkl_prefix/lib" && ls libmkl_rt.so.* | head -n 1)
  ln -sfn "$rt" "$mkl_prefix/lib/libmkl_rt.so"
}

# The vendor directory the project's commands use: every system ICD (links, so a driver installed
# or removed later shows through) plus Intel's. OCL_ICD_VENDORS=<dir> makes Debian's ICD loader
# (ocl-icd 2.3.1) read that directory instead of /etc/OpenCL/vendors.
write_vendors() {
  local dir=$deps/opencl-vendors icd
  mkdir -p "$dir"
  find "$dir" -maxdepth 1 -name '*.icd' -delete
  for icd in /etc/OpenCL/vendors/*.icd; do
    [[ -e $icd ]] || continue
    grep -q libintelocl "$icd" && continue  # Intel's registered system-wide: ours replaces it
    ln -s "$icd" "$dir/$(basename "$icd")"
  done
  if [[ -f $intel_prefix/intel-cpu.icd && "$with_intel" == 1 ]]; then
    cp "$intel_prefix/intel-cpu.icd" "$dir/intel-cpu.icd"
  fi
}

if [[ "${ACLNN_SKIP_INSTALL:-0}" != 1 ]]; then
  install_packages
  [[ "$with_intel" == 1 ]] && install_intel
  [[ "$with_mkl" == 1 ]] && install_mkl
fi
write_vendors
