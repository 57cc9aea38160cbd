// One training step of a 1-D convolution block, written the way CANN's operator samples are written
// (it builds unchanged against a CANN toolkit or against an aclnn-opencl install, see docs/porting.md),
// the way a speech or fairseq-style model runs it:
//
//   x (T, B, C_in) -> aclnnConvTbc -> y (T, B, C) -> viewed as (B, C, T) through strides (no copy)
//     -> aclnnGroupNormSwish -> z; loss = sum((z - target)^2) / 2 on the host
//   dz -> aclnnGroupNormSwishGrad (with the forward's own mean and rstd) -> dy, written through the same
//     kind of strided view into a (T, B, C) buffer -> aclnnConvTbcBackward -> gradWeight, gradBias
//   SGD on the host: weight, bias, gamma and beta -= lr * gradient; a second forward shows the loss fell.
//
// T 16, B 2, C_in = C = 8, K 3, pad 1, 4 groups, eps 1e-5, swishScale 1, lr 0.01, float32; the inputs
// are fixed formulas (see main). It prints both losses and the gradients; the expected values are
// PyTorch autograd's (tests/golden/ops/train_step.py, which checks the line below).
//
// tests/test_install.sh runs this program and checks what it prints (docs/architecture.md):
// install-test-symbol: aclnnConvTbc
// install-test-expect: loss=59.9264,35.7768 gradBias=-67.8897,67.8897,54.2739,-54.2739,-66.1178,66.1178,57.4737,-57.4737 dgamma=0.763953,33.1392,3.39014,19.0682,0.858803,24.414,2.74944,18.7768 dbeta=-1.79889,22.4799,6.18193,11.316,-0.39127,19.2335,4.986,11.3687 gradWeight~192=89.1283,-63.1783,33.7486,-43.8731,52.6636,-24.6314,51.4199,-117.081
#include <cmath>
#include <cstdio>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_convolution.h"
#include "aclnnop/aclnn_convolution_backward.h"
#include "aclnnop/aclnn_group_norm_swish.h"
#include "aclnnop/aclnn_group_norm_swish_grad.h"

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

// The block's sizes and hyper-parameters.
const int64_t T = 16, B = 2, C_IN = 8, C = 8, K = 3, PAD = 1, GROUPS = 4;
const double EPS = 1e-5, SWISH_SCALE = 1.0;
const float LR = 0.01f;

int64_t GetShapeSize(const std::vector<int64_t> &shape) {
    int64_t count = 1;
    for (auto dim : shape) {
        count *= dim;
    }
    return count;
}

// A device buffer of `count` floats.
struct DeviceBuffer {
    void *addr = nullptr;
    int64_t count = 0;
};

int Alloc(DeviceBuffer *buffer, int64_t count) {
    buffer->count = count;
    auto ret = aclrtMalloc(&buffer->addr, count * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtMalloc failed. ERROR: %d\n", ret); return ret);
    return 0;
}

int Upload(const DeviceBuffer &buffer, const std::vector<float> &host) {
    auto ret = aclrtMemcpy(buffer.addr, buffer.count * sizeof(float), host.data(), host.size() * sizeof(float),
                           ACL_MEMCPY_HOST_TO_DEVICE);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtMemcpy to device failed. ERROR: %d\n", ret); return ret);
    return 0;
}

int Download(const DeviceBuffer &buffer, std::vector<float> *host) {
    host->assign(buffer.count, 0.0f);
    auto ret = aclrtMemcpy(host->data(), host->size() * sizeof(float), buffer.addr, buffer.count * sizeof(float),
                           ACL_MEMCPY_DEVICE_TO_HOST);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtMemcpy to host failed. ERROR: %d\n", ret); return ret);
    return 0;
}

// A contiguous ND tensor over a whole buffer.
aclTensor *Contiguous(const DeviceBuffer &buffer, const std::vector<int64_t> &shape) {
    std::vector<int64_t> strides(shape.size(), 1);
    for (int64_t i = static_cast<int64_t>(shape.size()) - 2; i >= 0; i--) {
        strides[i] = shape[i + 1] * strides[i + 1];
    }
    return aclCreateTensor(shape.data(), shape.size(), ACL_FLOAT, strides.data(), 0, ACL_FORMAT_ND, shape.data(),
                           shape.size(), buffer.addr);
}

// A (T, B, C) buffer seen as (B, C, T): strides (C, 1, B*C) over the same memory, no copy.
aclTensor *TimeLastView(const DeviceBuffer &buffer) {
    std::vector<int64_t> viewShape = {B, C, T};
    std::vector<int64_t> strides = {C, 1, B * C};
    std::vector<int64_t> storageShape = {T, B, C};
    return aclCreateTensor(viewShape.data(), viewShape.size(), ACL_FLOAT, strides.data(), 0, ACL_FORMAT_ND,
                           storageShape.data(), storageShape.size(), buffer.addr);
}

// Runs the second phase of an operator whose first phase gave (workspaceSize, executor), then waits.
typedef aclnnStatus (*RunFn)(void *, uint64_t, aclOpExecutor *, aclrtStream);
int RunPhaseTwo(const char *name, RunFn run, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
    void *workspaceAddr = nullptr;
    if (workspaceSize > 0) {
        auto ret = aclrtMalloc(&workspaceAddr, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST);
        CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("allocate workspace failed. ERROR: %d\n", ret); return ret);
    }
    auto ret = run(workspaceAddr, workspaceSize, executor, stream);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("%s failed. ERROR: %d\n", name, ret); return ret);
    ret = aclrtSynchronizeStream(stream);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtSynchronizeStream failed. ERROR: %d\n", ret); return ret);
    if (workspaceSize > 0) {
        aclrtFree(workspaceAddr);
    }
    return 0;
}

