// One description of an operator's call, written once per operator (tests/harness/<op>.h) and used by
// every client of the call in tests/, bench/ and the fuzz and precision tools: the case files, the
// reliability harness, the error tables, the fuzz target, the precision runner and the tests' helpers.
//
//   inline const Binding kMaxUnpool2d = ACLNN_BINDING(aclnnMaxUnpool2d, "self", "indices", "outputSize", "out");
//   kMaxUnpool2d.plan({self, indices, outputSize, out}, &ws, &ex);        // phase one
//   planAndRun(kMaxUnpool2d, {self, indices, outputSize, out}, stream);  // both phases, synchronized
//
// The binding takes the arguments of phase one without its two out-pointers, in the prototype's order,
// named by its slots (the names CANN's header gives them). A value of the wrong kind for a slot (an
// aclIntArray where the prototype has an aclTensor) throws std::invalid_argument naming the slot: a
// binding can neither drop nor reorder an argument unnoticed, and the count of names is checked when the
// binding compiles. Header-only and without GoogleTest: the benchmark and the fuzz targets use it too.
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "support/plan_and_run.h"

namespace testing_support {

// One argument of a call: a pointer of one of aclnn's argument types (or nullptr), an integer (enums
// included), a floating-point value, a bool or a char string.
class Arg {
public:
    enum class Kind { Null, Tensor, TensorList, Scalar, ScalarList, IntArray, BoolArray, FloatArray, Int, Float, Bool,
                      String };

    Arg(std::nullptr_t) {}  // NOLINT: an argument passed as nullptr
    Arg(const aclTensor *p) : kind_(p ? Kind::Tensor : Kind::Null), ptr_(p) {}
    Arg(const aclTensorList *p) : kind_(p ? Kind::TensorList : Kind::Null), ptr_(p) {}
    Arg(const aclScalar *p) : kind_(p ? Kind::Scalar : Kind::Null), ptr_(p) {}
    Arg(const aclScalarList *p) : kind_(p ? Kind::ScalarList : Kind::Null), ptr_(p) {}
    Arg(const aclIntArray *p) : kind_(p ? Kind::IntArray : Kind::Null), ptr_(p) {}
    Arg(const aclBoolArray *p) : kind_(p ? Kind::BoolArray : Kind::Null), ptr_(p) {}
    Arg(const aclFloatArray *p) : kind_(p ? Kind::FloatArray : Kind::Null), ptr_(p) {}
    Arg(bool b) : kind_(Kind::Bool), int_(b ? 1 : 0) {}
    Arg(double d) : kind_(Kind::Float), float_(d) {}
    Arg(float f) : kind_(Kind::Float), float_(f) {}
    Arg(const char *s) : kind_(s ? Kind::String : Kind::Null), ptr_(s) {}
    template <class I, std::enable_if_t<(std::is_integral_v<I> && !std::is_same_v<I, bool>) || std::is_enum_v<I>,
                                        int> = 0>
    Arg(I v) : kind_(Kind::Int), int_(static_cast<int64_t>(v)) {}
    // The test scaffold's owners (DeviceTensor, IntArray, StorageView, ...): the handle they convert to.
    template <class T, std::enable_if_t<std::is_class_v<T> && std::is_convertible_v<const T &, aclTensor *>, int> = 0>
    Arg(const T &owner) : Arg(static_cast<const aclTensor *>(static_cast<aclTensor *>(owner))) {}
    template <class T,
              std::enable_if_t<std::is_class_v<T> && std::is_convertible_v<const T &, aclIntArray *>, int> = 0>
    Arg(const T &owner) : Arg(static_cast<const aclIntArray *>(static_cast<aclIntArray *>(owner))) {}

    Kind kind() const { return kind_; }

    // The value as the prototype's parameter type T; throws when it holds another kind.
    template <class T>
    T as(const char *api, const char *slot) const {
        if constexpr (std::is_pointer_v<T>) {
            using P = std::remove_cv_t<std::remove_pointer_t<T>>;
            if (kind_ == Kind::Null) return nullptr;
            expect(api, slot, kindOf<P>());
            return static_cast<T>(const_cast<void *>(ptr_));
        } else if constexpr (std::is_same_v<T, bool>) {
            expect(api, slot, Kind::Bool);
            return int_ != 0;
        } else if constexpr (std::is_floating_point_v<T>) {
            if (kind_ == Kind::Int) return static_cast<T>(int_);
            expect(api, slot, Kind::Float);
            return static_cast<T>(float_);
        } else {
            static_assert(std::is_integral_v<T> || std::is_enum_v<T>, "an aclnn parameter type Arg does not hold");
            expect(api, slot, Kind::Int);
            return static_cast<T>(int_);
        }
    }

private:
    template <class P>
    static constexpr Kind kindOf() {
        if constexpr (std::is_same_v<P, aclTensor>) return Kind::Tensor;
        else if constexpr (std::is_same_v<P, aclTensorList>) return Kind::TensorList;
        else if constexpr (std::is_same_v<P, aclScalar>) return Kind::Scalar;
        else if constexpr (std::is_same_v<P, aclScalarList>) return Kind::ScalarList;
        else if constexpr (std::is_same_v<P, aclIntArray>) return Kind::IntArray;
        else if constexpr (std::is_same_v<P, aclBoolArray>) return Kind::BoolArray;
        else if constexpr (std::is_same_v<P, aclFloatArray>) return Kind::FloatArray;
        else if constexpr (std::is_same_v<P, char>) return Kind::String;
        else static_assert(sizeof(P) == 0, "an aclnn pointer parameter type Arg does not hold");
    }
    static const char *kindName(Kind k) {
        static const char *const names[] = {"nullptr", "aclTensor",    "aclTensorList", "aclScalar",
                                            "aclScalarList", "aclIntArray", "aclBoolArray", "aclFloatArray",
                                            "an integer", "a floating-point value", "a bool", "a char string"};
        return names[static_cast<int>(k)];
    }
    void expect(const char *api, const char *slot, Kind want) const {
        if (kind_ != want) {
            throw std::invalid_argument(std::string(api) + ": argument " + slot + " takes " + kindName(want) +
                                        ", the call gave " + kindName(kind_));
        }
    }

