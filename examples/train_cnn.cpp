// A small CNN trained for 50 steps of SGD, written the way CANN's operator samples are written (it builds
// unchanged against a CANN toolkit or against an aclnn-opencl install, see docs/porting.md). Every step's
// forward, backward and parameter update is an aclnn call on device memory; the host only reads the loss.
//
//   x (8, 3, 16, 16) -> aclnnConvolution (3 -> 8 channels, 3x3, pad 1) -> y
//     -> aclnnGroupNorm (2 groups) -> g -> aclnnSilu -> a -> aclnnMaxPool2dWithIndices (2x2) -> p (8, 8, 8, 8)
//     -> p viewed as (8, 512) -> aclnnMatmul with fcWeight (512, 10) -> aclnnInplaceAdd fcBias -> logits
//     -> aclnnLogSoftmax -> aclnnNLLLoss (mean, class weights 1) -> loss
//   backward: aclnnNLLLossBackward -> aclnnLogSoftmaxBackward -> dlogits; aclnnReduceSum (fcBias),
//     aclnnMatmul with transposed views (fcWeight, p) -> aclnnMaxPool2dWithIndicesBackward -> aclnnSiluBackward
//     -> aclnnGroupNormBackward (gamma, beta, dy) -> aclnnConvolutionBackward (convWeight, convBias)
//   update: aclnnInplaceAdd(param, grad, alpha = -lr) for each of the six parameters.
//
// The data and initial parameters are fixed formulas (Init); the labels are (3n + 1) % 10. It prints the
// loss of steps 1, 10, 20, 30, 40 and 50 as "loss result[i]", whose expected values (below) are PyTorch
// autograd's (tests/golden/ops/train_cnn.py, which checks the line). With `--dump FILE` it also writes the
// loss of every step and the first step's gradients, which tests/programs/check_train_cnn.cpp compares
// with PyTorch's and with a second run's, bit for bit.
//
// install-test-symbol: aclnnConvolutionBackward
// install-test-expect: loss=2.30687,0.089373,0.0376139,0.0231159,0.0164134,0.012605
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_add.h"
#include "aclnnop/aclnn_convolution.h"
#include "aclnnop/aclnn_convolution_backward.h"
#include "aclnnop/aclnn_group_norm.h"
#include "aclnnop/aclnn_group_norm_backward.h"
#include "aclnnop/aclnn_logsoftmax.h"
#include "aclnnop/aclnn_logsoftmax_backward.h"
#include "aclnnop/aclnn_matmul.h"
#include "aclnnop/aclnn_max_pool2d_with_indices.h"
#include "aclnnop/aclnn_max_pool2d_with_indices_backward.h"
#include "aclnnop/aclnn_nll_loss.h"
#include "aclnnop/aclnn_nll_loss_backward.h"
#include "aclnnop/aclnn_reduce_sum.h"
#include "aclnnop/aclnn_silu.h"
#include "aclnnop/aclnn_silu_backward.h"

#define CHECK_RET(cond, return_expr) \
    do {                             \
        if (!(cond)) {               \
            return_expr;             \
        }                            \
    } while (0)

