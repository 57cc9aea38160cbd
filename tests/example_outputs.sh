# shellcheck shell=bash
# Sourced by tests/test_install.sh and tests/test_cann_recipes.sh: the example programs in examples/,
# the operator each one calls, what each must print (OPS.md, "sample programs"), and check_output.
#
# Each expectation is "<output>[~<count>]=<v0>,<v1>,...": the values of the lines "<output> result[i] is: v"
# (output "result" for single-output samples, which print bare "result[i] is: v"). With ~count, the
# output must have count elements of which only the listed leading ones are checked.
# shellcheck disable=SC2034  # the arrays are used by the scripts that source this file
examples=(reflection_pad2d_backward im2col_backward max_unpool2d_backward conv_tbc_backward group_norm_swish_grad)
declare -A symbol=(
    [reflection_pad2d_backward]=aclnnReflectionPad2dBackward
    [im2col_backward]=aclnnIm2colBackward
    [max_unpool2d_backward]=aclnnMaxUnpool2dBackward
    [conv_tbc_backward]=aclnnConvTbcBackward
    [group_norm_swish_grad]=aclnnGroupNormSwishGrad)
declare -A expected=(
    [reflection_pad2d_backward]="result=4,4,4,4"
    [im2col_backward]="result=9.2"
    [max_unpool2d_backward]="result=0,1,2,1,5,3,4,4,7,6,6,6"
    [conv_tbc_backward]="gradInput=2,2,2,2,2,2,2,2,2,2 gradWeight=5,5,5,5 gradBias=5,5"
    [group_norm_swish_grad]="dxOut~24=634.102,-16.984,-673.737,-1330.053 dgammaOut=1482.262,2696,4424 dbetaOut=67.129,100,132")

# Compares a program's output with an expectation; values agree within 2e-3 + 2e-6*|expected|
# (OPS.md gives three decimals; fp32 sums of a few dozen terms of size ~1e3 stay well inside).
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
