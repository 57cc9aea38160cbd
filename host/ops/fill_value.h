// What InplaceZero, InplaceOne and InplaceFillScalar share once their checks have passed: selfRef = value,
// written through selfRef's view (any strides and storage offset) by the elementwise engine.
//
// The value is the launch's scalar operand, converted on the host to selfRef's dtype as the engine converts
// every scalar (host/engines/elementwise.cpp, toAcc): a value as double, rounded to float for the 32-bit and
// 16-bit floating dtypes and from there to fp16 or bf16 (to nearest even); integers wrapped to selfRef's
// width; a floating value into an integer dtype truncated toward zero (NaN 0, saturating at int64) and then
// wrapped; a complex value into a real dtype its real part; anything nonzero into BOOL true. The math is that
// value ("b"): selfRef is the first operand only for its view; the math never uses `a`, so the kernels'
// loads of selfRef are dead code the compilers drop.
#pragma once

#include "engines/elementwise.h"

namespace aclcl {

inline void planFill(OpPlan &plan, const aclTensor *selfRef, const ScalarValue &value) {
    plan.addOutput(selfRef, "selfRef");
    if (selfRef->isEmpty()) return;
    ElementwiseLaunch l;
    l.math = "b";
    l.compute = selfRef->dtype;
    l.a = ElementwiseOperand::output(0);
    l.b = ElementwiseOperand::value(value);
    planElementwise(plan, l);
}

}  // namespace aclcl
