// Generates the per-slot dtype macros that cl_kernels/common.cl documents.
#pragma once

#include <string>

#include "acl/acl_base.h"
#include "runtime/device.h"

namespace aclcl {

// "#define IN_T half\n#define IN_LOAD(p, i) ...". Throws ACLNN_ERR_PARAM_INVALID for dtypes kernels
// cannot hold.
std::string dtypeDefines(const std::string &slot, aclDataType dtype);
// ACC_T: double for fp64 / complex128 work, float otherwise.
std::string accDefine(aclDataType dtype);
std::string indexDefine(bool wide);  // INDEX_T int or long
// Throws ACLNN_ERR_PARAM_INVALID naming op and arg when the device cannot compute in dtype.
void requireDeviceSupports(const Device &device, aclDataType dtype, const char *op, const char *arg);

}  // namespace aclcl
