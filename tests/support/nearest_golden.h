// The upsample operators' golden cases (tests/golden/ops/upsample_nearest2d.py): both tensors of a case in
// its layout.
#pragma once

#include <string>

#include "golden/golden.h"
#include "support/device_tensor.h"
#include "support/host_data.h"

namespace testing_support {

// A golden case's input (uploaded) and output (its storage filled with a pattern), tensors of the roles
// `in` and `out`, in the case's format (param nhwc: NHWC, else NCHW).
struct GoldenPair {
    DeviceTensor in, out;
};
inline GoldenPair goldenPair(const golden::Case &c, const std::string &in, const std::string &out) {
    const golden::Tensor &i = c.tensor(in), &o = c.tensor(out);
    const aclDataType dtype = goldenDtype(i.dtype);
    const aclFormat format = c.ints("nhwc")[0] ? ACL_FORMAT_NHWC : ACL_FORMAT_NCHW;
    GoldenPair p{DeviceTensor(i.dims, dtype, format), DeviceTensor(o.dims, dtype, format)};
    p.in.upload(i.values);
    p.out.fillStorage(0xcc);
    return p;
}

}  // namespace testing_support
