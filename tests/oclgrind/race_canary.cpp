// A kernel with a deliberate data race, for tests/oclgrind/gpu_paths.sh: before it trusts an empty
// Oclgrind log, the check runs this under the same options and requires a data-race report, so
// that a detector that stopped working (an Oclgrind upgrade, a changed option) cannot pass silently.
// Plain OpenCL; exits 0 when the kernel ran (the race is Oclgrind's to report, not ours).
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include <cstdio>

int main() {
    const char *source =
        "__kernel void racy(__global int *out) {\n"
        "    const int i = get_global_id(0);\n"
        "    out[i] = i;\n"
        "    out[(i + 1) % 16] = -i;  /* work-items i and i + 1 both store to element i + 1 */\n"
        "}\n";
    cl_platform_id platform;
    cl_device_id device;
    cl_int err = clGetPlatformIDs(1, &platform, nullptr);
    if (err == CL_SUCCESS) err = clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, nullptr);
    if (err != CL_SUCCESS) {
        std::fprintf(stderr, "race_canary: no OpenCL device (%d)\n", err);
        return 1;
    }
    cl_context ctx = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
    cl_command_queue queue = clCreateCommandQueue(ctx, device, 0, &err);
    cl_program program = clCreateProgramWithSource(ctx, 1, &source, nullptr, &err);
    if (clBuildProgram(program, 1, &device, "", nullptr, nullptr) != CL_SUCCESS) {
        std::fprintf(stderr, "race_canary: build failed\n");
        return 1;
    }
    cl_kernel kernel = clCreateKernel(program, "racy", &err);
    cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 16 * sizeof(cl_int), nullptr, &err);
    clSetKernelArg(kernel, 0, sizeof out, &out);
    const size_t global = 16, local = 16;
    err = clEnqueueNDRangeKernel(queue, kernel, 1, nullptr, &global, &local, 0, nullptr, nullptr);
    if (err == CL_SUCCESS) err = clFinish(queue);
    clReleaseMemObject(out);
    clReleaseKernel(kernel);
    clReleaseProgram(program);
    clReleaseCommandQueue(queue);
    clReleaseContext(ctx);
    if (err != CL_SUCCESS) {
        std::fprintf(stderr, "race_canary: the kernel did not run (%d)\n", err);
        return 1;
    }
    return 0;
}
