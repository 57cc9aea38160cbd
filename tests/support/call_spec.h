// An operator's call described as data over its binding (support/binding.h): each argument by its slot
// name as a spec (a tensor's shape, dtype, format and strides; an int array's values; a number), made
// into real arguments only when the call is planned. The error tables change one thing in a valid call
// (support/error_rows.h):
//
//   CallSpec valid(kMaxUnpool2d, {{"self", TensorArg{{2, 3, 4, 4}}}, {"indices", TensorArg{{2, 3, 4, 4}, ACL_INT64}},
//                                 {"outputSize", Ints{6, 5}}, {"out", TensorArg{{2, 3, 6, 5}}}});
//   set("indices", dtype(ACL_INT16))          // one change
//   set("self", dtype(ACL_DOUBLE)) + set("out", dtype(ACL_DOUBLE))   // changes joined
//   null("self"), null("workspaceSize"), withoutExecutor(), set("outputSize", ints({3, 4}))
//
// Header-only besides DeviceTensor and host_data, without GoogleTest.
#pragma once

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "support/binding.h"
#include "support/device_tensor.h"
#include "support/host_data.h"
#include "support/tensor_list.h"

namespace testing_support {

// One tensor argument: contiguous unless strides are given.
struct TensorArg {
    std::vector<int64_t> shape;
    aclDataType dtype = ACL_FLOAT;
    aclFormat format = ACL_FORMAT_ND;
    std::vector<int64_t> strides;  // empty: contiguous
    bool storageShort = false;     // the malformed view: see RowTensor
};

// An aclIntArray argument's values.
struct Ints {
    std::vector<int64_t> values;
    Ints(std::initializer_list<int64_t> v) : values(v) {}
    explicit Ints(std::vector<int64_t> v) : values(std::move(v)) {}
};

// An aclBoolArray argument's values (ConvolutionBackward's and GroupNormBackward's outputMask).
struct Bools {
    std::vector<bool> values;
    Bools(std::initializer_list<bool> v) : values(v) {}
};

// A char* argument (GroupNormSwish's dataFormatOptional); null is a null pointer.
struct Text {
    std::string value;
};

// An aclScalar argument: its value and dtype (aclCreateScalar's), e.g. Scalar{2.0, ACL_FLOAT}.
struct ScalarArg {
    double value = 1;
    aclDataType dtype = ACL_FLOAT;
};

// The bytes of `value` as an element of `dtype` (fp16 and bf16 rounded to nearest even), for aclCreateScalar.
inline std::vector<unsigned char> scalarBytes(double value, aclDataType dtype) {
    const size_t components = componentsOf(dtype);
    std::vector<double> parts(components, 0.0);
    parts[0] = value;
    return encode(parts, dtype);
}

// An aclTensorList argument (Cat's): its tensors, each a TensorArg or a null element.
struct TensorListArg {
    std::vector<TensorArg> tensors;
    std::vector<size_t> nullAt;  // the elements passed as nullptr
};

// One argument of a described call.
using ArgSpec =
    std::variant<std::nullptr_t, TensorArg, Ints, Text, int64_t, double, bool, ScalarArg, TensorListArg, Bools>;

// The tensor a row passes: a contiguous `t` itself, or, for the malformed-view rows, a view of t's memory
// that declares one element less storage than the view reaches. Built from a TensorArg, it owns the tensor.
class RowTensor {
public:
    RowTensor(const DeviceTensor &t, bool storageShort) : arg_(t.get()) {
        if (storageShort) arg_ = own_ = shortView(t);
    }
    explicit RowTensor(const TensorArg &a)
        : tensor_(a.strides.empty() ? DeviceTensor(a.shape, a.dtype, a.format)
                                    : DeviceTensor(a.shape, a.dtype, a.strides, 0, a.format)),
          arg_(tensor_.get()) {
        if (a.storageShort) arg_ = own_ = shortView(tensor_);
    }
    ~RowTensor() {
        if (own_) aclDestroyTensor(own_);
    }
    RowTensor(const RowTensor &) = delete;
    RowTensor &operator=(const RowTensor &) = delete;
    aclTensor *get() const { return arg_; }

private:
    static aclTensor *shortView(const DeviceTensor &t) {
        const std::vector<int64_t> &shape = t.shape();
        const std::vector<int64_t> strides = rowMajorStrides(shape);
        int64_t storage = product(shape) - 1;
        return aclCreateTensor(shape.data(), shape.size(), t.dtype(), strides.data(), 0, ACL_FORMAT_ND, &storage, 1,
                               t.data());
    }
    DeviceTensor tensor_;
    aclTensor *arg_;
    aclTensor *own_ = nullptr;
};

class CallSpec {
public:
    // Every slot of the binding, in any order; a slot left out or named twice throws.
    CallSpec(const Binding &op, std::initializer_list<std::pair<const char *, ArgSpec>> args) : op_(&op) {
        args_.resize(op.slots().size());
        std::vector<bool> given(args_.size(), false);
        for (const auto &[name, spec] : args) {
            const size_t at = op.slot(name);
            if (given[at]) throw std::invalid_argument(std::string(op.api()) + ": argument " + name + " given twice");
            given[at] = true;
            args_[at] = spec;
        }
        for (size_t i = 0; i < given.size(); ++i) {
            if (!given[i]) throw std::invalid_argument(std::string(op.api()) + ": no value for " + op.slots()[i]);
        }
    }

