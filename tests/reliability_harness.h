// One small, valid case of every operator, with its arguments in named slots that a test can
// replace (by a null, a malformed view, a bogus address, ...), for tests/test_reliability.cpp and
// tests/test_stress.cpp. Header-only: each including test file gets its own copy.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "aclnnop/aclnn_convolution_backward.h"
#include "aclnnop/aclnn_group_norm_swish_grad.h"
#include "aclnnop/aclnn_im2col_backward.h"
#include "aclnnop/aclnn_max_unpool2d_backward.h"
#include "aclnnop/aclnn_pad2d_backward.h"
#include "support/device_tensor.h"
#include "support/host_data.h"

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

struct ArraySlot {
    std::string name;
    std::vector<int64_t> values;
    aclIntArray *valid = nullptr;
    aclIntArray *arg = nullptr;
};

class OpHarness {
public:
    virtual ~OpHarness() {
        for (aclTensor *t : variants_) aclDestroyTensor(t);
        for (aclIntArray *a : arrayVariants_) aclDestroyIntArray(a);
        for (auto &a : arrays) aclDestroyIntArray(a.valid);
    }

    std::string api;  // "aclnnReflectionPad2dBackward"
    std::vector<TensorSlot> tensors;
    std::vector<ArraySlot> arrays;

    // Phase one and two with the current arguments.
    virtual aclnnStatus plan(uint64_t *workspaceSize, aclOpExecutor **executor) = 0;
    virtual aclnnStatus run(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                            aclrtStream stream) = 0;
    // Attribute values the operator must reject (161002), as (description, change) pairs; each change
    // is undone by resetArguments().
    virtual std::vector<std::pair<std::string, std::function<void()>>> badAttributes() { return {}; }
    virtual void resetAttributes() {}

    void resetArguments() {
        for (auto &t : tensors) t.arg = t.storage->get();
        for (auto &a : arrays) a.arg = a.valid;
        resetAttributes();
    }