#define LOG_PRINT(message, ...)         \
    do {                                \
        printf(message, ##__VA_ARGS__); \
    } while (0)

// The model's sizes and hyper-parameters.
const int64_t N = 8, C_IN = 3, H = 16, W = 16, C = 8, K = 3, GROUPS = 2, CLASSES = 10;
const int64_t PH = H / 2, PW = W / 2, FLAT = C * PH * PW;
const double EPS = 1e-5;
const float LR = 0.05f;
const int STEPS = 50;

// A device buffer and the tensor over it (or a view of it).
struct Buffer {
    void *addr = nullptr;
    int64_t bytes = 0;
    aclTensor *tensor = nullptr;
};

// Allocates `buffer` for `shape` and makes its contiguous tensor (format NCHW for 4-D, ND otherwise).
int Make(Buffer *buffer, const std::vector<int64_t> &shape, aclDataType dtype = ACL_FLOAT) {
    int64_t count = 1;
    for (auto d : shape) {
        count *= d;
    }
    buffer->bytes = count * static_cast<int64_t>(aclDataTypeSize(dtype));
    auto ret = aclrtMalloc(&buffer->addr, buffer->bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtMalloc failed. ERROR: %d\n", ret); return ret);
    std::vector<int64_t> strides(shape.size(), 1);
    for (int64_t i = static_cast<int64_t>(shape.size()) - 2; i >= 0; i--) {
        strides[i] = shape[i + 1] * strides[i + 1];
    }
    aclFormat format = shape.size() == 4 ? ACL_FORMAT_NCHW : ACL_FORMAT_ND;
    buffer->tensor = aclCreateTensor(shape.data(), shape.size(), dtype, strides.data(), 0, format, shape.data(),
                                     shape.size(), buffer->addr);
    return 0;
}

// A 2-D view (rows, cols) with the given strides over the first rows * cols elements of a float buffer.
aclTensor *View2d(const Buffer &buffer, int64_t rows, int64_t cols, int64_t rowStride, int64_t colStride) {
    std::vector<int64_t> shape = {rows, cols}, strides = {rowStride, colStride};
    int64_t storage = rows * cols;
    return aclCreateTensor(shape.data(), 2, ACL_FLOAT, strides.data(), 0, ACL_FORMAT_ND, &storage, 1, buffer.addr);
}

int Upload(const Buffer &buffer, const void *host, int64_t bytes) {
    auto ret = aclrtMemcpy(buffer.addr, buffer.bytes, host, bytes, ACL_MEMCPY_HOST_TO_DEVICE);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtMemcpy to device failed. ERROR: %d\n", ret); return ret);
    return 0;
}

int Download(const Buffer &buffer, std::vector<float> *host) {
    host->assign(buffer.bytes / sizeof(float), 0.0f);
    auto ret = aclrtMemcpy(host->data(), buffer.bytes, buffer.addr, buffer.bytes, ACL_MEMCPY_DEVICE_TO_HOST);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtMemcpy to host failed. ERROR: %d\n", ret); return ret);
    return 0;
}

// One operator call: the status of its first phase, then its second phase with a workspace of the size
// the first phase asked for, then a wait for the stream (the workspace is freed after it).
typedef aclnnStatus (*RunFn)(void *, uint64_t, aclOpExecutor *, aclrtStream);
int Launch(const char *name, aclnnStatus firstPhase, const uint64_t *workspaceSize, aclOpExecutor *const *executor,
           RunFn run, aclrtStream stream) {
    CHECK_RET(firstPhase == ACL_SUCCESS, LOG_PRINT("%sGetWorkspaceSize failed. ERROR: %d\n", name, firstPhase);
              return firstPhase);
    void *workspace = nullptr;
    if (*workspaceSize > 0) {
        auto ret = aclrtMalloc(&workspace, *workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST);
        CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("allocate workspace failed. ERROR: %d\n", ret); return ret);
    }
    auto ret = run(workspace, *workspaceSize, *executor, stream);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("%s failed. ERROR: %d\n", name, ret); return ret);
    ret = aclrtSynchronizeStream(stream);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtSynchronizeStream failed. ERROR: %d\n", ret); return ret);
    if (workspace != nullptr) {
        aclrtFree(workspace);
    }
    return 0;
}

