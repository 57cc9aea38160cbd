// Facts about aclDataType values: sizes, names, categories and which casts are allowed.
#pragma once

#include <cstddef>
#include <string>

#include "acl/acl_base.h"

namespace aclcl {

struct DtypeInfo {
    aclDataType dtype;
    const char *name;  // CANN's spelling, e.g. "DT_FLOAT"
    const char *torchName;  // PyTorch's (torch.float32 -> "float32"), nullptr where PyTorch has none
    size_t size;       // bytes per element, 0 when not addressable by element
    bool floating;     // real floating point (fp16, bf16, fp32, fp64)
    bool complex;
    bool integral;     // signed or unsigned integers, not bool
    bool isBool;
};

// Returns nullptr for values that are not aclDataType enumerators.
const DtypeInfo *dtypeInfo(aclDataType dtype);
size_t dtypeSize(aclDataType dtype);
const char *dtypeName(aclDataType dtype);
// PyTorch's name ("float32", "bfloat16", ...), as the golden files, the benchmark's JSON and the PyTorch
// scripts write it; nullptr where PyTorch has none.
const char *torchDtypeName(aclDataType dtype);
// The dtype PyTorch calls `name`; false when none is.
bool dtypeFromTorchName(const std::string &name, aclDataType *dtype);
// PyTorch's rule for output casts: no complex -> real, no floating -> integral, no non-bool -> bool.
bool canCast(aclDataType from, aclDataType to);
// Whether computing this dtype needs cl_khr_fp64.
bool needsFp64(aclDataType dtype);
// "[DT_FLOAT, DT_FLOAT16]" from a list, for messages.
std::string dtypeList(const aclDataType *dtypes, size_t count);

}  // namespace aclcl
