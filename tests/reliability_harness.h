// One small, valid case of every operator, with its arguments in named slots that a test can
// replace (by a null, a malformed view, a bogus address, ...), for the reliability, hostile-use,
// stress and two-device tests. Each operator's case lives in its own file, tests/harness/<op>.cpp,
// and registers itself (ACLNN_REGISTER_HARNESS): adding an operator adds a file here and edits no
// list. ReliabilityTest.EveryOperatorIsCovered fails when a public operator has no case.
#pragma once

#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnn/opdev/op_errno.h"
#include "aclnn/acl_meta.h"
#include "support/binding.h"
#include "support/device_tensor.h"
#include "support/host_data.h"
#include "support/tensor_list.h"

namespace reliability {

using testing_support::DeviceTensor;

// How the valid case lays out its tensors.
enum class Layout {
    Contiguous,
    // Every tensor a strided view with a storage offset: dims 0 and 1 swapped in memory, every
    // element 2 apart. Operators that pack inputs or stage outputs then need workspace.
    Strided,
};

struct TensorSlot {
    std::string name;
    bool output = false;
    std::unique_ptr<DeviceTensor> storage;  // the valid tensor and its device memory
    aclTensor *arg = nullptr;               // what the operator is given (storage, a variant, or null)
};

// An attribute passed by value (numGroups, eps, a flag) or a handle the harness owns (a window's
// kernelSize that takes one or two values, not an array slot).
struct ValueSlot {
    std::string name;
    testing_support::Arg valid = nullptr;
    testing_support::Arg arg = nullptr;
};

struct ArraySlot {
    std::string name;
    std::vector<int64_t> values;
    aclIntArray *valid = nullptr;
    aclIntArray *arg = nullptr;
};

// Attribute values an operator must reject (161002), as (description, change) pairs.
using BadAttributes = std::vector<std::pair<std::string, std::function<void()>>>;

class OpHarness {
public:
    virtual ~OpHarness() {
        for (aclTensor *t : variants_) aclDestroyTensor(t);
        for (aclIntArray *a : arrayVariants_) aclDestroyIntArray(a);
        for (auto &a : arrays) aclDestroyIntArray(a.valid);
    }

