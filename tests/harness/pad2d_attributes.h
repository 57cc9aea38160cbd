// The base of the four pad harnesses (ReflectionPad2d and ReplicationPad2d, in both directions): one
// harness class serves a reflection operator and its replication twin, which take the same arguments,
// and the padding values each rejects (padding [left, right, top, bottom] = [1, 2, 1, 1] of a W of 4
// in the valid cases).
#pragma once

#include "reliability_harness.h"

namespace reliability {

// GetWorkspaceSize: the two operators' phase-one function type.
template <typename GetWorkspaceSize>
class Pad2dHarnessBase : public OpHarness {
public:
    // The padding values the picked operator rejects; each harness adds its own.
    BadAttributes badAttributes() override {
        BadAttributes bad;
        if (reflection_) bad.emplace_back("padding left >= W", setArray("padding", {4, 2, 1, 1}));
        bad.emplace_back("padding crops W to nothing", setArray("padding", {-3, -2, 1, 1}));
        return bad;
    }

protected:
    // One of the two operators: its api name, phase one and phase two (ACLNN_PAD2D_OP names all three).
    struct Op {
        const char *api;
        GetWorkspaceSize getWorkspaceSize;
        PhaseTwo phaseTwo;
    };
    // Serves `reflectionOp` when `reflection`, else `replicationOp`.
    Pad2dHarnessBase(bool reflection, const Op &reflectionOp, const Op &replicationOp)
        : getWorkspaceSize_(reflection ? reflectionOp.getWorkspaceSize : replicationOp.getWorkspaceSize),
          reflection_(reflection) {
        const Op &op = reflection ? reflectionOp : replicationOp;
        setOperator(op.api, op.phaseTwo);
    }

    // The served operator's phase one, for plan().
    const GetWorkspaceSize getWorkspaceSize_;

private:
    const bool reflection_;
};

// Pad2dHarnessBase's Op for `api` (aclnnReflectionPad2d): its name, phase one and phase two.
#define ACLNN_PAD2D_OP(api) {#api, api##GetWorkspaceSize, api}

}  // namespace reliability
