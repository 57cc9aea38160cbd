// Generates the per-slot dtype macros that cl_kernels/common.cl documents.
#pragma once

#include <cstddef>
#include <string>

#include "acl/acl_base.h"
#include "runtime/device.h"

namespace aclcl {

// "#define IN_T half\n#define IN_LOAD(p, i) ...", S_RAW_T, for fp32 / fp64 / fp16 / bf16 slots the vector
// forms S_VLOADn / S_VSTOREn (n = 2, 4, 8, at most 32 bytes; cl_kernels/common.cl), and for integer slots
// of at most 4 bytes that store float values S_VSTOREn alone. `from` is the dtype of the values the kernel
// stores into the slot (its source slot or ACC_T; default: the slot's own dtype): S_STORE then
// rounds once from it, also where going through float would round twice (double or a wide integer
// to fp16 / bf16), and a real `from` into a complex slot stores an imaginary part of 0. Throws
// ACLNN_ERR_PARAM_INVALID for dtypes kernels cannot hold.
std::string dtypeDefines(const std::string &slot, aclDataType dtype, aclDataType from = ACL_DT_UNDEFINED);
// "#define S_RAW_T uint\n": only the raw type of a slot whose elements a kernel moves as bits, for
// programs built once per element size rather than per dtype (float32 and int32 share one). bytes is
// 1, 2, 4, 8 or 16 (ulong2, as complex128's S_RAW_T); other sizes throw ACLNN_ERR_INNER.
std::string rawDefine(const std::string &slot, size_t bytes);
// ACC_T: double for fp64 / complex128 work, float otherwise.
std::string accDefine(aclDataType dtype);
std::string indexDefine(bool wide);  // INDEX_T int or long
// Throws ACLNN_ERR_PARAM_INVALID naming op and arg when the device cannot compute in dtype.
void requireDeviceSupports(const Device &device, aclDataType dtype, const char *op, const char *arg);

}  // namespace aclcl
