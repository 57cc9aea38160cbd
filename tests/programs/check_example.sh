#!/usr/bin/env bash
# Runs one example program built in the main tree and checks what it prints against its
# `install-test-expect` line (tests/example_outputs.sh's check_output).
#   tests/programs/check_example.sh <binary> <example name>
set -uo pipefail
binary=$1 example=$2
source_dir=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/example_outputs.sh
source "$source_dir/tests/example_outputs.sh"
if ! output=$("$binary"); then
    printf '%s\n' "$output"
    echo "FAIL: $example exited with an error"
    exit 1
fi
if ! check_output "$output" "${expected[$example]}"; then
    printf '%s\n' "$output"
    echo "FAIL: $example: printed values differ from its install-test-expect line"
    exit 1
fi
echo "PASS: $example prints its expected values"
