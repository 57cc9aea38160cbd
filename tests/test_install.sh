#!/usr/bin/env bash
# Install test: installs a build to a temporary prefix, checks the CANN-style layout and the exported
# symbols, builds the example programs three ways (CANN's sample CMakeLists with the CANN library
# names, find_package(aclnn_opencl), and a plain compiler command line with pkg-config), runs them
# with <prefix>/set_env.sh sourced, and checks their printed results against the sample results in docs/ops/*.md.
#
#   tests/test_install.sh <build-dir> [<source-dir>]
#
# An example whose operator is not in the library yet (no such dynamic symbol) is SKIPPED, loudly;
# ACLNN_INSTALL_TEST_STRICT=1 (set by the CTest registration) turns a skip into a failure. The OpenCL device is PoCL unless
# ACLNN_OPENCL_DEVICE says otherwise. Registered with CTest as install_and_examples.
set -uo pipefail

build_dir=$(cd "${1:?usage: test_install.sh <build-dir> [<source-dir>]}" && pwd)
source_dir=$(cd "${2:-$(dirname "$0")/..}" && pwd)
export ACLNN_OPENCL_DEVICE=${ACLNN_OPENCL_DEVICE:-pocl}

work=$(mktemp -d "${TMPDIR:-/tmp}/aclnn_install_test.XXXXXX")
cleanup() {
    if [[ "${ACLNN_INSTALL_TEST_KEEP:-0}" == 1 ]]; then echo "kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT
prefix=$work/prefix

failures=0
skips=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
pass() { echo "ok:   $*"; }
# Runs a command quietly, keeping its output in a log that is shown only when it fails.
quiet() {
    local log=$work/log.$RANDOM
    if ! "$@" >"$log" 2>&1; then
        cat "$log"
        return 1
    fi
}

generator=()
command -v ninja >/dev/null && generator=(-G Ninja)

# ---- 1. Install ---------------------------------------------------------------------------------------
quiet cmake --build "$build_dir" --target aclnn_opencl -j2 || { fail "building aclnn_opencl"; exit 1; }
quiet cmake --install "$build_dir" --prefix "$prefix" || { fail "cmake --install"; exit 1; }
pass "installed to $prefix"

# CANN's library names, every one of which must be installed (docs/install.md says who loads which). Kept
# here, not read from cmake/Install.cmake, so that a name dropped there fails this test.
cann_names=(ascendcl nnopbase opapi acl_op_compiler   # every CANN program; ggml's CANN backend
            opapi_nn opapi_math opapi_cv acl_rt        # CANN 8.5 and later
            aclnn_ops_infer aclnn_ops_train aclnn_math) # before 8.5: what torch_npu and Python front ends dlopen
cann_files=()
for name in "${cann_names[@]}"; do cann_files+=("lib$name.so"); done

# ---- 2. Layout ----------------------------------------------------------------------------------------
lib=$prefix/lib64/libaclnn_opencl.so.0
for f in include/acl/acl.h include/acl/acl_base.h include/acl/acl_rt.h include/aclnn/acl_meta.h \
         include/aclnn/aclnn_base.h include/aclnn/opdev/op_errno.h include/aclnnop/aclnn_pad2d_backward.h \
         include/aclnnop/aclnn_im2col_backward.h include/aclnnop/aclnn_max_unpool2d_backward.h \
         include/aclnnop/aclnn_convolution_backward.h include/aclnnop/aclnn_group_norm_swish_grad.h \
         share/cmake/aclnn_opencl/aclnn_openclConfig.cmake share/cmake/aclnn_opencl/aclnn_openclConfigVersion.cmake \
         lib64/pkgconfig/aclnn_opencl.pc set_env.sh; do
    [[ -f $prefix/$f ]] || fail "missing $f"
done
# Every public header of the source tree (a new operator's included) is installed at the same path.
while IFS= read -r header; do
    [[ -f $prefix/include/${header#"$source_dir/include/"} ]] || fail "header not installed: ${header#"$source_dir/"}"
done < <(find "$source_dir/include" -name '*.h' | sort)
real_lib=$(readlink -f "$lib")
[[ -f $real_lib && $real_lib == */libaclnn_opencl.so.0.* ]] || fail "libaclnn_opencl.so.0 does not lead to a versioned file"
soname=$(readelf -d "$real_lib" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
if [[ $soname == libaclnn_opencl.so.0 ]]; then pass "SONAME $soname"; else fail "SONAME is '$soname'"; fi
for name in "${cann_names[@]}"; do
    [[ $(readlink -f "$prefix/lib64/lib$name.so") == "$real_lib" ]] || fail "lib$name.so does not resolve to $real_lib"
done
pass "CANN library names resolve to $(basename "$real_lib"): ${cann_names[*]}"

# Every installed header compiles on its own, as C++11 (CANN samples' dialect), from the installed tree only.
bad_headers=()
while IFS= read -r header; do
    rel=${header#"$prefix/include/"}
    printf '#include "%s"\nint main() { return 0; }\n' "$rel" >"$work/header_check.cpp"
    g++ -std=c++11 -fsyntax-only -I"$prefix/include" -I"$prefix/include/aclnn" "$work/header_check.cpp" \
        >"$work/header_check.log" 2>&1 || { cat "$work/header_check.log"; bad_headers+=("$rel"); }
done < <(find "$prefix/include" -name '*.h' | sort)
if [[ ${#bad_headers[@]} -gt 0 ]]; then fail "headers that do not compile alone: ${bad_headers[*]}"; else
    pass "every installed header compiles on its own (C++11)"; fi

# ---- 3. Exported symbols: the public C API only -------------------------------------------------------
exported=$(nm -D --defined-only "$real_lib" | awk '{print $3}')
leaks=$(grep -v '^acl' <<<"$exported" || true)
if [[ -n $leaks ]]; then
    fail "symbols other than acl*/aclnn* are exported: $(head -5 <<<"$leaks" | tr '\n' ' ')"
else
    pass "exports $(wc -l <<<"$exported") symbols, all acl*/aclnn*"
fi
has_symbol() { grep -qx "$1" <<<"$exported"; }

# ---- 4. set_env.sh -------------------------------------------------------------------------------------
# shellcheck disable=SC1091
source "$prefix/set_env.sh"
[[ ${ASCEND_TOOLKIT_HOME:-} == "$prefix" && ${ASCEND_HOME_PATH:-} == "$prefix" ]] \
    || fail "set_env.sh: ASCEND_TOOLKIT_HOME='${ASCEND_TOOLKIT_HOME:-}' ASCEND_HOME_PATH='${ASCEND_HOME_PATH:-}'"
[[ $LD_LIBRARY_PATH == "$prefix/lib64" || $LD_LIBRARY_PATH == "$prefix/lib64:"* ]] \
    || fail "set_env.sh: LD_LIBRARY_PATH='$LD_LIBRARY_PATH'"
[[ $LD_LIBRARY_PATH != *: && $LD_LIBRARY_PATH != *::* ]] || fail "set_env.sh left an empty LD_LIBRARY_PATH element"
# A POSIX sh cannot tell where a sourced file lives: the prefix written at install time is used there.
# shellcheck disable=SC2016  # expanded by the inner sh
posix=$(env -u LD_LIBRARY_PATH sh -c '. "$1/set_env.sh" && printf "%s|%s" "$ASCEND_HOME_PATH" "$LD_LIBRARY_PATH"' sh "$prefix")
[[ $posix == "$prefix|$prefix/lib64" ]] || fail "set_env.sh under sh gives '$posix'"
pass "set_env.sh exports ASCEND_TOOLKIT_HOME, ASCEND_HOME_PATH, LD_LIBRARY_PATH (bash and sh)"

# ---- 4b. Loading CANN's libraries by name, as Python front ends do ---------------------------------------
# tests/programs/dlopen_cann_names.c: dlopen("libX.so") by bare name (LD_LIBRARY_PATH from set_env.sh), dlsym
# of aclnnInit, aclnnFinalize and aclnnMaxUnpool2d{GetWorkspaceSize,}, and a call of aclnnInit. Run in a clean
# environment that only sources <root>'s script, so nothing of this shell's environment helps it.
loader=$work/dlopen_cann_names
quiet cc -std=c11 -Wall -Wextra -Werror -o "$loader" "$source_dir/tests/programs/dlopen_cann_names.c" -ldl ||
    fail "building tests/programs/dlopen_cann_names.c"
# load_by_name <script to source> <lib64 directory the libraries must come from>
load_by_name() {
    local script=$1 libdir=$2 out line
    # shellcheck disable=SC2016  # expanded by the inner bash
    if ! out=$(env -i PATH="$PATH" HOME="$HOME" bash -c 'source "$1" && shift && exec "$@"' _ \
                   "$script" "$loader" "${cann_files[@]}" 2>&1); then
        printf '%s\n' "$out" | sed 's/^/  | /'
        fail "dlopen by name after 'source $script': a CANN library name does not load or lacks a symbol"
        return
    fi
    while IFS= read -r line; do
        [[ ${line#* } == "$libdir/"* ]] || fail "dlopen ${line%% *} opened '${line#* }', not a file in $libdir"
    done <<<"$out"
    [[ $(wc -l <<<"$out") -eq ${#cann_files[@]} ]] || fail "dlopen by name: $(wc -l <<<"$out") lines for ${#cann_files[@]} names"
    pass "after 'source ${script#"$work/"}': dlopen of ${#cann_files[@]} names finds aclnnInit and aclnnMaxUnpool2d*"
}
if [[ -x $loader ]]; then
    load_by_name "$prefix/set_env.sh" "$prefix/lib64"
    # The check itself can fail: a name that is not installed must be reported.
    if env -i LD_LIBRARY_PATH="$prefix/lib64" "$loader" libaclnn_opapi_not_installed.so >/dev/null 2>&1; then
        fail "dlopen_cann_names accepted a library name that is not installed"
    fi
fi

# ---- 4c. CANN's install layouts --------------------------------------------------------------------------
# layout_link <link> <expected target>
layout_link() {
    local got
    got=$(readlink "$1" 2>/dev/null)
    [[ $got == "$2" ]] || fail "${1#"$work/"} is '${got:-missing}', expected a link to $2"
}
install_to() {  # <prefix>
    quiet cmake --install "$build_dir" --prefix "$1" || fail "cmake --install --prefix $1"
}
# Older CANN's real root, ascend-toolkit/<version>: latest -> <version>, set_env.sh -> latest/set_env.sh.
old=$work/layouts/old/Ascend
install_to "$old/ascend-toolkit/8.3.RC2"
layout_link "$old/ascend-toolkit/latest" 8.3.RC2
layout_link "$old/ascend-toolkit/set_env.sh" latest/set_env.sh
[[ -f $old/ascend-toolkit/8.3.RC2/set_env.sh ]] || fail "no set_env.sh in ascend-toolkit/8.3.RC2"
[[ -x $loader ]] && load_by_name "$old/ascend-toolkit/set_env.sh" "$old/ascend-toolkit/8.3.RC2/lib64"
pass "layout ascend-toolkit/<version>: latest and set_env.sh links"
# CANN 8.5 and later: cann-<version> with <Ascend>/cann -> cann-<version>, and the older paths to it.
new=$work/layouts/new/Ascend
install_to "$new/cann-8.5.0"
[[ -f $new/cann-8.5.0/set_env.sh && -L $new/cann-8.5.0/bin/setenv.bash ]] || fail "no set_env.sh / bin/setenv.bash in cann-8.5.0"
layout_link "$new/cann" cann-8.5.0
layout_link "$new/ascend-toolkit/latest" ../cann-8.5.0
layout_link "$new/ascend-toolkit/set_env.sh" latest/set_env.sh
# shellcheck disable=SC2016  # expanded by the inner bash
home=$(env -i PATH="$PATH" bash -c 'source "$1" && printf "%s|%s" "$ASCEND_TOOLKIT_HOME" "$ASCEND_HOME_PATH"' _ "$new/cann/set_env.sh")
[[ $home == "$new/cann-8.5.0|$new/cann-8.5.0" ]] || fail "source cann/set_env.sh: ASCEND_TOOLKIT_HOME|ASCEND_HOME_PATH = '$home'"
if [[ -x $loader ]]; then
    load_by_name "$new/cann/set_env.sh" "$new/cann-8.5.0/lib64"
    load_by_name "$new/ascend-toolkit/set_env.sh" "$new/cann-8.5.0/lib64"
fi
pass "layout cann-<version>: cann, ascend-toolkit/latest and ascend-toolkit/set_env.sh links"
# A second version next to the first: the links that exist (ours or a real CANN's) are left as they are.
install_to "$old/cann-8.5.0"
layout_link "$old/cann" cann-8.5.0
layout_link "$old/ascend-toolkit/latest" 8.3.RC2
layout_link "$old/ascend-toolkit/set_env.sh" latest/set_env.sh
real=$work/layouts/real/Ascend
mkdir -p "$real/cann" "$real/ascend-toolkit"
echo "# a real CANN's" >"$real/cann/set_env.sh"
echo "# a real CANN's" >"$real/ascend-toolkit/set_env.sh"
install_to "$real/cann-9.0.0"
[[ ! -L $real/cann && $(cat "$real/cann/set_env.sh") == "# a real CANN's" ]] || fail "a real CANN's cann/ was replaced"
[[ ! -L $real/ascend-toolkit/set_env.sh && $(cat "$real/ascend-toolkit/set_env.sh") == "# a real CANN's" ]] ||
    fail "a real CANN's ascend-toolkit/set_env.sh was replaced"
pass "existing cann, ascend-toolkit/latest and set_env.sh (a real CANN's) are left alone"

# ---- 5. The examples and what they must print (docs/ops/*.md, "Example") -------------------------------
# The examples, their operators and what they print: tests/example_outputs.sh (shared with
# tests/test_cann_recipes.sh).
# shellcheck source=tests/example_outputs.sh
source "$source_dir/tests/example_outputs.sh"

runnable=()
for example in "${examples[@]}"; do
    if has_symbol "${symbol[$example]}GetWorkspaceSize" && has_symbol "${symbol[$example]}"; then
        runnable+=("$example")
    else
        echo "SKIPPED: $example (${symbol[$example]} is not in the library yet)"
        skips=$((skips + 1))
    fi
done

run_and_check() {  # <how it was built> <example> <binary>
    local how=$1 example=$2 binary=$3 output
    if ! output=$("$binary" 2>&1); then
        printf '%s\n' "$output" | sed 's/^/  | /'
        fail "$example ($how) exited with an error"
        return
    fi
    if check_output "$output" "${expected[$example]}"; then
        pass "$example ($how): results match docs/ops"
        printf '%s\n' "$output" >"$work/out.$how.$example"
    else
        printf '%s\n' "$output" | sed 's/^/  | /'
        fail "$example ($how): results differ from docs/ops"
    fi
}

if [[ ${#runnable[@]} -gt 0 ]]; then
    # 5a. CANN's way: the sample CMakeLists, the root from ASCEND_CUSTOM_PATH, CANN library names by full path.
    if ASCEND_CUSTOM_PATH=$prefix quiet cmake -S "$source_dir/examples" -B "$work/cann" "${generator[@]}" \
            -DCMAKE_BUILD_TYPE=Release &&
       quiet cmake --build "$work/cann" -j2 --target "${runnable[@]}"; then
        pass "examples built the CANN way (libascendcl.so, libnnopbase.so, libopapi.so)"
        needed=$(readelf -d "$work/cann/${runnable[0]}" | sed -n 's/.*(NEEDED).*\[\(libacl.*\)\]/\1/p')
        [[ $needed == libaclnn_opencl.so.0 ]] || fail "examples record DT_NEEDED '$needed', expected libaclnn_opencl.so.0"
        for example in "${runnable[@]}"; do run_and_check cann "$example" "$work/cann/$example"; done
    else
        fail "building the examples the CANN way"
    fi

    # 5b. find_package(aclnn_opencl), found through CMAKE_PREFIX_PATH from set_env.sh.
    if quiet cmake -S "$source_dir/examples/find_package" -B "$work/find_package" "${generator[@]}" \
            -DCMAKE_BUILD_TYPE=Release &&
       quiet cmake --build "$work/find_package" -j2 --target "${runnable[@]}"; then
        pass "examples built with find_package(aclnn_opencl)"
        for example in "${runnable[@]}"; do
            run_and_check find_package "$example" "$work/find_package/$example"
            if [[ -f $work/out.cann.$example && -f $work/out.find_package.$example ]] &&
               ! cmp -s "$work/out.cann.$example" "$work/out.find_package.$example"; then
                fail "$example printed different results in its two builds (determinism)"
            fi
        done
    else
        fail "building the examples with find_package"
    fi

    # 5c. A compiler command line: pkg-config, and the CANN library names with -L/-l; the loader finds
    # libaclnn_opencl.so.0 only through LD_LIBRARY_PATH here (no RUNPATH), which set_env.sh provides.
    first=${runnable[0]}
    # shellcheck disable=SC2046
    if quiet g++ -std=c++11 -o "$work/pc_$first" "$source_dir/examples/$first.cpp" \
            $(pkg-config --cflags --libs aclnn_opencl); then
        run_and_check pkg-config "$first" "$work/pc_$first"
    else
        fail "building $first with pkg-config"
    fi
    if quiet g++ -std=c++11 -o "$work/cl_$first" "$source_dir/examples/$first.cpp" \
            -I"$ASCEND_HOME_PATH/include" -I"$ASCEND_HOME_PATH/include/aclnn" \
            -L"$ASCEND_HOME_PATH/lib64" -lascendcl -lnnopbase -lopapi_nn -lopapi_math -lopapi_cv -lacl_rt; then
        run_and_check command-line "$first" "$work/cl_$first"
    else
        fail "building $first with -lascendcl -lnnopbase -lopapi_*"
    fi
fi

# ---- Summary -------------------------------------------------------------------------------------------
if [[ $skips -gt 0 ]]; then
    echo "SKIPPED $skips example(s): their operators are not implemented yet"
    [[ "${ACLNN_INSTALL_TEST_STRICT:-0}" == 1 ]] && fail "skips are not allowed (ACLNN_INSTALL_TEST_STRICT=1)"
fi
if [[ $failures -gt 0 ]]; then
    echo "install test: $failures failure(s)"
    exit 1
fi
echo "install test: passed (${#runnable[@]} example(s) run, $skips skipped)"
