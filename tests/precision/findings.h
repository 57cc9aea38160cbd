// The one place that lists where an operator x dtype fails the CANN precision standard for a reason that
// is understood and written down (docs/precision.md prints the list). A failing row without an entry
// here fails `aclnn_precision` and its CTest test.
#pragma once

#include <string>
#include <vector>

namespace precision {

struct Finding {
    const char *id;      // "F1"
    const char *op;      // operator name without "aclnn", or several: "Add, Adds"
    const char *dtype;   // "FLOAT16", or "*" for every dtype
    bool specialOnly;    // covers the special-value cases (inf, nan) only; else every case
    const char *reason;  // why, in a sentence or three
};

const std::vector<Finding> &knownFindings();
// The finding that covers this row's regular (special false) or special-value cases, or null.
const Finding *knownFinding(const std::string &op, const std::string &dtype, bool special);

}  // namespace precision
