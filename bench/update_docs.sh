#!/usr/bin/env bash
# Measures this machine and writes the figures as dated, generated files: runs the full benchmark (every
# registered case, the OpenCL devices chosen, PyTorch beside it) and writes
#
#   docs/bench/<date>-<machine>.json        the results (bench --json; schema in docs/benchmarks.md)
#   docs/bench/<date>-<machine>.cases.json  the case list of the run (bench --list-cases)
#   docs/bench/<date>-<machine>.md          the summary against PyTorch, then every table of the run
#   docs/img/benchmark.png                  time against size (bench/report.py)
#
# and puts the summary of each kind of device the run has (bench/summarize.py: its CPU devices against
# PyTorch on the CPU, its GPU devices against PyTorch CUDA) between that kind's "summary" markers of
# README.md and docs/benchmarks.md, with a link to the dated file; a kind the run lacks keeps its
# block (the GPU runs of scripts/gpu-kit come in through bench/import_run.py). No figure in those two
# pages is written by hand.
#
# The baseline is a current PyTorch: scripts/install-torch.sh installs it into .deps/torch-venv first
# (pass --python PATH to compare against another interpreter's PyTorch).
#   bench/update_docs.sh [BUILD_DIR] [extra aclnn_bench options, e.g. --device pocl,intel --threads 2]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
shift || true
bench="$build/bench/aclnn_bench"
export RUSTICL_ENABLE=${RUSTICL_ENABLE:-llvmpipe}
# Intel's OpenCL CPU runtime through the project's vendor directory, as `make bench` does.
[[ -z "${OCL_ICD_VENDORS:-}" && -d .deps/opencl-vendors ]] && export OCL_ICD_VENDORS=$PWD/.deps/opencl-vendors
# PyTorch and matplotlib (the plot) from Debian, and a current PyTorch unless --python names another.
ACLNN_WITH_TORCH=1 ACLNN_WITH_PLOTS=1 bash scripts/install-deps.sh
[[ " $* " == *" --python "* ]] || bash scripts/install-torch.sh
mkdir -p docs/bench docs/img

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$bench" --list-cases --json "$work/cases.json" "$@"
status=0
"$bench" --json "$work/results.json" "$@" >"$work/tables.md" || status=$?

# The file name: the date and the machine line of the run ("vm: AMD EPYC, 2 CPUs, ..." -> amd-epyc-2-cpus).
stem=docs/bench/$(date -u +%F)-$(/usr/bin/python3 - "$work/results.json" <<'PY'
import json, re, sys
machine = json.load(open(sys.argv[1]))["machine"].split(": ", 1)[-1]
cpu, cpus = (machine.split(", ") + ["", ""])[:2]
cpu = re.sub(r"\((R|TM)\)|\b(Processor|CPU)\b|@.*", "", cpu)
print(re.sub(r"[^a-z0-9]+", "-", f"{cpu} {cpus}".lower()).strip("-"))
PY
)
cp "$work/results.json" "$stem.json"
cp "$work/cases.json" "$stem.cases.json"
/usr/bin/python3 bench/report.py "$stem.json" --cases "$stem.cases.json" -o docs/img/benchmark.png

commit=$(git rev-parse --short HEAD)
stamp="Measured $(date -u +%F) at commit $commit with \`bench/update_docs.sh $build $*\`."
# One summary per kind of device with PyTorch times (summarize.py exits 3 for a kind with none).
summarize() { /usr/bin/python3 bench/summarize.py "$stem.json" --cases "$stem.cases.json" --stamp "$stamp" "$@"; }
kinds=()
for kind in CPU GPU; do
  rc=0
  summarize --kind "$kind" >/dev/null 2>&1 || rc=$?
  if [[ $rc == 0 ]]; then kinds+=("$kind"); elif [[ $rc != 3 ]]; then summarize --kind "$kind"; exit 1; fi
done
{ echo "# Benchmark of $(date -u +%F) on $(basename "$stem" | cut -d- -f4-)"; echo;
  for kind in "${kinds[@]}"; do summarize --kind "$kind"; echo; done
  sed 's/^## aclnn-opencl benchmark/## Every case/' "$work/tables.md"; } >"$stem.md"
# Each summary between its kind's markers of the two pages, linking the dated file.
for kind in "${kinds[@]}"; do summarize --kind "$kind" --link "$stem.md" --into README.md docs/benchmarks.md; done
echo "update_docs: wrote $stem.{json,cases.json,md} and the ${kinds[*]:-no} summaries in README.md and docs/benchmarks.md"
exit $status
