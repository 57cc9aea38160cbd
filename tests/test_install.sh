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
for name in ascendcl nnopbase opapi opapi_nn opapi_math opapi_cv acl_rt; do
    [[ $(readlink -f "$prefix/lib64/lib$name.so") == "$real_lib" ]] || fail "lib$name.so does not resolve to $real_lib"
done
pass "CANN library names resolve to $(basename "$real_lib")"

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