struct Model {
    // Data and parameters.
    Buffer x, labels, classWeight, convWeight, convBias, gamma, beta, fcWeight, fcBias;
    // Forward activations.
    Buffer y, g, mean, rstd, a, p, indices, logits, logp, loss, totalWeight;
    // Gradients.
    Buffer gradLoss, dlogp, dlogits, dfcWeight, dfcBias, dp, da, dg, dy, dgamma, dbeta, dconvWeight, dconvBias;
    // Views: p as (N, FLAT) and transposed (FLAT, N), fcWeight transposed (CLASSES, FLAT), dp as (N, FLAT).
    aclTensor *pFlat = nullptr, *pFlatT = nullptr, *fcWeightT = nullptr, *dpFlat = nullptr;
    // Attributes.
    aclIntArray *one2 = nullptr, *pad1 = nullptr, *zero2 = nullptr, *two2 = nullptr, *biasSizes = nullptr,
                *batchDim = nullptr;
    aclBoolArray *allOutputs = nullptr, *weightAndBias = nullptr;
    aclScalar *plusOne = nullptr, *minusLr = nullptr;
};

int Forward(Model &m, aclrtStream stream) {
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    int ret = Launch("aclnnConvolution",
                     aclnnConvolutionGetWorkspaceSize(m.x.tensor, m.convWeight.tensor, m.convBias.tensor, m.one2,
                                                      m.pad1, m.one2, false, m.zero2, 1, m.y.tensor, 0, &ws, &ex),
                     &ws, &ex, aclnnConvolution, stream);
    CHECK_RET(ret == 0, return ret);
    ret = Launch("aclnnGroupNorm",
                 aclnnGroupNormGetWorkspaceSize(m.y.tensor, m.gamma.tensor, m.beta.tensor, N, C, H * W, GROUPS, EPS,
                                                m.g.tensor, m.mean.tensor, m.rstd.tensor, &ws, &ex),
                 &ws, &ex, aclnnGroupNorm, stream);
    CHECK_RET(ret == 0, return ret);
    ret = Launch("aclnnSilu", aclnnSiluGetWorkspaceSize(m.g.tensor, m.a.tensor, &ws, &ex), &ws, &ex, aclnnSilu,
                 stream);
    CHECK_RET(ret == 0, return ret);
    ret = Launch("aclnnMaxPool2dWithIndices",
                 aclnnMaxPool2dWithIndicesGetWorkspaceSize(m.a.tensor, m.two2, m.two2, m.zero2, m.one2, false,
                                                           m.p.tensor, m.indices.tensor, &ws, &ex),
                 &ws, &ex, aclnnMaxPool2dWithIndices, stream);
    CHECK_RET(ret == 0, return ret);
    ret = Launch("aclnnMatmul", aclnnMatmulGetWorkspaceSize(m.pFlat, m.fcWeight.tensor, m.logits.tensor, 0, &ws, &ex),
                 &ws, &ex, aclnnMatmul, stream);
    CHECK_RET(ret == 0, return ret);
    ret = Launch("aclnnInplaceAdd",
                 aclnnInplaceAddGetWorkspaceSize(m.logits.tensor, m.fcBias.tensor, m.plusOne, &ws, &ex), &ws, &ex,
                 aclnnInplaceAdd, stream);
    CHECK_RET(ret == 0, return ret);
    ret = Launch("aclnnLogSoftmax", aclnnLogSoftmaxGetWorkspaceSize(m.logits.tensor, 1, m.logp.tensor, &ws, &ex), &ws,
                 &ex, aclnnLogSoftmax, stream);
    CHECK_RET(ret == 0, return ret);
    return Launch("aclnnNLLLoss",
                  aclnnNLLLossGetWorkspaceSize(m.logp.tensor, m.labels.tensor, m.classWeight.tensor, 1, -100,
                                               m.loss.tensor, m.totalWeight.tensor, &ws, &ex),
                  &ws, &ex, aclnnNLLLoss, stream);
}

