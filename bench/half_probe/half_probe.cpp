// Should kernels use `half` arithmetic where cl_khr_fp16 exists? Times and checks the two ways of
// computing fp16 results on one device: fp32 arithmetic with one rounding on store (what every
// kernel of the library does) and `half` arithmetic. Plain OpenCL, no library code.
//
//   build/bench/half_probe/aclnn_half_probe [PLATFORM_SUBSTRING]     (default: Intel)
//
// Shapes: a copy (1 source per output), sums of 8 and 64 sources (pad strips, col2im overlaps) and
// the swish z / (1 + exp(-z)); 2^20 outputs, best of 7 event-timed runs. Accuracy: against the sum
// (or swish) in double rounded once to fp16. The decision and figures are in docs/devices.md.
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace {

const char *kSource = R"CL(
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
__kernel void sum_fp32(__global const half *g, int k, __global half *out) {
    const int i = get_global_id(0);
    float acc = 0;
    for (int j = 0; j < k; ++j) acc += vload_half(j * get_global_size(0) + i, g);
    vstore_half_rte(acc, i, out);
}
__kernel void sum_half(__global const half *g, int k, __global half *out) {
    const int i = get_global_id(0);
    half acc = 0;
    for (int j = 0; j < k; ++j) acc += g[j * get_global_size(0) + i];
    out[i] = acc;
}
__kernel void swish_fp32(__global const half *g, int k, __global half *out) {
    const int i = get_global_id(0);
    const float z = vload_half(i, g);
    vstore_half_rte(z / (1.0f + exp(-z)), i, out);
}
__kernel void swish_half(__global const half *g, int k, __global half *out) {
    const int i = get_global_id(0);
    const half z = g[i];
    out[i] = z / ((half)1 + exp(-z));
}
)CL";

float halfToFloat(uint16_t h) {
    const int e = (h >> 10) & 31, m = h & 1023;
    float v = e == 0 ? std::ldexp(static_cast<float>(m), -24)
                     : e == 31 ? (m ? NAN : INFINITY) : std::ldexp(static_cast<float>(m + 1024), e - 25);
    return (h >> 15) ? -v : v;
}

// Round to nearest even; the probe's values stay inside fp16's range.
uint16_t doubleToHalf(double d) {
    uint16_t best = 0;
    double bestErr = INFINITY;
    // Binary search on the ordered magnitudes, then pick the nearer neighbour (ties to even).
    const double a = std::fabs(d);
    int lo = 0, hi = 0x7bff;
    while (lo < hi) {
        const int mid = (lo + hi + 1) / 2;
        if (halfToFloat(static_cast<uint16_t>(mid)) <= a) lo = mid; else hi = mid - 1;
    }
    for (int c = lo; c <= std::min(lo + 1, 0x7bff); ++c) {
        const double err = std::fabs(halfToFloat(static_cast<uint16_t>(c)) - a);
        if (err < bestErr || (err == bestErr && (c & 1) == 0)) { bestErr = err; best = static_cast<uint16_t>(c); }
    }
    return static_cast<uint16_t>(best | (d < 0 && best ? 0x8000 : 0));
}

bool hasFp16(cl_device_id d) {
    size_t n = 0;
    clGetDeviceInfo(d, CL_DEVICE_EXTENSIONS, 0, nullptr, &n);
    std::string ext(n, '\0');
    clGetDeviceInfo(d, CL_DEVICE_EXTENSIONS, n, &ext[0], nullptr);
    return ext.find("cl_khr_fp16") != std::string::npos;
}

}  // namespace

