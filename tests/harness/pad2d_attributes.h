// The base of the four pad harnesses (ReflectionPad2d and ReplicationPad2d, in both directions): one
// harness class serves a reflection operator and its replication twin, which take the same arguments,
// and the padding values each rejects (padding [left, right, top, bottom] = [1, 2, 1, 1] of a W of 4
// in the valid cases).
#pragma once

#include "reliability_harness.h"
#include "support/binding.h"

namespace reliability {

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
    // Serves `reflectionOp` when `reflection`, else `replicationOp` (the twins' bindings name the same
    // slots, so the derived harness's tensor and array slots fill either call).
    Pad2dHarnessBase(bool reflection, const testing_support::Binding &reflectionOp,
                     const testing_support::Binding &replicationOp)
        : reflection_(reflection) {
        setBinding(reflection ? reflectionOp : replicationOp);
    }

private:
    const bool reflection_;
};

}  // namespace reliability
