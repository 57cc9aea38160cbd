#!/usr/bin/env bash
# Installs a current PyTorch from PyPI into a project-local virtual environment, the baseline that the
# benchmark compares against when it is there (docs/benchmarks.md, "Which PyTorch"):
#
#   .deps/torch-venv/            python3 -m venv, with torch==$ACLNN_TORCH_VERSION and numpy
#   .deps/torch-venv/.installed  the pinned requirement line, written last (a rerun with the same pin
#                                does nothing)
#
# PyPI's Linux wheels bring NVIDIA's CUDA libraries as dependencies (about 3 GB in all); the benchmark
# uses this PyTorch on the CPU only. Without it, the benchmark falls back to Debian's python3-torch
# (1.13, what `make demo` installs) and says so in its tables and JSON.
#
#   ACLNN_DEPS_DIR        where .deps goes (default <repo>/.deps)
#   ACLNN_TORCH_VERSION   the PyTorch version to pin (default below)
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
deps=${ACLNN_DEPS_DIR:-$root/.deps}
version=${ACLNN_TORCH_VERSION:-2.15.0}
venv=$deps/torch-venv
requirement="torch==$version numpy"

if [[ -f $venv/.installed && $(cat "$venv/.installed") == "$requirement" ]]; then
  echo "install-torch: $("$venv/bin/python" -c 'import torch; print("PyTorch", torch.__version__)') in $venv"
  exit 0
fi

# Debian's python3 with its venv module (python3-venv).
if ! /usr/bin/python3 -c 'import venv, ensurepip' 2>/dev/null; then
  sudo=""
  [[ $(id -u) -ne 0 ]] && sudo=sudo
  echo "install-torch: installing python3-venv"
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends python3-venv
fi

echo "install-torch: installing $requirement from PyPI into $venv (about 3 GB)"
rm -rf "$venv"
/usr/bin/python3 -m venv "$venv"
# shellcheck disable=SC2086  # the requirement is two words on purpose
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-input $requirement
"$venv/bin/python" -c 'import torch; torch.zeros(1) + 1; print("install-torch: PyTorch", torch.__version__, "works")'
echo "$requirement" >"$venv/.installed"
