#!/usr/bin/env bash
# Regenerates the measured part of docs/benchmarks.md on this machine: runs the full benchmark (every
# registered case, all OpenCL devices, PyTorch beside it), keeps the case list and the results as JSON
# under docs/bench/, draws docs/img/benchmark.png and puts the markdown tables between the results
# markers of docs/benchmarks.md.
#   bench/update_docs.sh [BUILD_DIR] [extra aclnn_bench options, e.g. --runs 5]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
shift || true
bench="$build/bench/aclnn_bench"
export RUSTICL_ENABLE=${RUSTICL_ENABLE:-llvmpipe}
# Intel's OpenCL CPU runtime through the project's vendor directory, as `make bench` does.
[[ -z "${OCL_ICD_VENDORS:-}" && -d .deps/opencl-vendors ]] && export OCL_ICD_VENDORS=$PWD/.deps/opencl-vendors
mkdir -p docs/bench docs/img

"$bench" --list-cases --json docs/bench/cases.json "$@"
status=0
table=$(mktemp)
trap 'rm -f "$table"' EXIT
"$bench" --json docs/bench/results.json "$@" > "$table" || status=$?
/usr/bin/python3 bench/report.py docs/bench/results.json --cases docs/bench/cases.json -o docs/img/benchmark.png

/usr/bin/python3 - "$table" "$build" "$@" <<'EOF'
import datetime, re, subprocess, sys
doc = open("docs/benchmarks.md").read()
table = open(sys.argv[1]).read().replace("## aclnn-opencl benchmark", "### Results", 1)
commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
command = " ".join(["bench/update_docs.sh"] + sys.argv[2:])
stamp = f"Measured {datetime.date.today().isoformat()} at commit {commit} with `{command}`."
block = f"<!-- results:begin -->\n{stamp}\n\n{table}\n![time against size](img/benchmark.png)\n<!-- results:end -->"
doc = re.sub(r"<!-- results:begin -->.*<!-- results:end -->", lambda _: block, doc, flags=re.S)
open("docs/benchmarks.md", "w").write(doc)
EOF
exit $status