    const Binding &op() const { return *op_; }
    ArgSpec &arg(const std::string &name) { return args_[op_->slot(name)]; }
    const ArgSpec &arg(const std::string &name) const { return args_[op_->slot(name)]; }
    TensorArg &tensor(const std::string &name) {
        if (auto *t = std::get_if<TensorArg>(&arg(name))) return *t;
        throw std::invalid_argument(std::string(op_->api()) + ": argument " + name + " is not a tensor");
    }

    // Passes `name` as nullptr: an argument of the call, or "workspaceSize" or "executor".
    void setNull(const std::string &name) {
        if (name == "workspaceSize") nullWorkspaceSize_ = true;
        else if (name == "executor") nullExecutor_ = true;
        else arg(name) = nullptr;
    }
    // Phase two with a null executor and workspace instead of phase one.
    void setWithoutExecutor() { withoutExecutor_ = true; }

    // Makes the arguments and runs phase one (destroying the executor a success makes), or phase two
    // without an executor; returns its status.
    aclnnStatus plan(aclrtStream stream) const {
        if (withoutExecutor_) return op_->run(nullptr, 0, nullptr, stream);
        std::vector<std::unique_ptr<RowTensor>> tensors;
        std::vector<std::unique_ptr<aclIntArray, aclnnStatus (*)(const aclIntArray *)>> arrays;
        std::vector<std::unique_ptr<aclScalar, aclnnStatus (*)(const aclScalar *)>> scalars;
        std::vector<std::unique_ptr<aclTensorList, aclnnStatus (*)(const aclTensorList *)>> lists;
        std::vector<std::unique_ptr<aclBoolArray, aclnnStatus (*)(const aclBoolArray *)>> boolArrays;
        std::vector<std::string> texts;
        texts.reserve(args_.size());
        Args args;
        for (const ArgSpec &spec : args_) {
            if (const auto *t = std::get_if<TensorArg>(&spec)) {
                tensors.push_back(std::make_unique<RowTensor>(*t));
                args.emplace_back(tensors.back()->get());
            } else if (const auto *l = std::get_if<TensorListArg>(&spec)) {
                // The list owns its elements (aclDestroyTensorList destroys them): handles of its own over the
                // row tensors' memory.
                std::vector<aclTensor *> elements;
                for (size_t k = 0; k < l->tensors.size(); ++k) {
                    tensors.push_back(std::make_unique<RowTensor>(l->tensors[k]));
                    bool null = false;
                    for (size_t n : l->nullAt) null = null || n == k;
                    elements.push_back(null ? nullptr : aliasOf(tensors.back()->get()));
                }
                lists.emplace_back(aclCreateTensorList(elements.data(), elements.size()), aclDestroyTensorList);
                args.emplace_back(static_cast<const aclTensorList *>(lists.back().get()));
            } else if (const auto *a = std::get_if<Ints>(&spec)) {
                arrays.emplace_back(aclCreateIntArray(a->values.data(), a->values.size()), aclDestroyIntArray);
                args.emplace_back(arrays.back().get());
            } else if (const auto *ba = std::get_if<Bools>(&spec)) {
                std::unique_ptr<bool[]> values(new bool[ba->values.size() + 1]);
                for (size_t k = 0; k < ba->values.size(); ++k) values[k] = ba->values[k];
                boolArrays.emplace_back(aclCreateBoolArray(values.get(), ba->values.size()), aclDestroyBoolArray);
                args.emplace_back(static_cast<const aclBoolArray *>(boolArrays.back().get()));
            } else if (const auto *sc = std::get_if<ScalarArg>(&spec)) {
                std::vector<unsigned char> bytes = scalarBytes(sc->value, sc->dtype);
                scalars.emplace_back(aclCreateScalar(bytes.data(), sc->dtype), aclDestroyScalar);
                args.emplace_back(static_cast<const aclScalar *>(scalars.back().get()));
            } else if (const auto *s = std::get_if<Text>(&spec)) {
                texts.push_back(s->value);
                args.emplace_back(texts.back().c_str());
            } else if (const auto *i = std::get_if<int64_t>(&spec)) {
                args.emplace_back(*i);
            } else if (const auto *d = std::get_if<double>(&spec)) {
                args.emplace_back(*d);
            } else if (const auto *b = std::get_if<bool>(&spec)) {
                args.emplace_back(*b);
            } else {
                args.emplace_back(nullptr);
            }
        }
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        const aclnnStatus got = op_->plan(args, nullWorkspaceSize_ ? nullptr : &ws, nullExecutor_ ? nullptr : &ex);
        if (got == ACL_SUCCESS && ex) aclDestroyAclOpExecutor(ex);
        return got;
    }

private:
    const Binding *op_;
    std::vector<ArgSpec> args_;
    bool nullWorkspaceSize_ = false, nullExecutor_ = false, withoutExecutor_ = false;
};

// A change to a valid call (an error row's): one or more steps, joined with +.
class Change {
public:
    using Step = std::function<void(CallSpec &)>;
    Change() = default;
    Change(Step step) { steps_.push_back(std::move(step)); }  // NOLINT: any step is a change
    void operator()(CallSpec &c) const {
        for (const Step &s : steps_) s(c);
    }
    bool empty() const { return steps_.empty(); }
    friend Change operator+(Change a, const Change &b) {
        a.steps_.insert(a.steps_.end(), b.steps_.begin(), b.steps_.end());
        return a;
    }

private:
    std::vector<Step> steps_;
};

// What set() does to one argument.
using ArgChange = std::function<void(ArgSpec &)>;

inline TensorArg &tensorIn(ArgSpec &a) {
    if (auto *t = std::get_if<TensorArg>(&a)) return *t;
    throw std::invalid_argument("a tensor change on an argument that is not a tensor");
}
inline ArgChange dtype(aclDataType d) {
    return [d](ArgSpec &a) { tensorIn(a).dtype = d; };
}
inline ArgChange shape(std::vector<int64_t> s) {
    return [s = std::move(s)](ArgSpec &a) { tensorIn(a).shape = s; };
}
inline ArgChange strides(std::vector<int64_t> s) {
    return [s = std::move(s)](ArgSpec &a) { tensorIn(a).strides = s; };
}
inline ArgChange format(aclFormat f) {
    return [f](ArgSpec &a) { tensorIn(a).format = f; };
}
// The view declares one element less storage than it reaches.
inline ArgChange storageShort() {
    return [](ArgSpec &a) { tensorIn(a).storageShort = true; };
}
// Element i of a tensor list argument changed by `change` (a tensor change: dtype, shape, ...).
inline ArgChange item(size_t i, ArgChange change) {
    return [i, change](ArgSpec &a) {
        auto *l = std::get_if<TensorListArg>(&a);
        if (!l) throw std::invalid_argument("an element change on an argument that is not a tensor list");
        ArgSpec t = l->tensors.at(i);
        change(t);
        l->tensors[i] = tensorIn(t);
    };
}
// Element i of a tensor list argument passed as nullptr.
inline ArgChange nullItem(size_t i) {
    return [i](ArgSpec &a) {
        auto *l = std::get_if<TensorListArg>(&a);
        if (!l) throw std::invalid_argument("an element change on an argument that is not a tensor list");
        l->nullAt.push_back(i);
    };
}
inline ArgChange ints(std::vector<int64_t> v) {
    return [v = std::move(v)](ArgSpec &a) { a = Ints(v); };
}
// The whole argument replaced (a number, a TensorArg, Text).
inline ArgChange value(ArgSpec v) {
    return [v = std::move(v)](ArgSpec &a) { a = v; };
}

// Argument `name` changed by each of `changes` in turn.
template <class... C>
Change set(const std::string &name, C... changes) {
    return Change([name, changes...](CallSpec &c) { (changes(c.arg(name)), ...); });
}
// The same changes on several arguments.
template <class... C>
Change set(std::initializer_list<const char *> names, C... changes) {
    std::vector<std::string> list(names.begin(), names.end());
    return Change([list, changes...](CallSpec &c) {
        for (const std::string &name : list) (changes(c.arg(name)), ...);
    });
}
// Arguments passed as nullptr (an argument's name, "workspaceSize", "executor").
inline Change null(std::initializer_list<const char *> names) {
    std::vector<std::string> list(names.begin(), names.end());
    return Change([list](CallSpec &c) {
        for (const std::string &name : list) c.setNull(name);
    });
}
inline Change null(const char *name) { return null({name}); }
inline Change withoutExecutor() {
    return Change([](CallSpec &c) { c.setWithoutExecutor(); });
}

}  // namespace testing_support