struct Block {
    DeviceBuffer x, weight, bias, gamma, beta;  // input and parameters
    DeviceBuffer y, z, mean, rstd;              // forward
    DeviceBuffer dz, dy, gradInput, gradWeight, gradBias, dgamma, dbeta;  // backward
};

// x -> ConvTbc -> y (T, B, C) -> GroupNormSwish over y's (B, C, T) view -> z, mean, rstd.
int Forward(Block &k, aclrtStream stream) {
    aclTensor *x = Contiguous(k.x, {T, B, C_IN});
    aclTensor *weight = Contiguous(k.weight, {K, C_IN, C});
    aclTensor *bias = Contiguous(k.bias, {C});
    aclTensor *y = Contiguous(k.y, {T, B, C});
    uint64_t workspaceSize = 0;
    aclOpExecutor *executor = nullptr;
    auto ret = aclnnConvTbcGetWorkspaceSize(x, weight, bias, PAD, y, 1, &workspaceSize, &executor);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclnnConvTbcGetWorkspaceSize failed. ERROR: %d\n", ret); return ret);
    ret = RunPhaseTwo("aclnnConvTbc", aclnnConvTbc, workspaceSize, executor, stream);
    CHECK_RET(ret == ACL_SUCCESS, return ret);

    aclTensor *yView = TimeLastView(k.y);
    aclTensor *gamma = Contiguous(k.gamma, {C});
    aclTensor *beta = Contiguous(k.beta, {C});
    aclTensor *z = Contiguous(k.z, {B, C, T});
    aclTensor *mean = Contiguous(k.mean, {B, GROUPS});
    aclTensor *rstd = Contiguous(k.rstd, {B, GROUPS});
    char dataFormat[] = "ND";
    ret = aclnnGroupNormSwishGetWorkspaceSize(yView, gamma, beta, GROUPS, dataFormat, EPS, true, SWISH_SCALE, z, mean,
                                              rstd, &workspaceSize, &executor);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclnnGroupNormSwishGetWorkspaceSize failed. ERROR: %d\n", ret);
              return ret);
    ret = RunPhaseTwo("aclnnGroupNormSwish", aclnnGroupNormSwish, workspaceSize, executor, stream);
    CHECK_RET(ret == ACL_SUCCESS, return ret);

    aclDestroyTensor(x);
    aclDestroyTensor(weight);
    aclDestroyTensor(bias);
    aclDestroyTensor(y);
    aclDestroyTensor(yView);
    aclDestroyTensor(gamma);
    aclDestroyTensor(beta);
    aclDestroyTensor(z);
    aclDestroyTensor(mean);
    aclDestroyTensor(rstd);
    return 0;
}