    std::string api;  // "aclnnReflectionPad2dBackward"
    // In Layout::Strided the operator packs inputs or stages outputs through workspace (the
    // workspace tests need some); false for operators that read and write strided views directly.
    bool stridedNeedsWorkspace = true;
    // The operator writes its outputs in several steps that read them back (ConvTbc's bias fill then
    // per-tap GEMMs with beta 1): concurrent runs into the same outputs race by the program's doing.
    bool outputsAccumulate = false;
    // An Inplace operator: each run reads what the previous one wrote (selfRef), so runs compound and
    // concurrent runs into one selfRef race by the program's doing; no run-to-run comparison applies.
    bool readsItsOutputs = false;
    // An ordinary (addressable) dtype that none of the operator's tensors accepts, for UnsupportedDtypes;
    // UINT32 unless the operator lists it (Im2col does).
    aclDataType unsupportedDtype = ACL_UINT32;
    std::vector<TensorSlot> tensors;
    // Tensor slots whose null is not 161001: optional tensors (ACL_SUCCESS: GroupNorm's gamma and beta)
    // and nulls CANN reports as PARAM_INVALID (GroupNormBackward's flagged outputs).
    std::vector<std::pair<std::string, aclnnStatus>> nullStatus;
    aclnnStatus statusOfNull(const std::string &name) const {
        for (const auto &p : nullStatus) {
            if (p.first == name) return p.second;
        }
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    std::vector<ArraySlot> arrays;
    std::vector<ValueSlot> valueSlots;
    // (output, input) slot pairs the operator computes in place when they are the very same view (the
    // elementwise operators' out over self): the hostile tests leave those identical pairs alone.
    std::vector<std::pair<std::string, std::string>> inPlace;
    bool computesInPlace(const std::string &output, const std::string &input) const {
        for (const auto &p : inPlace) {
            if (p.first == output && p.second == input) return true;
        }
        return false;
    }

    // Phase one with the current arguments: the binding's slots, each filled from the tensor, array or
    // value slot of its name.
    virtual aclnnStatus plan(uint64_t *workspaceSize, aclOpExecutor **executor) {
        if (!binding_) throw std::logic_error(api + ": the harness named no binding (setBinding)");
        testing_support::Args args;
        for (const char *name : binding_->slots()) args.push_back(argument(name));
        return binding_->plan(args, workspaceSize, executor);
    }
    // Phase two of the binding.
    virtual aclnnStatus run(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
        if (!phaseTwo_) throw std::logic_error(api + ": the harness named no phase two (setBinding)");
        return phaseTwo_(workspace, workspaceSize, executor, stream);
    }
    // Attribute values the operator must reject (161002), as (description, change) pairs; each change
    // is undone by resetArguments().
    virtual BadAttributes badAttributes() { return {}; }
    virtual void resetAttributes() {}

    void resetArguments() {
        for (auto &t : tensors) t.arg = t.storage->get();
        for (auto &a : arrays) a.arg = a.valid;
        for (auto &v : valueSlots) v.arg = v.valid;
        resetAttributes();
    }

    TensorSlot &slot(const std::string &name) {
        for (auto &t : tensors) {
            if (t.name == name) return t;
        }
        throw std::runtime_error("no tensor slot " + name);
    }
    aclTensor *t(const char *name) { return slot(name).arg; }
    ArraySlot &arraySlot(const std::string &name) {
        for (auto &x : arrays) {
            if (x.name == name) return x;
        }
        throw std::runtime_error("no array slot " + name);
    }
    aclIntArray *a(const char *name) { return arraySlot(name).arg; }
    ValueSlot &valueSlot(const std::string &name) {
        for (auto &v : valueSlots) {
            if (v.name == name) return v;
        }
        throw std::runtime_error("no value slot " + name);
    }
    // A tensor list argument (Cat's tensors) made of tensor slots, named in order: the shared tests break its
    // elements as the tensor slots they are (a null element, a dtype, a view); the call gets a list of its own
    // (CANN's list owns its tensors) over the elements' current arguments.
    struct ListSlot {
        std::string name;
        std::vector<std::string> elements;
    };
    std::vector<ListSlot> lists;
    // The current argument of slot `name`, whichever kind of slot holds it.
    testing_support::Arg argument(const std::string &name) {
        for (auto &t : tensors) {
            if (t.name == name) return t.arg;
        }
        for (auto &l : lists) {
            if (l.name != name) continue;
            std::vector<const aclTensor *> elements;
            for (const std::string &e : l.elements) elements.push_back(slot(e).arg);
            listArgs_.push_back(std::make_unique<testing_support::TensorList>(elements));
            return listArgs_.back()->get();
        }
        for (auto &a : arrays) {
            if (a.name == name) return a.arg;
        }
        return valueSlot(name).arg;
    }
    // A change for badAttributes(): value slot `name` gets `value` (undone by resetArguments()).
    std::function<void()> setValue(const std::string &name, testing_support::Arg value) {
        return [this, name, value] { valueSlot(name).arg = value; };
    }
    // A change for badAttributes(): array slot `name` gets `values` (undone by resetArguments()).
    std::function<void()> setArray(const std::string &name, std::vector<int64_t> values) {
        return [this, name, values] { arraySlot(name).arg = arrayVariant(values); };
    }

    // A tensor like `base` with some fields replaced; owned by the harness.
    struct Change {
        std::vector<int64_t> dims, strides, storageDims;
        bool setDims = false, setStrides = false, setStorage = false, setData = false, setDtype = false;
        aclDataType dtype = ACL_FLOAT;
        void *data = nullptr;
    };
    aclTensor *variant(const aclTensor *base, const Change &c) {
        int64_t *d = nullptr, *s = nullptr, *st = nullptr;
        uint64_t nd = 0, ns = 0, nst = 0;
        int64_t offset = 0;
        aclDataType dtype{};
        aclFormat format{};
        void *data = nullptr;
        aclGetViewShape(base, &d, &nd);
        aclGetViewStrides(base, &s, &ns);
        aclGetStorageShape(base, &st, &nst);
        aclGetViewOffset(base, &offset);
        aclGetDataType(base, &dtype);
        aclGetFormat(base, &format);
        aclGetRawTensorAddr(base, &data);
        std::vector<int64_t> dims(d, d + nd), strides(s, s + ns), storage(st, st + nst);
        delete[] d;
        delete[] s;
        delete[] st;
        if (c.setDims) dims = c.dims;
        if (c.setStrides) strides = c.strides;
        if (c.setStorage) storage = c.storageDims;
        if (c.setDtype) dtype = c.dtype;
        if (c.setData) data = c.data;
        bool contiguous = c.setDims && !c.setStrides;  // new dims: let aclCreateTensor derive strides
        aclTensor *v = aclCreateTensor(dims.data(), dims.size(), dtype, contiguous ? nullptr : strides.data(), offset,
                                       format, storage.empty() ? nullptr : storage.data(), storage.size(), data);
        if (!v) throw std::runtime_error("aclCreateTensor failed for a variant");
        variants_.push_back(v);
        return v;
    }
    aclIntArray *arrayVariant(const std::vector<int64_t> &values) {
        aclIntArray *v = aclCreateIntArray(values.data(), values.size());
        arrayVariants_.push_back(v);
        return v;
    }

    std::vector<DeviceTensor *> outputs() {
        std::vector<DeviceTensor *> out;
        for (auto &t : tensors) {
            if (t.output) out.push_back(t.storage.get());
        }
        return out;
    }

protected:
    using PhaseTwo = aclnnStatus (*)(void *, uint64_t, aclOpExecutor *, aclrtStream);
    // The operator this case runs (support/binding.h): its api name, its phases and its slots' names.
    void setBinding(const testing_support::Binding &op) {
        binding_ = &op;
        api = op.api();
        phaseTwo_ = op.phaseTwo();
    }
    // A value slot (an attribute passed by value, or a handle the harness owns).
    void addValue(const std::string &name, testing_support::Arg value) {
        valueSlots.push_back({name, value, value});
    }
    // Adds a tensor slot with values from `values` (row-major over the view), of format `format`.
    void addTensor(const std::string &name, const std::vector<int64_t> &shape, aclDataType dtype, Layout layout,
                   const std::vector<double> &values, bool output = false, aclFormat format = ACL_FORMAT_ND) {
        TensorSlot s;
        s.name = name;
        s.output = output;
        if (layout == Layout::Strided) {
            // Memory order: dim 1 outermost, then dim 0, then the rest; every element 2 apart.
            std::vector<size_t> order;
            if (shape.size() >= 2) order = {1, 0};
            for (size_t i = order.size(); i < shape.size(); ++i) order.push_back(i);
            std::vector<int64_t> strides(shape.size(), 1);
            int64_t acc = 2;
            for (size_t k = order.size(); k-- > 0;) {
                strides[order[k]] = acc;
                acc *= shape[order[k]] > 0 ? shape[order[k]] : 1;
            }
            s.storage = std::make_unique<DeviceTensor>(shape, dtype, strides, 3, format);
        } else {
            s.storage = std::make_unique<DeviceTensor>(shape, dtype, format);
        }
        if (!output) s.storage->upload(values);
        s.arg = s.storage->get();
        tensors.push_back(std::move(s));
    }
    // A list slot over tensor slots added before (addTensor), in the list's order.
    void addList(const std::string &name, std::vector<std::string> elements) {
        lists.push_back({name, std::move(elements)});
    }
    void addArray(const std::string &name, const std::vector<int64_t> &values) {
        ArraySlot a;
        a.name = name;
        a.values = values;
        a.valid = a.arg = aclCreateIntArray(values.data(), values.size());
        arrays.push_back(std::move(a));
    }
    static size_t count(const std::vector<int64_t> &shape) {
        size_t n = 1;
        for (int64_t d : shape) n *= static_cast<size_t>(d);
        return n;
    }
    static std::vector<double> random(const std::vector<int64_t> &shape, uint64_t seed, double lo = -1, double hi = 1) {
        return testing_support::randomValues(count(shape), seed, lo, hi);
    }
    // Random whole numbers in [0, limit), repeats allowed: indices into planes of `limit` elements.
    static std::vector<double> randomIndices(const std::vector<int64_t> &shape, uint64_t seed, int64_t limit) {
        std::vector<double> idx = random(shape, seed, 0, static_cast<double>(limit));
        for (double &v : idx) v = static_cast<double>(static_cast<int64_t>(v));
        return idx;
    }

private:
    const testing_support::Binding *binding_ = nullptr;
    PhaseTwo phaseTwo_ = nullptr;
    std::vector<aclTensor *> variants_;
    std::vector<aclIntArray *> arrayVariants_;
    std::vector<std::unique_ptr<testing_support::TensorList>> listArgs_;  // the lists the calls were given
};

// The registry: every operator's case, in the order of its api name.
using HarnessFactory = std::unique_ptr<OpHarness> (*)(Layout layout, uint64_t seed);
struct HarnessRegistration {
    HarnessRegistration(const char *api, HarnessFactory factory);
};
// The api names registered, sorted.
std::vector<std::string> registeredHarnessApis();
// One operator's case by api name ("aclnnMaxUnpool2dBackward"); throws if none is registered.
std::unique_ptr<OpHarness> makeHarness(const std::string &api, Layout layout = Layout::Contiguous, uint64_t seed = 1);
// Every operator's case, on the current device; seeds differ per operator.
std::vector<std::unique_ptr<OpHarness>> makeAllHarnesses(Layout layout = Layout::Contiguous, uint64_t seed = 1);

// The factory of a harness class whose constructor takes (lead..., layout, seed), for
// ACLNN_REGISTER_HARNESS: harnessFactory<Im2colBackwardHarness>, or harnessFactory<Pad2dBackwardHarness, true> for a
// class that serves two operators.
template <class Harness, auto... lead>
std::unique_ptr<OpHarness> harnessFactory(Layout layout, uint64_t seed) {
    return std::make_unique<Harness>(lead..., layout, seed);
}

#define ACLNN_HARNESS_CONCAT2(a, b) a##b
#define ACLNN_HARNESS_CONCAT(a, b) ACLNN_HARNESS_CONCAT2(a, b)
// ACLNN_REGISTER_HARNESS("aclnnIm2colBackward", harnessFactory<Im2colBackwardHarness>);
#define ACLNN_REGISTER_HARNESS(api, factory) \
    static const ::reliability::HarnessRegistration ACLNN_HARNESS_CONCAT(harnessRegistration_, __LINE__)(api, factory)

}  // namespace reliability
