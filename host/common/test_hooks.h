// Test-only hooks of the operators: switches that make the tests reach code paths the automatic
// choices only take on other devices or at sizes too large for CI. Not exported from the shared
// library and not part of the public API; only tests/ may call them. Each is defined in the operator's
// .cpp named beside it and stays in force until it is switched back.
#pragma once

namespace aclcl {

// host/ops/group_norm_swish_grad.cpp: the work split, 0 automatic, 1 CPU three-pass, 2 GPU, 3 CPU fused
// (g kept in local memory), 4 CPU fused recomputing g; plus 0x100: 64-bit indices whatever the size.
void setGroupNormSwishGradGeometryOverride(int mode);

// host/ops/im2col_backward.cpp: 64-bit index math for every size, and the generic (runtime-geometry)
// kernel for every kernel size.
void im2colBackwardForceWideIndex(bool wide);
void im2colBackwardForceGeneric(bool generic);

// host/ops/max_unpool2d_backward.cpp: 64-bit index math for every size, and the direct kernel even
// where the staged one applies.
void maxUnpool2dBackwardForceWideIndex(bool wide);
void maxUnpool2dBackwardForceDirect(bool direct);

// host/ops/pad2d_backward.cpp: 64-bit index math for every size, and the element kernel (the GPU's
// choice) on every device.
void pad2dBackwardForceWideIndex(bool wide);
void pad2dBackwardForceElementKernel(bool on);

}  // namespace aclcl