// dz -> GroupNormSwishGrad (the forward's mean and rstd) -> dy through the (B, C, T) view of a (T, B, C)
// buffer -> ConvTbcBackward -> gradInput, gradWeight, gradBias.
int Backward(Block &k, aclrtStream stream) {
    aclTensor *dz = Contiguous(k.dz, {B, C, T});
    aclTensor *mean = Contiguous(k.mean, {B, GROUPS});
    aclTensor *rstd = Contiguous(k.rstd, {B, GROUPS});
    aclTensor *yView = TimeLastView(k.y);
    aclTensor *gamma = Contiguous(k.gamma, {C});
    aclTensor *beta = Contiguous(k.beta, {C});
    aclTensor *dyView = TimeLastView(k.dy);
    aclTensor *dgamma = Contiguous(k.dgamma, {C});
    aclTensor *dbeta = Contiguous(k.dbeta, {C});
    char dataFormat[] = "ND";
    uint64_t workspaceSize = 0;
    aclOpExecutor *executor = nullptr;
    auto ret = aclnnGroupNormSwishGradGetWorkspaceSize(dz, mean, rstd, yView, gamma, beta, GROUPS, dataFormat,
                                                       SWISH_SCALE, true, true, dyView, dgamma, dbeta, &workspaceSize,
                                                       &executor);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclnnGroupNormSwishGradGetWorkspaceSize failed. ERROR: %d\n", ret);
              return ret);
    ret = RunPhaseTwo("aclnnGroupNormSwishGrad", aclnnGroupNormSwishGrad, workspaceSize, executor, stream);
    CHECK_RET(ret == ACL_SUCCESS, return ret);

    aclTensor *dy = Contiguous(k.dy, {T, B, C});
    aclTensor *x = Contiguous(k.x, {T, B, C_IN});
    aclTensor *weight = Contiguous(k.weight, {K, C_IN, C});
    aclTensor *bias = Contiguous(k.bias, {C});
    aclTensor *gradInput = Contiguous(k.gradInput, {T, B, C_IN});
    aclTensor *gradWeight = Contiguous(k.gradWeight, {K, C_IN, C});
    aclTensor *gradBias = Contiguous(k.gradBias, {C});
    ret = aclnnConvTbcBackwardGetWorkspaceSize(dy, x, weight, bias, PAD, 1, gradInput, gradWeight, gradBias,
                                               &workspaceSize, &executor);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclnnConvTbcBackwardGetWorkspaceSize failed. ERROR: %d\n", ret);
              return ret);
    ret = RunPhaseTwo("aclnnConvTbcBackward", aclnnConvTbcBackward, workspaceSize, executor, stream);
    CHECK_RET(ret == ACL_SUCCESS, return ret);

    aclTensor *all[] = {dz, mean, rstd, yView, gamma, beta, dyView, dgamma, dbeta,
                        dy, x,    weight, bias, gradInput, gradWeight, gradBias};
    for (auto t : all) {
        aclDestroyTensor(t);
    }
    return 0;
}

// loss = sum((z - target)^2) / 2 (in double); dz = z - target.
int Loss(Block &k, const std::vector<float> &target, double *loss, std::vector<float> *dz) {
    std::vector<float> z;
    auto ret = Download(k.z, &z);
    CHECK_RET(ret == ACL_SUCCESS, return ret);
    *loss = 0;
    dz->assign(z.size(), 0.0f);
    for (size_t i = 0; i < z.size(); i++) {
        float d = z[i] - target[i];
        (*dz)[i] = d;
        *loss += 0.5 * static_cast<double>(d) * static_cast<double>(d);
    }
    return 0;
}

// p -= LR * g on the host, for one parameter buffer.
int SgdUpdate(const DeviceBuffer &param, const DeviceBuffer &grad) {
    std::vector<float> p, g;
    auto ret = Download(param, &p);
    CHECK_RET(ret == ACL_SUCCESS, return ret);
    ret = Download(grad, &g);
    CHECK_RET(ret == ACL_SUCCESS, return ret);
    for (size_t i = 0; i < p.size(); i++) {
        p[i] -= LR * g[i];
    }
    return Upload(param, p);
}

int Print(const char *name, const DeviceBuffer &buffer) {
    std::vector<float> host;
    auto ret = Download(buffer, &host);
    CHECK_RET(ret == ACL_SUCCESS, return ret);
    for (size_t i = 0; i < host.size(); i++) {
        LOG_PRINT("%s result[%zu] is: %f\n", name, i, host[i]);
    }
    return 0;
}

// Fixed inputs: f(i) in double, rounded once to float.
std::vector<float> Values(int64_t n, double scale, double freq, double phase, double offset, bool cosine) {
    std::vector<float> v(n);
    for (int64_t i = 0; i < n; i++) {
        double a = freq * static_cast<double>(i) + phase;
        v[i] = static_cast<float>(offset + scale * (cosine ? std::cos(a) : std::sin(a)));
    }
    return v;
}

