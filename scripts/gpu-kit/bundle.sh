#!/usr/bin/env bash
# bundle.sh - prepares everything an OpenCL machine without network needs to test and benchmark this
# checkout: the Debian 12 packages it may lack, and the project's binaries built here (Release,
# stripped). Run it on a Debian 12 machine with network; then carry the checkout and the bundle
# folder to the other machine and run scripts/gpu-kit/run.sh there (docs/devices.md, "Running on an
# NVIDIA GPU machine without network").
#
#   scripts/gpu-kit/bundle.sh [--dir DIR] [--build-dir DIR] [--reuse-build DIR] [--jobs N] [--no-build]
#
#   --dir DIR          where the bundle goes (default .gpu-kit, ignored by git)
#   --build-dir DIR    the Release build it makes (default build-gpu-kit)
#   --reuse-build DIR  take the binaries from a build already configured in DIR, of whatever build type
#                      (its targets are brought up to date, nothing is reconfigured): CI's rehearsal
#                      bundles the build `make test` has just made rather than compiling the project a
#                      second time. A bundle for a GPU machine is the Release build above.
#   --no-build         download the packages only (run.sh --build-here then builds on the target)
#
# The bundle:
#   DIR/debs/*.deb        the ICD loader and its development files, OpenCL headers, CLBlast (library,
#                         development files, the clblast-utils tuners), clinfo, GoogleTest, OpenBLAS
#   DIR/bin/              aclnn_tests, aclnn_bench, aclnn_precision, aclnn_two_device_tests,
#                         train_step_conv1d_block, train_cnn, check_train_cnn, sample_runtime, aclnn_half_probe,
#                         aclnn_gemm_probe, aclnn_stream_probe and libaclnn_opencl.so.0 (stripped)
#   DIR/MANIFEST          what is in it: commit, packages with versions, binaries with sizes
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
dir=$root/.gpu-kit
build=$root/build-gpu-kit
jobs=$(nproc)
do_build=1 reuse=0
while [[ $# -gt 0 ]]; do
  case $1 in
    --dir) dir=$(realpath -m "$2"); shift 2 ;;
    --build-dir) build=$(realpath -m "$2"); shift 2 ;;
    --reuse-build) build=$(realpath -m "$2"); reuse=1; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --no-build) do_build=0; shift ;;
    -h|--help) sed -n '2,26p' "$0"; exit 0 ;;
    *) echo "bundle.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done

# Debian 12 packages a CUDA image (Ubuntu 24.04) usually lacks. Their own dependencies beyond these
# are libc6, libstdc++6 and libgcc-s1, which every such image has.
# OpenBLAS (with its Fortran runtime) is the host BLAS of a CPU device that run.sh --with-cpu adds.
packages=(ocl-icd-libopencl1 ocl-icd-opencl-dev opencl-c-headers opencl-clhpp-headers opencl-headers
          libclblast1 libclblast-dev clblast-utils clinfo googletest libgtest-dev libgmock-dev
          libopenblas0-pthread libgfortran5)

mkdir -p "$dir/debs"
rm -f "$dir"/debs/*.deb
echo "bundle: downloading ${#packages[@]} packages into $dir/debs"
# apt-get download writes into the current directory; as root it needs the _apt user to reach it,
# so download into a temporary folder that user may write, then move.
tmp=$(mktemp -d); chmod 777 "$tmp"
(cd "$tmp" && apt-get download -q "${packages[@]}" >/dev/null) || {
  echo "bundle: apt-get download failed (no network, or run 'apt-get update' first)" >&2; rm -rf "$tmp"; exit 1; }
mv "$tmp"/*.deb "$dir/debs/"; rm -rf "$tmp"

mkdir -p "$dir/bin"
rm -f "$dir"/bin/*
if [[ $do_build == 1 ]]; then
  if [[ $reuse == 1 ]]; then
    [[ -f $build/CMakeCache.txt ]] || { echo "bundle: --reuse-build $build: no configured build there" >&2; exit 1; }
    echo "bundle: the build in $build ($(sed -n 's/^CMAKE_BUILD_TYPE:[A-Z]*=//p' "$build/CMakeCache.txt"))"
  else
    echo "bundle: Release build in $build"
    # A build environment without the test machine's device selection: nothing is baked into the
    # test binary (tests/CMakeLists.txt compiles OCL_ICD_VENDORS/RUSTICL_ENABLE/ACLNN_OPENCL_DEVICE in;
    # the environment run.sh sets wins over them, so a reused build's binaries run the same there).
    env -u OCL_ICD_VENDORS -u RUSTICL_ENABLE -u ACLNN_OPENCL_DEVICE \
      cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
  fi
  env -u OCL_ICD_VENDORS -u RUSTICL_ENABLE -u ACLNN_OPENCL_DEVICE \
    cmake --build "$build" -j "$jobs" --target aclnn_tests aclnn_bench aclnn_precision aclnn_two_device_tests \
          train_step_conv1d_block train_cnn check_train_cnn sample_runtime aclnn_half_probe aclnn_gemm_probe \
          aclnn_stream_probe aclnn_opencl
  for b in tests/aclnn_tests bench/aclnn_bench tests/aclnn_precision tests/aclnn_two_device_tests \
           tests/train_step_conv1d_block tests/train_cnn tests/check_train_cnn tests/sample_runtime \
           bench/aclnn_half_probe bench/aclnn_gemm_probe \
           bench/aclnn_stream_probe; do
    strip -o "$dir/bin/$(basename "$b")" "$build/$b"
  done
  strip -o "$dir/bin/libaclnn_opencl.so.0" "$(readlink -f "$build/libaclnn_opencl.so.0")"
fi

{
  echo "commit $(git -C "$root" rev-parse HEAD 2>/dev/null || echo unknown)$(git -C "$root" diff --quiet HEAD 2>/dev/null || echo ' (with uncommitted changes)')"
  echo "built $(date -u +%FT%TZ) on $(. /etc/os-release; echo "$PRETTY_NAME")"
  for f in "$dir"/debs/*.deb; do echo "deb $(basename "$f") $(stat -c %s "$f")"; done
  for f in "$dir"/bin/*; do [[ -e $f ]] && echo "bin $(basename "$f") $(stat -c %s "$f")"; done
} > "$dir/MANIFEST"
echo "bundle: $(du -sh "$dir" | cut -f1) in $dir ($(ls "$dir/debs" | wc -l) packages, $(ls "$dir/bin" | wc -l) binaries)"
