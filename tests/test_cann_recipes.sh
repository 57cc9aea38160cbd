#!/usr/bin/env bash
# CANN recipes test: installs a build under both of CANN's install roots, then builds copies of our example
# programs the way each official CANN recipe builds an operator sample, with each include style the
# official samples use, and runs them.
#
#   tests/test_cann_recipes.sh <build-dir> [<source-dir>]
#
# Install roots (simulated under a temporary directory; nothing outside it is touched):
#   .../usr/local/Ascend/ascend-toolkit/latest   older CANN; set_env.sh one level up (a link the install makes)
#   .../usr/local/Ascend/cann                    newer CANN; <root>/set_env.sh and <root>/bin/setenv.bash
#                                                (installed with DESTDIR and --prefix /usr/local/Ascend/cann)
# Include styles, made by rewriting the operator include line of each example copy:
#   aclnnop   #include "aclnnop/aclnn_x.h"          (most samples)
#   level2    #include "aclnnop/level2/aclnn_x.h"   (older toolkits' location, still installed by CANN)
#   bare      #include "aclnn_x.h"                  (ops-nn's MaxUnpool2dBackward sample)
# Recipes (the include directories and library names each one uses; root from the variable it reads):
#   cmake     the CMakeLists.txt template of the CANN docs: root from ASCEND_CUSTOM_PATH (ops-cv's and
#             ops-math's variant: ASCEND_HOME_PATH, used here with the cann root), -I<root>/include
#             -I<root>/include/aclnn, <root>/lib64/lib{ascendcl,nnopbase,opapi_math,opapi_nn}.so by full
#             path, -DCMAKE_SKIP_RPATH=TRUE (the loader finds the library through set_env.sh)
#   nn        ops-nn's build.sh --run_example: g++ with -I$ASCEND_HOME_PATH/include{,/aclnnop,/aclnn}
#             -L$ASCEND_HOME_PATH/lib64 -lopapi_nn -lopapi_math -lascendcl -lnnopbase
#   mathcv    ops-math's and ops-cv's scripts/build_example.sh: -I$ASCEND_HOME_PATH/include{,/aclnnop}
#             -L$ASCEND_HOME_PATH/lib64 -lacl_rt -lnnopbase (and the library of the ops)
#   package   find_package(aclnn_opencl) through the CMAKE_PREFIX_PATH that set_env.sh sets
# Every (root, include directories, style) combination is compiled (-fsyntax-only, all examples); each
# (root, recipe) pair builds and runs all examples in one style, the styles rotating so that each root
# sees every style and the bare style meets the recipes without -I<root>/include/aclnnop.
# Registered with CTest as cann_sample_recipes. ACLNN_OPENCL_DEVICE defaults to pocl.
set -uo pipefail

build_dir=$(cd "${1:?usage: test_cann_recipes.sh <build-dir> [<source-dir>]}" && pwd)
source_dir=$(cd "${2:-$(dirname "$0")/..}" && pwd)
export ACLNN_OPENCL_DEVICE=${ACLNN_OPENCL_DEVICE:-pocl}
# shellcheck source=tests/example_outputs.sh
source "$source_dir/tests/example_outputs.sh"