    TensorSlot &slot(const std::string &name) {
        for (auto &t : tensors) {
            if (t.name == name) return t;
        }
        throw std::runtime_error("no tensor slot " + name);
    }
    aclTensor *t(const char *name) { return slot(name).arg; }
    aclIntArray *a(const char *name) {
        for (auto &x : arrays) {
            if (x.name == name) return x.arg;
        }
        throw std::runtime_error(std::string("no array slot ") + name);
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
    // Adds a tensor slot with values from `values` (row-major over the view).
    void addTensor(const std::string &name, const std::vector<int64_t> &shape, aclDataType dtype, Layout layout,
                   const std::vector<double> &values, bool output = false) {
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
            s.storage = std::make_unique<DeviceTensor>(shape, dtype, strides, 3);
        } else {
            s.storage = std::make_unique<DeviceTensor>(shape, dtype);
        }
        if (!output) s.storage->upload(values);
        s.arg = s.storage->get();
        tensors.push_back(std::move(s));
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

private:
    std::vector<aclTensor *> variants_;
    std::vector<aclIntArray *> arrayVariants_;
};

class Pad2dHarness : public OpHarness {
public:
    Pad2dHarness(bool reflection, Layout layout, uint64_t seed) : reflection_(reflection) {
        api = reflection ? "aclnnReflectionPad2dBackward" : "aclnnReplicationPad2dBackward";
        // padding [left, right, top, bottom] = [1, 2, 1, 1]: W 4 -> 7, H 4 -> 6.
        addTensor("gradOutput", {2, 3, 6, 7}, ACL_FLOAT, layout, random({2, 3, 6, 7}, seed));
        addTensor("self", {2, 3, 4, 4}, ACL_FLOAT, layout, random({2, 3, 4, 4}, seed + 1));
        addArray("padding", {1, 2, 1, 1});
        addTensor("gradInput", {2, 3, 4, 4}, ACL_FLOAT, layout, {}, true);
    }
    aclnnStatus plan(uint64_t *ws, aclOpExecutor **ex) override {
        return reflection_ ? aclnnReflectionPad2dBackwardGetWorkspaceSize(t("gradOutput"), t("self"), a("padding"),
                                                                          t("gradInput"), ws, ex)
                           : aclnnReplicationPad2dBackwardGetWorkspaceSize(t("gradOutput"), t("self"), a("padding"),
                                                                           t("gradInput"), ws, ex);
    }
    aclnnStatus run(void *w, uint64_t n, aclOpExecutor *e, aclrtStream s) override {
        return reflection_ ? aclnnReflectionPad2dBackward(w, n, e, s) : aclnnReplicationPad2dBackward(w, n, e, s);
    }
    std::vector<std::pair<std::string, std::function<void()>>> badAttributes() override {
        std::vector<std::pair<std::string, std::function<void()>>> bad;
        if (reflection_) {
            bad.emplace_back("padding left >= W", [this] { arrays[0].arg = arrayVariant({4, 2, 1, 1}); });
        }
        bad.emplace_back("padding crops W to nothing", [this] { arrays[0].arg = arrayVariant({-3, -2, 1, 1}); });
        const int64_t huge = int64_t{1} << 62;  // W + left + right overflows int64
        bad.emplace_back("padding overflows int64", [this, huge] { arrays[0].arg = arrayVariant({huge, huge, 1, 1}); });
        return bad;
    }

private:
    bool reflection_;
};

class Im2colHarness : public OpHarness {
public:
    Im2colHarness(Layout layout, uint64_t seed) {
        api = "aclnnIm2colBackward";
        // 3 channels, 2x2 kernel over a 4x5 input, stride 1, no padding: L = 3 * 4 = 12.
        addTensor("gradOutput", {2, 12, 12}, ACL_FLOAT, layout, random({2, 12, 12}, seed));
        addArray("inputSize", {4, 5});
        addArray("kernelSize", {2, 2});
        addArray("dilation", {1, 1});
        addArray("padding", {0, 0});
        addArray("stride", {1, 1});
        addTensor("out", {2, 3, 4, 5}, ACL_FLOAT, layout, {}, true);
    }
    aclnnStatus plan(uint64_t *ws, aclOpExecutor **ex) override {
        return aclnnIm2colBackwardGetWorkspaceSize(t("gradOutput"), a("inputSize"), a("kernelSize"), a("dilation"),
                                                   a("padding"), a("stride"), t("out"), ws, ex);
    }
    aclnnStatus run(void *w, uint64_t n, aclOpExecutor *e, aclrtStream s) override {
        return aclnnIm2colBackward(w, n, e, s);
    }
    std::vector<std::pair<std::string, std::function<void()>>> badAttributes() override {
        return {
            {"kernel 0", [this] { arrays[1].arg = arrayVariant({0, 2}); }},
            {"dilation -1", [this] { arrays[2].arg = arrayVariant({-1, 1}); }},
            {"padding -1", [this] { arrays[3].arg = arrayVariant({0, -1}); }},
            {"stride 0", [this] { arrays[4].arg = arrayVariant({1, 0}); }},
            {"inputSize that does not give L", [this] { arrays[0].arg = arrayVariant({5, 5}); }},
        };
    }
};

class MaxUnpoolHarness : public OpHarness {
public:
    MaxUnpoolHarness(Layout layout, uint64_t seed) {
        api = "aclnnMaxUnpool2dBackward";
        addTensor("gradOutput", {2, 3, 3, 3}, ACL_FLOAT, layout, random({2, 3, 3, 3}, seed));
        addTensor("self", {2, 3, 2, 2}, ACL_FLOAT, layout, random({2, 3, 2, 2}, seed + 1));
        std::vector<double> idx = random({2, 3, 2, 2}, seed + 2, 0, 9);
        for (double &v : idx) v = static_cast<double>(static_cast<int64_t>(v));
        addTensor("indices", {2, 3, 2, 2}, ACL_INT64, layout, idx);
        addArray("outputSize", {3, 3});
        addTensor("out", {2, 3, 2, 2}, ACL_FLOAT, layout, {}, true);
    }
    aclnnStatus plan(uint64_t *ws, aclOpExecutor **ex) override {
        return aclnnMaxUnpool2dBackwardGetWorkspaceSize(t("gradOutput"), t("self"), t("indices"), a("outputSize"),
                                                        t("out"), ws, ex);
    }
    aclnnStatus run(void *w, uint64_t n, aclOpExecutor *e, aclrtStream s) override {
        return aclnnMaxUnpool2dBackward(w, n, e, s);
    }
    std::vector<std::pair<std::string, std::function<void()>>> badAttributes() override {
        return {{"outputSize != gradOutput's last two dims", [this] { arrays[0].arg = arrayVariant({3, 4}); }}};
    }
};

class ConvTbcHarness : public OpHarness {
public:
    // T 4 by default; a T with T_out * B over 256 rows sums gradBias in chunks through workspace,
    // after the GEMMs have been enqueued.
    ConvTbcHarness(Layout layout, uint64_t seed, int64_t T = 4) {
        api = "aclnnConvTbcBackward";
        // T 4, B 2, C_in 3, C_out 5, K 2, pad 1: T_out = 4 + 2 + 1 - 2 = 5.
        addTensor("self", {T + 1, 2, 5}, ACL_FLOAT, layout, random({T + 1, 2, 5}, seed));
        addTensor("input", {T, 2, 3}, ACL_FLOAT, layout, random({T, 2, 3}, seed + 1));
        addTensor("weight", {2, 3, 5}, ACL_FLOAT, layout, random({2, 3, 5}, seed + 2));
        addTensor("bias", {5}, ACL_FLOAT, layout, random({5}, seed + 3));
        addTensor("gradInput", {T, 2, 3}, ACL_FLOAT, layout, {}, true);
        addTensor("gradWeight", {2, 3, 5}, ACL_FLOAT, layout, {}, true);
        addTensor("gradBias", {5}, ACL_FLOAT, layout, {}, true);
    }
    aclnnStatus plan(uint64_t *ws, aclOpExecutor **ex) override {
        return aclnnConvTbcBackwardGetWorkspaceSize(t("self"), t("input"), t("weight"), t("bias"), pad_, cube_,
                                                    t("gradInput"), t("gradWeight"), t("gradBias"), ws, ex);
    }
    aclnnStatus run(void *w, uint64_t n, aclOpExecutor *e, aclrtStream s) override {
        return aclnnConvTbcBackward(w, n, e, s);
    }
    std::vector<std::pair<std::string, std::function<void()>>> badAttributes() override {
        return {
            {"pad -1", [this] { pad_ = -1; }},
            {"pad that changes T_out", [this] { pad_ = 2; }},
            {"cubeMathType 4", [this] { cube_ = 4; }},
            {"cubeMathType -1", [this] { cube_ = -1; }},
        };
    }
    void resetAttributes() override {
        pad_ = 1;
        cube_ = 1;
    }

private:
    int64_t pad_ = 1;
    int8_t cube_ = 1;
};

class GroupNormSwishGradHarness : public OpHarness {
public:
    GroupNormSwishGradHarness(Layout layout, uint64_t seed) {
        api = "aclnnGroupNormSwishGrad";
        addTensor("dy", {2, 4, 3}, ACL_FLOAT, layout, random({2, 4, 3}, seed));
        addTensor("mean", {2, 2}, ACL_FLOAT, layout, random({2, 2}, seed + 1));
        addTensor("rstd", {2, 2}, ACL_FLOAT, layout, random({2, 2}, seed + 2, 0.5, 2.0));
        addTensor("x", {2, 4, 3}, ACL_FLOAT, layout, random({2, 4, 3}, seed + 3));
        addTensor("gamma", {4}, ACL_FLOAT, layout, random({4}, seed + 4));
        addTensor("beta", {4}, ACL_FLOAT, layout, random({4}, seed + 5));
        addTensor("dxOut", {2, 4, 3}, ACL_FLOAT, layout, {}, true);
        addTensor("dgammaOut", {4}, ACL_FLOAT, layout, {}, true);
        addTensor("dbetaOut", {4}, ACL_FLOAT, layout, {}, true);
    }
    aclnnStatus plan(uint64_t *ws, aclOpExecutor **ex) override {
        return aclnnGroupNormSwishGradGetWorkspaceSize(t("dy"), t("mean"), t("rstd"), t("x"), t("gamma"), t("beta"),
                                                       groups_, format_.empty() ? nullptr : &format_[0], 1.0, true,
                                                       true, t("dxOut"), t("dgammaOut"), t("dbetaOut"), ws, ex);
    }
    aclnnStatus run(void *w, uint64_t n, aclOpExecutor *e, aclrtStream s) override {
        return aclnnGroupNormSwishGrad(w, n, e, s);
    }
    std::vector<std::pair<std::string, std::function<void()>>> badAttributes() override {
        return {
            {"numGroups 0", [this] { groups_ = 0; }},
            {"numGroups -2", [this] { groups_ = -2; }},
            {"numGroups 3 does not divide C 4", [this] { groups_ = 3; }},
            {"dataFormatOptional NHWC", [this] { format_ = "NHWC"; }},
        };
    }
    void resetAttributes() override {
        groups_ = 2;
        format_.clear();
    }

private:
    int64_t groups_ = 2;
    std::string format_;  // empty: nullptr
};

// Every operator (pad2d counts twice: reflection and replication), on the current device.
inline std::vector<std::unique_ptr<OpHarness>> makeAllHarnesses(Layout layout = Layout::Contiguous,
                                                                uint64_t seed = 1) {
    std::vector<std::unique_ptr<OpHarness>> all;
    all.push_back(std::make_unique<Pad2dHarness>(true, layout, seed));
    all.push_back(std::make_unique<Pad2dHarness>(false, layout, seed + 10));
    all.push_back(std::make_unique<Im2colHarness>(layout, seed + 20));
    all.push_back(std::make_unique<MaxUnpoolHarness>(layout, seed + 30));
    all.push_back(std::make_unique<ConvTbcHarness>(layout, seed + 40));
    all.push_back(std::make_unique<GroupNormSwishGradHarness>(layout, seed + 50));
    return all;
}

}  // namespace reliability