int Backward(Model &m, aclrtStream stream) {
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    int ret = Launch("aclnnNLLLossBackward",
                     aclnnNLLLossBackwardGetWorkspaceSize(m.gradLoss.tensor, m.logp.tensor, m.labels.tensor,
                                                          m.classWeight.tensor, 1, -100, m.totalWeight.tensor,
                                                          m.dlogp.tensor, &ws, &ex),
                     &ws, &ex, aclnnNLLLossBackward, stream);
    CHECK_RET(ret == 0, return ret);
    ret = Launch("aclnnLogSoftmaxBackward",
                 aclnnLogSoftmaxBackwardGetWorkspaceSize(m.dlogp.tensor, m.logp.tensor, 1, m.dlogits.tensor, &ws, &ex),
                 &ws, &ex, aclnnLogSoftmaxBackward, stream);
    CHECK_RET(ret == 0, return ret);
    ret = Launch("aclnnReduceSum",
                 aclnnReduceSumGetWorkspaceSize(m.dlogits.tensor, m.batchDim, false, ACL_FLOAT, m.dfcBias.tensor, &ws,
                                                &ex),
                 &ws, &ex, aclnnReduceSum, stream);
    CHECK_RET(ret == 0, return ret);
    ret = Launch("aclnnMatmul", aclnnMatmulGetWorkspaceSize(m.pFlatT, m.dlogits.tensor, m.dfcWeight.tensor, 0, &ws, &ex),
                 &ws, &ex, aclnnMatmul, stream);
    CHECK_RET(ret == 0, return ret);
    ret = Launch("aclnnMatmul", aclnnMatmulGetWorkspaceSize(m.dlogits.tensor, m.fcWeightT, m.dpFlat, 0, &ws, &ex),
                 &ws, &ex, aclnnMatmul, stream);
    CHECK_RET(ret == 0, return ret);
    ret = Launch("aclnnMaxPool2dWithIndicesBackward",
                 aclnnMaxPool2dWithIndicesBackwardGetWorkspaceSize(m.dp.tensor, m.a.tensor, m.indices.tensor, m.two2,
                                                                   m.two2, m.zero2, m.one2, false, m.da.tensor, &ws,
                                                                   &ex),
                 &ws, &ex, aclnnMaxPool2dWithIndicesBackward, stream);
    CHECK_RET(ret == 0, return ret);
    ret = Launch("aclnnSiluBackward", aclnnSiluBackwardGetWorkspaceSize(m.da.tensor, m.g.tensor, m.dg.tensor, &ws, &ex),
                 &ws, &ex, aclnnSiluBackward, stream);
    CHECK_RET(ret == 0, return ret);
    ret = Launch("aclnnGroupNormBackward",
                 aclnnGroupNormBackwardGetWorkspaceSize(m.dg.tensor, m.y.tensor, m.mean.tensor, m.rstd.tensor,
                                                        m.gamma.tensor, N, C, H * W, GROUPS, m.allOutputs, m.dy.tensor,
                                                        m.dgamma.tensor, m.dbeta.tensor, &ws, &ex),
                 &ws, &ex, aclnnGroupNormBackward, stream);
    CHECK_RET(ret == 0, return ret);
    return Launch("aclnnConvolutionBackward",
                  aclnnConvolutionBackwardGetWorkspaceSize(m.dy.tensor, m.x.tensor, m.convWeight.tensor, m.biasSizes,
                                                           m.one2, m.pad1, m.one2, false, m.zero2, 1, m.weightAndBias, 0,
                                                           nullptr, m.dconvWeight.tensor, m.dconvBias.tensor, &ws, &ex),
                  &ws, &ex, aclnnConvolutionBackward, stream);
}

// param += -lr * grad, on the device, for each of the six parameters.
int Update(Model &m, aclrtStream stream) {
    Buffer *pairs[][2] = {{&m.convWeight, &m.dconvWeight}, {&m.convBias, &m.dconvBias}, {&m.gamma, &m.dgamma},
                          {&m.beta, &m.dbeta},             {&m.fcWeight, &m.dfcWeight}, {&m.fcBias, &m.dfcBias}};
    for (auto &pg : pairs) {
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        int ret = Launch("aclnnInplaceAdd",
                         aclnnInplaceAddGetWorkspaceSize(pg[0]->tensor, pg[1]->tensor, m.minusLr, &ws, &ex), &ws, &ex,
                         aclnnInplaceAdd, stream);
        CHECK_RET(ret == 0, return ret);
    }
    return 0;
}