work=$(mktemp -d "${TMPDIR:-/tmp}/aclnn_recipes_test.XXXXXX")
cleanup() {
    if [[ "${ACLNN_INSTALL_TEST_KEEP:-0}" == 1 ]]; then echo "kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT

failures=0
checks=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
pass() { echo "ok:   $*"; checks=$((checks + 1)); }
quiet() {
    local log=$work/log.$RANDOM
    if ! "$@" >"$log" 2>&1; then
        sed 's/^/  | /' "$log" | head -40
        return 1
    fi
}
generator=()
command -v ninja >/dev/null && generator=(-G Ninja)

# ---- 1. Install under both roots ----------------------------------------------------------------------
quiet cmake --build "$build_dir" --target aclnn_opencl -j2 || { fail "building aclnn_opencl"; exit 1; }
toolkit=$work/usr/local/Ascend/ascend-toolkit/latest
cann=$work/staging/usr/local/Ascend/cann
quiet cmake --install "$build_dir" --prefix "$toolkit" || { fail "cmake --install --prefix $toolkit"; exit 1; }
DESTDIR=$work/staging quiet cmake --install "$build_dir" --prefix /usr/local/Ascend/cann ||
    { fail "DESTDIR=... cmake --install --prefix /usr/local/Ascend/cann"; exit 1; }
declare -A root_of=([toolkit]=$toolkit [cann]=$cann)
# What a CANN user sources for each root.
declare -A env_script_of=([toolkit]=$work/usr/local/Ascend/ascend-toolkit/set_env.sh [cann]=$cann/bin/setenv.bash)
for r in toolkit cann; do
    [[ -f ${env_script_of[$r]} ]] || fail "$r root: ${env_script_of[$r]} missing"
    [[ -f ${root_of[$r]}/set_env.sh ]] || fail "$r root: set_env.sh missing"
done
pass "installed under .../ascend-toolkit/latest (prefix) and .../cann (DESTDIR)"

# Each operator header also exists as aclnnop/level2/<name> and aclnn/<name>, and only for operator headers.
headers=()
for h in "$source_dir"/include/aclnnop/aclnn_*.h; do headers+=("$(basename "$h")"); done
[[ ${#headers[@]} -ge 5 ]] || fail "found only ${#headers[@]} operator headers in include/aclnnop"
for r in toolkit cann; do
    for h in "${headers[@]}"; do
        for d in aclnnop aclnnop/level2 aclnn; do
            [[ -f ${root_of[$r]}/include/$d/$h ]] || fail "$r root: include/$d/$h missing"
        done
    done
    for f in "${root_of[$r]}"/include/aclnnop/level2/*; do
        [[ -f "$source_dir/include/aclnnop/$(basename "$f")" ]] ||
            fail "$r root: include/aclnnop/level2/$(basename "$f") is not an operator header"
    done
done
pass "${#headers[@]} operator headers under aclnnop/, aclnnop/level2/ and aclnn/ in both roots"

# ---- 2. The example copies, one directory per include style ---------------------------------------------
styles=(aclnnop level2 bare)
for style in "${styles[@]}"; do
    mkdir -p "$work/src/$style"
    for example in "${examples[@]}"; do
        case $style in
            aclnnop) cp "$source_dir/examples/$example.cpp" "$work/src/$style/" ;;
            level2) sed 's|^#include "aclnnop/\(aclnn_[a-z0-9_]*\.h\)"|#include "aclnnop/level2/\1"|' \
                        "$source_dir/examples/$example.cpp" >"$work/src/$style/$example.cpp" ;;
            bare) sed 's|^#include "aclnnop/\(aclnn_[a-z0-9_]*\.h\)"|#include "\1"|' \
                      "$source_dir/examples/$example.cpp" >"$work/src/$style/$example.cpp" ;;
        esac
        # The rewrite must have happened (and only to the operator includes: one per operator the
        # example calls, e.g. four in train_step_conv1d_block.cpp).
        want='#include "aclnnop/aclnn_'
        [[ $style == level2 ]] && want='#include "aclnnop/level2/aclnn_'
        [[ $style == bare ]] && want='#include "aclnn_'
        includes=$(grep -c '^#include "aclnnop/aclnn_' "$source_dir/examples/$example.cpp")
        [[ $includes -ge 1 && $(grep -c "^$want" "$work/src/$style/$example.cpp") == "$includes" ]] ||
            fail "$style copy of $example.cpp: expected $includes line(s) starting with $want"
    done
done

# ---- 3. Every include-directory set with every style compiles, under both roots --------------------------
declare -A include_dirs=(
    [cmake]="include include/aclnn"
    [nn]="include include/aclnnop include/aclnn"
    [mathcv]="include include/aclnnop")
for r in toolkit cann; do
    for recipe in cmake nn mathcv; do
        flags=()
        for d in ${include_dirs[$recipe]}; do flags+=(-I"${root_of[$r]}/$d"); done
        for style in "${styles[@]}"; do
            if (cd "$work" && quiet g++ -std=c++11 -fsyntax-only "${flags[@]}" "$work/src/$style"/*.cpp); then
                checks=$((checks + 1))
            else
                fail "$r root, $recipe include dirs (${include_dirs[$recipe]}), $style includes: does not compile"
            fi
        done
    done
done
pass "compiled: 2 roots x 3 include-directory sets x 3 include styles x ${#examples[@]} examples"

# ---- 4. Build with each recipe and run -----------------------------------------------------------------
# Checks the outputs captured in <dir>/<example>.out; <dir>/<example>.status holds the exit status.
check_all() {  # <label> <dir>
    local label=$1 dir=$2 example
    for example in "${examples[@]}"; do
        if [[ $(cat "$dir/$example.status" 2>/dev/null) != 0 ]]; then
            sed 's/^/  | /' "$dir/$example.out" | tail -20
            fail "$label: $example exited with status $(cat "$dir/$example.status" 2>/dev/null)"
        elif ! check_output "$(cat "$dir/$example.out")" "${expected[$example]}"; then
            sed 's/^/  | /' "$dir/$example.out" | tail -20
            fail "$label: $example printed wrong results"
        else
            checks=$((checks + 1))
        fi
    done
}

write_cmake_template() {  # <dir> <style> <root variable>: our CMakeLists.txt shaped like the CANN docs' template
    cat >"$1/CMakeLists.txt" <<EOF
cmake_minimum_required(VERSION 3.14)
project(cann_template_recipe LANGUAGES CXX)
add_compile_options(-std=c++11)
if(NOT "\$ENV{$3}" STREQUAL "")
  set(ASCEND_PATH \$ENV{$3})
else()
  set(ASCEND_PATH "/usr/local/Ascend/cann")
endif()
include_directories(\${ASCEND_PATH}/include \${ASCEND_PATH}/include/aclnn)
foreach(example ${examples[*]})
  add_executable(\${example} $work/src/$2/\${example}.cpp)
  target_link_libraries(\${example} PRIVATE \${ASCEND_PATH}/lib64/libascendcl.so \${ASCEND_PATH}/lib64/libnnopbase.so
                        \${ASCEND_PATH}/lib64/libopapi_math.so \${ASCEND_PATH}/lib64/libopapi_nn.so)
endforeach()
EOF
}

write_package_project() {  # <dir> <style>
    cat >"$1/CMakeLists.txt" <<EOF
cmake_minimum_required(VERSION 3.14)
project(package_recipe LANGUAGES CXX)
find_package(aclnn_opencl 0.1 REQUIRED)
foreach(example ${examples[*]})
  add_executable(\${example} $work/src/$2/\${example}.cpp)
  target_link_libraries(\${example} PRIVATE aclnn_opencl::aclnn_opencl)
endforeach()
EOF
}

# <env-script> <project dir> <binaries dir> [VAR=value...]: configures and builds a CMake project in a clean
# environment with the CANN script sourced, and copies the example binaries out.
cmake_build() {
    local script=$1 dir=$2 out=$3
    shift 3
    # shellcheck disable=SC2016  # expanded by the inner bash
    env -i HOME="$HOME" PATH="$PATH" TMPDIR="${TMPDIR:-/tmp}" "$@" bash -c 'source "$1" && cd "$2" &&
        cmake -S . -B build "${@:4}" >build.log 2>&1 && cmake --build build -j2 >>build.log 2>&1' \
        sh "$script" "$dir" "$out" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release ${skip_rpath:+-DCMAKE_SKIP_RPATH=TRUE} ||
        { sed 's/^/  | /' "$dir/build.log" | tail -30; return 1; }
    local example
    for example in "${examples[@]}"; do cp "$dir/build/$example" "$out/" || return 1; done
}

# <root> <recipe> <style>: builds every example in a clean environment with the root's CANN script sourced.
build_and_run() {
    local r=$1 recipe=$2 style=$3 label="$1 root, $2 recipe, $3 includes" out=$work/bin/$1.$2
    mkdir -p "$out"
    local root=${root_of[$r]} script=${env_script_of[$r]}
    # A fresh environment each time: only what the user's shell and the CANN script would give.
    local envrun=(env -i HOME="$HOME" PATH="$PATH" ACLNN_OPENCL_DEVICE="$ACLNN_OPENCL_DEVICE"
                  RUSTICL_ENABLE="${RUSTICL_ENABLE:-}" TMPDIR="${TMPDIR:-/tmp}")
    local ok=1 example
    case $recipe in
        cmake)
            mkdir -p "$work/proj/$r.$recipe"
            if [[ $r == toolkit ]]; then
                write_cmake_template "$work/proj/$r.$recipe" "$style" ASCEND_CUSTOM_PATH
                skip_rpath=1 cmake_build "$script" "$work/proj/$r.$recipe" "$out" ASCEND_CUSTOM_PATH="$root" || ok=0
            else  # the root from ASCEND_HOME_PATH, which the sourced script sets
                write_cmake_template "$work/proj/$r.$recipe" "$style" ASCEND_HOME_PATH
                skip_rpath=1 cmake_build "$script" "$work/proj/$r.$recipe" "$out" || ok=0
            fi
            # CMAKE_SKIP_RPATH: no RUNPATH, the library comes from LD_LIBRARY_PATH (set_env.sh).
            if readelf -d "$out/${examples[0]}" 2>/dev/null | grep -q 'R.*PATH'; then
                fail "$label: the program has a RUNPATH despite CMAKE_SKIP_RPATH"
            fi ;;
        nn | mathcv)
            for example in "${examples[@]}"; do
                # shellcheck disable=SC2016  # expanded by the inner bash, after sourcing the CANN script
                "${envrun[@]}" bash -c 'source "$1" && shift &&
                    if [[ $1 == nn ]]; then
                        g++ "$2" -I "$ASCEND_HOME_PATH/include" -I "$ASCEND_HOME_PATH/include/aclnnop" \
                            -I "$ASCEND_HOME_PATH/include/aclnn" -L "$ASCEND_HOME_PATH/lib64" \
                            -lopapi_nn -lopapi_math -lascendcl -lnnopbase -o "$3"
                    else
                        g++ "$2" -I "$ASCEND_HOME_PATH/include" -I "$ASCEND_HOME_PATH/include/aclnnop" \
                            -L "$ASCEND_HOME_PATH/lib64" -lacl_rt -lnnopbase -lopapi_math -lopapi_cv -o "$3"
                    fi' sh "$script" "$recipe" "$work/src/$style/$example.cpp" "$out/$example" \
                    >"$out/$example.log" 2>&1 || { sed 's/^/  | /' "$out/$example.log" | head -30; ok=0; }
            done ;;
        package)
            mkdir -p "$work/proj/$r.$recipe"
            write_package_project "$work/proj/$r.$recipe" "$style"
            skip_rpath='' cmake_build "$script" "$work/proj/$r.$recipe" "$out" || ok=0 ;;
    esac
    if [[ $ok != 1 ]]; then
        fail "$label: build failed"
        return
    fi
    # Run as the user would: in a fresh shell with the CANN script sourced.
    local runner=$work/run.$r.$recipe.sh before=$failures
    {
        echo "source \"$script\""
        for example in "${examples[@]}"; do
            echo "\"$out/$example\" >\"$out/$example.out\" 2>&1; echo \$? >\"$out/$example.status\""
        done
    } >"$runner"
    "${envrun[@]}" bash "$runner"
    check_all "$label" "$out"
    [[ $failures == "$before" ]] && pass "$label: built, and every example printed the expected results"
}

# Styles rotate so that each root meets every style, and bare includes meet the recipes whose include
# directories lack <root>/include/aclnnop (cmake, package).
build_and_run toolkit cmake bare
build_and_run toolkit nn level2
build_and_run toolkit mathcv bare
build_and_run toolkit package aclnnop
build_and_run cann cmake level2
build_and_run cann nn bare
build_and_run cann mathcv aclnnop
build_and_run cann package bare

# ---- Summary -------------------------------------------------------------------------------------------
if [[ $failures -gt 0 ]]; then
    echo "CANN recipes test: $failures failure(s)"
    exit 1
fi
echo "CANN recipes test: passed ($checks checks)"
