# shellcheck shell=bash
# Sourced by tests/test_install.sh and tests/test_cann_recipes.sh: the example programs in examples/,
# the operator each one calls, what each must print (the docs/ops pages' samples), and check_output.
#
# Each expectation is "<output>[~<count>]=<v0>,<v1>,...": the values of the lines "<output> result[i] is: v"
# (output "result" for single-output samples, which print bare "result[i] is: v"). With ~count, the
# output must have count elements of which only the listed leading ones are checked.
# Every examples/*.cpp names its operator and its expected output in two comment lines (a new
# operator's example is picked up with nothing to edit here):
#   // install-test-symbol: aclnnFoo
#   // install-test-expect: result=1,2,3
# shellcheck disable=SC2034  # the arrays are used by the scripts that source this file
examples=()
declare -A symbol expected
for example_source in "$source_dir"/examples/*.cpp; do
    example=$(basename "$example_source" .cpp)
    examples+=("$example")
    symbol[$example]=$(sed -n 's#^// install-test-symbol: ##p' "$example_source")
    expected[$example]=$(sed -n 's#^// install-test-expect: ##p' "$example_source")
    if [[ -z ${symbol[$example]} || -z ${expected[$example]} ]]; then
        echo "FAIL: examples/$example.cpp lacks its install-test-symbol / install-test-expect lines"
        exit 1
    fi
done
if [[ ${#examples[@]} -eq 0 ]]; then
    echo "FAIL: no examples/*.cpp in $source_dir"
    exit 1
fi

# Compares a program's output with an expectation; values agree within 2e-3 + 2e-6*|expected|
# (the docs give three decimals; fp32 sums of a few dozen terms of size ~1e3 stay well inside).
check_output() {
    local output=$1 spec=$2 item name count values
    for item in $spec; do
        name=${item%%=*}
        values=${item#*=}
        count=""
        if [[ $name == *~* ]]; then
            count=${name#*~}
            name=${name%%~*}
        fi
        awk -v name="$name" -v want="$values" -v count="$count" '
            BEGIN { n = split(want, w, ",") }
            {
                label = ($1 ~ /^result\[/) ? "result" : $1
                if (label != name) next
                if (!match($0, /result\[[0-9]+\] is: /)) next
                idx = substr($0, RSTART + 7) + 0
                got[idx] = substr($0, RSTART + RLENGTH) + 0
                seen++
            }
            END {
                total = (count == "") ? n : count
                if (seen != total) { printf "  %s: %d values printed, expected %d\n", name, seen, total; exit 1 }
                bad = 0
                for (i = 1; i <= n; i++) {
                    d = got[i - 1] - w[i]; if (d < 0) d = -d
                    a = w[i] < 0 ? -w[i] : w[i]
                    if (!((i - 1) in got) || d > 2e-3 + 2e-6 * a) {
                        printf "  %s[%d] = %s, expected %s\n", name, i - 1, got[i - 1], w[i]; bad = 1
                    }
                }
                exit bad
            }' <<<"$output" || return 1
    done
}