    Kind kind_ = Kind::Null;
    const void *ptr_ = nullptr;
    int64_t int_ = 0;
    double float_ = 0;
};

using Args = std::vector<Arg>;

// An operator's two phases and the names of phase one's arguments (ACLNN_BINDING makes one).
class Binding {
public:
    using PhaseOne = aclnnStatus (*)(const Binding &, const Args &, uint64_t *, aclOpExecutor **);
    using PhaseTwo = aclnnStatus (*)(void *, uint64_t, aclOpExecutor *, aclrtStream);

    Binding(const char *api, std::vector<const char *> slots, PhaseOne planOne, PhaseTwo runTwo)
        : api_(api), slots_(std::move(slots)), plan_(planOne), run_(runTwo) {}

    const char *api() const { return api_; }
    const std::vector<const char *> &slots() const { return slots_; }
    // Where slot `name` stands in the call; throws for a name the operator does not have.
    size_t slot(const std::string &name) const {
        for (size_t i = 0; i < slots_.size(); ++i) {
            if (name == slots_[i]) return i;
        }
        throw std::invalid_argument(std::string(api_) + " has no argument " + name);
    }

    // Phase one: aclnnXxxGetWorkspaceSize(args..., workspaceSize, executor).
    aclnnStatus plan(const Args &args, uint64_t *workspaceSize, aclOpExecutor **executor) const {
        if (args.size() != slots_.size()) {
            throw std::invalid_argument(std::string(api_) + " takes " + std::to_string(slots_.size()) +
                                        " arguments before its out-pointers, the call gave " +
                                        std::to_string(args.size()));
        }
        return plan_(*this, args, workspaceSize, executor);
    }
    // Phase two: aclnnXxx(workspace, workspaceSize, executor, stream).
    aclnnStatus run(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) const {
        return run_(workspace, workspaceSize, executor, stream);
    }
    PhaseTwo phaseTwo() const { return run_; }
    // Phase one over these arguments as a PlanPhase (the arguments are copied; what they point to is not).
    PlanPhase planPhase(Args args) const {
        return [this, args = std::move(args)](uint64_t *ws, aclOpExecutor **ex) { return plan(args, ws, ex); };
    }
    RunPhase runPhase() const { return run_; }

private:
    const char *api_;
    std::vector<const char *> slots_;
    PhaseOne plan_;
    PhaseTwo run_;
};

namespace binding_detail {

template <class... P, size_t... I>
aclnnStatus invoke(aclnnStatus (*getWorkspaceSize)(P...), const Binding &b, const Args &args, uint64_t *ws,
                   aclOpExecutor **ex, std::index_sequence<I...>) {
    using Params = std::tuple<P...>;
    return getWorkspaceSize(args[I].template as<std::tuple_element_t<I, Params>>(b.api(), b.slots()[I])..., ws, ex);
}

// Holds the phase-one function as a template argument, so that the binding stores a plain function pointer.
template <auto getWorkspaceSize>
struct PhaseOneOf;
template <class... P, aclnnStatus (*getWorkspaceSize)(P...)>
struct PhaseOneOf<getWorkspaceSize> {
    static constexpr size_t kArgs = sizeof...(P) - 2;  // less workspaceSize and executor
    static aclnnStatus call(const Binding &b, const Args &args, uint64_t *ws, aclOpExecutor **ex) {
        return invoke(getWorkspaceSize, b, args, ws, ex, std::make_index_sequence<kArgs>{});
    }
};

template <auto getWorkspaceSize, size_t N>
Binding makeBinding(const char *api, Binding::PhaseTwo run, const char *const (&names)[N]) {
    static_assert(PhaseOneOf<getWorkspaceSize>::kArgs == N,
                  "a binding names every argument of phase one but workspaceSize and executor");
    return Binding(api, std::vector<const char *>(names, names + N), &PhaseOneOf<getWorkspaceSize>::call, run);
}

}  // namespace binding_detail

// ACLNN_BINDING(aclnnIm2col, "self", "kernelSize", ...): the binding of aclnnIm2colGetWorkspaceSize and
// aclnnIm2col, with phase one's argument names in the prototype's order.
#define ACLNN_BINDING(api, ...) \
    ::testing_support::binding_detail::makeBinding<api##GetWorkspaceSize>(#api, api, {__VA_ARGS__})

// Both phases of the call with these arguments, the way a CANN program runs them (planAndRun above).
inline aclnnStatus planAndRun(const Binding &op, const Args &args, aclrtStream stream,
                              uint64_t *workspaceSize = nullptr) {
    return planAndRun(op.planPhase(args), op.runPhase(), stream, workspaceSize);
}

}  // namespace testing_support