int main(int argc, char **argv) {
    const std::string want = argc > 1 ? argv[1] : "Intel";
    cl_platform_id platforms[16];
    cl_uint np = 0;
    clGetPlatformIDs(16, platforms, &np);
    cl_device_id device = nullptr;
    std::string platformName;
    for (cl_uint p = 0; p < np && !device; ++p) {
        char name[256] = {};
        clGetPlatformInfo(platforms[p], CL_PLATFORM_NAME, sizeof name, name, nullptr);
        cl_device_id d;
        cl_uint nd = 0;
        if (std::string(name).find(want) == std::string::npos) continue;
        if (clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL, 1, &d, &nd) != CL_SUCCESS || nd == 0) continue;
        if (hasFp16(d)) { device = d; platformName = name; }
    }
    if (!device) {
        std::fprintf(stderr, "half_probe: no device with cl_khr_fp16 on a platform matching '%s'\n", want.c_str());
        return 2;
    }
    cl_int err = CL_SUCCESS;
    cl_context ctx = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
    cl_command_queue q = clCreateCommandQueue(ctx, device, CL_QUEUE_PROFILING_ENABLE, &err);
    cl_program prog = clCreateProgramWithSource(ctx, 1, &kSource, nullptr, &err);
    if (clBuildProgram(prog, 1, &device, "-cl-std=CL1.2", nullptr, nullptr) != CL_SUCCESS) {
        std::fprintf(stderr, "half_probe: build failed\n");
        return 1;
    }
    std::printf("device: %s\n| kernel | sources | ms (best of 7) | max error (fp16 ulp) | not correctly rounded |\n"
                "| --- | --- | --- | --- | --- |\n", platformName.c_str());
    const int n = 1 << 20;
    std::mt19937 rng(3);
    std::uniform_real_distribution<double> dist(-2.0, 2.0);
    for (int k : {1, 8, 64}) {
        std::vector<uint16_t> in(static_cast<size_t>(n) * k), out(n);
        for (auto &h : in) h = doubleToHalf(dist(rng));
        cl_mem g = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, in.size() * 2, in.data(), &err);
        cl_mem o = clCreateBuffer(ctx, CL_MEM_READ_WRITE, out.size() * 2, nullptr, &err);
        for (const char *kernelName : {"sum_fp32", "sum_half", "swish_fp32", "swish_half"}) {
            const bool swish = std::strncmp(kernelName, "swish", 5) == 0;
            if (swish && k != 1) continue;
            cl_kernel kernel = clCreateKernel(prog, kernelName, &err);
            clSetKernelArg(kernel, 0, sizeof g, &g);
            clSetKernelArg(kernel, 1, sizeof k, &k);
            clSetKernelArg(kernel, 2, sizeof o, &o);
            const size_t global = n;
            double best = INFINITY;
            for (int rep = 0; rep < 7; ++rep) {
                cl_event ev;
                clEnqueueNDRangeKernel(q, kernel, 1, nullptr, &global, nullptr, 0, nullptr, &ev);
                clWaitForEvents(1, &ev);
                cl_ulong t0 = 0, t1 = 0;
                clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof t0, &t0, nullptr);
                clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof t1, &t1, nullptr);
                best = std::min(best, (t1 - t0) * 1e-6);
                clReleaseEvent(ev);
            }
            clEnqueueReadBuffer(q, o, CL_TRUE, 0, out.size() * 2, out.data(), 0, nullptr, nullptr);
            double maxUlp = 0;
            long wrong = 0;
            for (int i = 0; i < n; ++i) {
                double exact = 0;
                if (swish) {
                    const double z = halfToFloat(in[i]);
                    exact = z / (1 + std::exp(-z));
                } else {
                    for (int j = 0; j < k; ++j) exact += halfToFloat(in[static_cast<size_t>(j) * n + i]);
                }
                const uint16_t rounded = doubleToHalf(exact);
                if (rounded != out[i] && !(exact == 0 && (out[i] & 0x7fff) == 0)) ++wrong;
                // One ulp of fp16 at |exact| (normal range; 2^-24 below it).
                const double a = std::max(std::fabs(exact), std::ldexp(1.0, -14));
                const double ulp = std::ldexp(1.0, std::ilogb(a) - 10);
                maxUlp = std::max(maxUlp, std::fabs(halfToFloat(out[i]) - exact) / ulp);
            }
            std::printf("| %s | %d | %.3f | %.2f | %ld of %d |\n", kernelName, k, best, maxUlp, wrong, n);
            clReleaseKernel(kernel);
        }
        clReleaseMemObject(g);
        clReleaseMemObject(o);
    }
    clReleaseProgram(prog);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    return 0;
}