int main() {
    // 1. Device and stream.
    int32_t deviceId = 0;
    aclrtStream stream;
    auto ret = aclInit(nullptr);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclInit failed. ERROR: %d\n", ret); return ret);
    ret = aclrtSetDevice(deviceId);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtSetDevice failed. ERROR: %d\n", ret); return ret);
    ret = aclrtCreateStream(&stream);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtCreateStream failed. ERROR: %d\n", ret); return ret);

    // 2. Buffers, inputs and parameters.
    Block k;
    DeviceBuffer *buffers[] = {&k.x, &k.weight, &k.bias, &k.gamma, &k.beta, &k.y, &k.z, &k.mean, &k.rstd,
                               &k.dz, &k.dy, &k.gradInput, &k.gradWeight, &k.gradBias, &k.dgamma, &k.dbeta};
    const int64_t counts[] = {T * B * C_IN, K * C_IN * C, C, C, C, T * B * C, B * C * T, B * GROUPS, B * GROUPS,
                              B * C * T, T * B * C, T * B * C_IN, K * C_IN * C, C, C, C};
    for (size_t i = 0; i < sizeof(counts) / sizeof(counts[0]); i++) {
        ret = Alloc(buffers[i], counts[i]);
        CHECK_RET(ret == ACL_SUCCESS, return ret);
    }
    std::vector<float> bias(C), target = Values(B * C * T, 0.5, 0.11, 0.0, 0.0, false);
    for (int64_t c = 0; c < C; c++) {
        bias[c] = static_cast<float>(0.05 * static_cast<double>(c) - 0.1);
    }
    ret = Upload(k.x, Values(T * B * C_IN, 1.0, 0.37, 0.1, 0.0, false));
    CHECK_RET(ret == ACL_SUCCESS, return ret);
    ret = Upload(k.weight, Values(K * C_IN * C, 0.2, 0.23, 0.0, 0.0, true));
    CHECK_RET(ret == ACL_SUCCESS, return ret);
    ret = Upload(k.bias, bias);
    CHECK_RET(ret == ACL_SUCCESS, return ret);
    ret = Upload(k.gamma, Values(C, 0.1, 1.0, 0.0, 1.0, false));
    CHECK_RET(ret == ACL_SUCCESS, return ret);
    ret = Upload(k.beta, Values(C, 0.1, 1.0, 0.0, 0.0, true));
    CHECK_RET(ret == ACL_SUCCESS, return ret);

    // 3. Forward, loss, backward.
    double loss1 = 0, loss2 = 0;
    std::vector<float> dz;
    ret = Forward(k, stream);
    CHECK_RET(ret == ACL_SUCCESS, return ret);
    ret = Loss(k, target, &loss1, &dz);
    CHECK_RET(ret == ACL_SUCCESS, return ret);
    ret = Upload(k.dz, dz);
    CHECK_RET(ret == ACL_SUCCESS, return ret);
    ret = Backward(k, stream);
    CHECK_RET(ret == ACL_SUCCESS, return ret);

    // 4. SGD on the host, then a second forward with the updated parameters.
    const DeviceBuffer *params[][2] = {{&k.weight, &k.gradWeight}, {&k.bias, &k.gradBias}, {&k.gamma, &k.dgamma},
                                       {&k.beta, &k.dbeta}};
    for (auto &pg : params) {
        ret = SgdUpdate(*pg[0], *pg[1]);
        CHECK_RET(ret == ACL_SUCCESS, return ret);
    }
    ret = Forward(k, stream);
    CHECK_RET(ret == ACL_SUCCESS, return ret);
    ret = Loss(k, target, &loss2, &dz);
    CHECK_RET(ret == ACL_SUCCESS, return ret);

    // 5. Print the losses and the gradients of the step.
    LOG_PRINT("loss result[0] is: %f\n", loss1);
    LOG_PRINT("loss result[1] is: %f\n", loss2);
    const char *names[] = {"gradBias", "dgamma", "dbeta", "gradWeight"};
    const DeviceBuffer *grads[] = {&k.gradBias, &k.dgamma, &k.dbeta, &k.gradWeight};
    for (int i = 0; i < 4; i++) {
        ret = Print(names[i], *grads[i]);
        CHECK_RET(ret == ACL_SUCCESS, return ret);
    }
    LOG_PRINT("train step: loss %f -> %f (%s)\n", loss1, loss2, loss2 < loss1 ? "lower" : "NOT lower");

    // 6. Release everything.
    for (auto buffer : buffers) {
        aclrtFree(buffer->addr);
    }
    aclrtDestroyStream(stream);
    aclrtResetDevice(deviceId);
    aclFinalize();
    return loss2 < loss1 ? 0 : 1;
}