// f(i) for i in [0, count), in double, rounded once to float.
std::vector<float> Values(int64_t count, double (*f)(int64_t)) {
    std::vector<float> v(count);
    for (int64_t i = 0; i < count; i++) {
        v[i] = static_cast<float>(f(i));
    }
    return v;
}

double XAt(int64_t i) { return std::sin(0.37 * i + 0.1) * std::cos(0.011 * i); }
double ConvWeightAt(int64_t i) { return 0.25 * std::sin(0.71 * i + 0.3); }
double ConvBiasAt(int64_t i) { return 0.01 * static_cast<double>(i - 4); }
double GammaAt(int64_t i) { return 1.0 + 0.05 * std::cos(static_cast<double>(i)); }
double BetaAt(int64_t i) { return 0.02 * std::sin(static_cast<double>(i)); }
double FcWeightAt(int64_t i) { return 0.05 * std::sin(0.37 * i + 1.1); }
double ZeroAt(int64_t) { return 0.0; }
double OneAt(int64_t) { return 1.0; }

int Init(Model &m) {
    struct Spec {
        Buffer *buffer;
        std::vector<int64_t> shape;
        aclDataType dtype;
    } specs[] = {
        {&m.x, {N, C_IN, H, W}, ACL_FLOAT},   {&m.labels, {N}, ACL_INT64},        {&m.classWeight, {CLASSES}, ACL_FLOAT},
        {&m.convWeight, {C, C_IN, K, K}, ACL_FLOAT}, {&m.convBias, {C}, ACL_FLOAT}, {&m.gamma, {C}, ACL_FLOAT},
        {&m.beta, {C}, ACL_FLOAT},            {&m.fcWeight, {FLAT, CLASSES}, ACL_FLOAT},
        {&m.fcBias, {CLASSES}, ACL_FLOAT},    {&m.y, {N, C, H, W}, ACL_FLOAT},    {&m.g, {N, C, H, W}, ACL_FLOAT},
        {&m.mean, {N, GROUPS}, ACL_FLOAT},    {&m.rstd, {N, GROUPS}, ACL_FLOAT},  {&m.a, {N, C, H, W}, ACL_FLOAT},
        {&m.p, {N, C, PH, PW}, ACL_FLOAT},    {&m.indices, {N, C, PH, PW}, ACL_INT32},
        {&m.logits, {N, CLASSES}, ACL_FLOAT}, {&m.logp, {N, CLASSES}, ACL_FLOAT}, {&m.loss, {}, ACL_FLOAT},
        {&m.totalWeight, {}, ACL_FLOAT},      {&m.gradLoss, {}, ACL_FLOAT},       {&m.dlogp, {N, CLASSES}, ACL_FLOAT},
        {&m.dlogits, {N, CLASSES}, ACL_FLOAT}, {&m.dfcWeight, {FLAT, CLASSES}, ACL_FLOAT},
        {&m.dfcBias, {CLASSES}, ACL_FLOAT},   {&m.dp, {N, C, PH, PW}, ACL_FLOAT}, {&m.da, {N, C, H, W}, ACL_FLOAT},
        {&m.dg, {N, C, H, W}, ACL_FLOAT},     {&m.dy, {N, C, H, W}, ACL_FLOAT},   {&m.dgamma, {C}, ACL_FLOAT},
        {&m.dbeta, {C}, ACL_FLOAT},           {&m.dconvWeight, {C, C_IN, K, K}, ACL_FLOAT},
        {&m.dconvBias, {C}, ACL_FLOAT},
    };
    for (auto &s : specs) {
        int ret = Make(s.buffer, s.shape, s.dtype);
        CHECK_RET(ret == 0, return ret);
    }
    m.pFlat = View2d(m.p, N, FLAT, FLAT, 1);
    m.pFlatT = View2d(m.p, FLAT, N, 1, FLAT);
    m.fcWeightT = View2d(m.fcWeight, CLASSES, FLAT, 1, CLASSES);
    m.dpFlat = View2d(m.dp, N, FLAT, FLAT, 1);
    int64_t one2[] = {1, 1}, zero2[] = {0, 0}, two2[] = {2, 2}, biasSizes[] = {C}, batchDim[] = {0};
    m.one2 = aclCreateIntArray(one2, 2);
    m.pad1 = aclCreateIntArray(one2, 2);
    m.zero2 = aclCreateIntArray(zero2, 2);
    m.two2 = aclCreateIntArray(two2, 2);
    m.biasSizes = aclCreateIntArray(biasSizes, 1);
    m.batchDim = aclCreateIntArray(batchDim, 1);
    bool all[] = {true, true, true}, weightAndBias[] = {false, true, true};
    m.allOutputs = aclCreateBoolArray(all, 3);
    m.weightAndBias = aclCreateBoolArray(weightAndBias, 3);
    float plusOne = 1.0f, minusLr = -LR;
    m.plusOne = aclCreateScalar(&plusOne, ACL_FLOAT);
    m.minusLr = aclCreateScalar(&minusLr, ACL_FLOAT);

    std::vector<int64_t> labels(N);
    for (int64_t n = 0; n < N; n++) {
        labels[n] = (3 * n + 1) % CLASSES;
    }
    struct Fill {
        Buffer *buffer;
        double (*f)(int64_t);
    } fills[] = {{&m.x, XAt},         {&m.classWeight, OneAt}, {&m.convWeight, ConvWeightAt},
                 {&m.convBias, ConvBiasAt}, {&m.gamma, GammaAt},   {&m.beta, BetaAt},
                 {&m.fcWeight, FcWeightAt}, {&m.fcBias, ZeroAt},   {&m.gradLoss, OneAt}};
    for (auto &fill : fills) {
        std::vector<float> v = Values(fill.buffer->bytes / static_cast<int64_t>(sizeof(float)), fill.f);
        int ret = Upload(*fill.buffer, v.data(), fill.buffer->bytes);
        CHECK_RET(ret == 0, return ret);
    }
    return Upload(m.labels, labels.data(), N * static_cast<int64_t>(sizeof(int64_t)));
}

// The dump: the loss of every step and the first step's gradients, in the format of tests/golden.
void DumpTensor(FILE *file, const char *role, const std::vector<int64_t> &shape, const std::vector<float> &values) {
    fprintf(file, "tensor %s float32 %zu", role, shape.size());
    for (auto d : shape) {
        fprintf(file, " %lld", static_cast<long long>(d));
    }
    fprintf(file, "\n");
    for (size_t i = 0; i < values.size(); i++) {
        fprintf(file, "%s%.9g", i == 0 ? "" : " ", static_cast<double>(values[i]));
    }
    fprintf(file, "\n");
}

int DumpGradients(Model &m, FILE *file) {
    struct Grad {
        const char *role;
        Buffer *buffer;
        std::vector<int64_t> shape;
    } grads[] = {{"convWeight", &m.dconvWeight, {C, C_IN, K, K}}, {"convBias", &m.dconvBias, {C}},
                 {"gamma", &m.dgamma, {C}},                       {"beta", &m.dbeta, {C}},
                 {"fcWeight", &m.dfcWeight, {FLAT, CLASSES}},    {"fcBias", &m.dfcBias, {CLASSES}}};
    for (auto &grad : grads) {
        std::vector<float> host;
        int ret = Download(*grad.buffer, &host);
        CHECK_RET(ret == 0, return ret);
        DumpTensor(file, grad.role, grad.shape, host);
    }
    return 0;
}

int main(int argc, char **argv) {
    const char *dumpPath = nullptr;
    for (int i = 1; i + 1 < argc; i++) {
        if (strcmp(argv[i], "--dump") == 0) {
            dumpPath = argv[i + 1];
        }
    }
    // 1. Device and stream.
    int32_t deviceId = 0;
    aclrtStream stream;
    auto ret = aclInit(nullptr);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclInit failed. ERROR: %d\n", ret); return ret);
    ret = aclrtSetDevice(deviceId);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtSetDevice failed. ERROR: %d\n", ret); return ret);
    ret = aclrtCreateStream(&stream);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtCreateStream failed. ERROR: %d\n", ret); return ret);

    // 2. Data, parameters and every buffer of the step.
    Model m;
    ret = Init(m);
    CHECK_RET(ret == 0, return ret);
    FILE *dump = nullptr;
    if (dumpPath != nullptr) {
        dump = fopen(dumpPath, "w");
        CHECK_RET(dump != nullptr, LOG_PRINT("cannot write %s\n", dumpPath); return 1);
        fprintf(dump, "case train_cnn f32_sgd_50_steps\n");
    }

    // 3. The training loop: forward, backward, update; the loss read back after each forward.
    std::vector<float> losses;
    for (int step = 1; step <= STEPS; step++) {
        ret = Forward(m, stream);
        CHECK_RET(ret == 0, return ret);
        std::vector<float> loss;
        ret = Download(m.loss, &loss);
        CHECK_RET(ret == 0, return ret);
        losses.push_back(loss[0]);
        if (step == 1 || step % 10 == 0) {
            LOG_PRINT("loss result[%d] is: %f (step %d)\n", step / 10, loss[0], step);
        }
        ret = Backward(m, stream);
        CHECK_RET(ret == 0, return ret);
        if (step == 1 && dump != nullptr) {
            ret = DumpGradients(m, dump);
            CHECK_RET(ret == 0, return ret);
        }
        ret = Update(m, stream);
        CHECK_RET(ret == 0, return ret);
    }
    if (dump != nullptr) {
        DumpTensor(dump, "loss", {static_cast<int64_t>(losses.size())}, losses);
        fprintf(dump, "end\n");
        fclose(dump);
    }
    bool lower = losses.back() < losses.front();
    LOG_PRINT("train_cnn: loss %.6f -> %.6f over %d steps (%s)\n", losses.front(), losses.back(), STEPS,
              lower ? "lower" : "NOT lower");

    // 4. Release everything.
    Buffer *buffers[] = {&m.x,   &m.labels, &m.classWeight, &m.convWeight, &m.convBias, &m.gamma,     &m.beta,
                         &m.fcWeight, &m.fcBias, &m.y,     &m.g,      &m.mean,     &m.rstd,     &m.a,
                         &m.p,   &m.indices, &m.logits, &m.logp,  &m.loss,     &m.totalWeight, &m.gradLoss,
                         &m.dlogp, &m.dlogits, &m.dfcWeight, &m.dfcBias, &m.dp, &m.da,       &m.dg,
                         &m.dy,  &m.dgamma, &m.dbeta,  &m.dconvWeight, &m.dconvBias};
    for (auto buffer : buffers) {
        aclDestroyTensor(buffer->tensor);
        aclrtFree(buffer->addr);
    }
    aclTensor *views[] = {m.pFlat, m.pFlatT, m.fcWeightT, m.dpFlat};
    for (auto view : views) {
        aclDestroyTensor(view);
    }
    aclIntArray *arrays[] = {m.one2, m.pad1, m.zero2, m.two2, m.biasSizes, m.batchDim};
    for (auto array : arrays) {
        aclDestroyIntArray(array);
    }
    aclDestroyBoolArray(m.allOutputs);
    aclDestroyBoolArray(m.weightAndBias);
    aclDestroyScalar(m.plusOne);
    aclDestroyScalar(m.minusLr);
    aclrtDestroyStream(stream);
    aclrtResetDevice(deviceId);
    aclFinalize();
    return lower ? 0 : 1;
}
