// The GEMM backends a device offers (host/blas/gemm.h), for the ConvTbc family's tests: each check that
// involves a product runs once per backend, under the GemmBackend test hook.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/test_hooks.h"

namespace testing_support {

struct GemmBackendCase {
    int hook;          // the GemmBackend test hook's value: 1 CLBlast, 2 the host BLAS, 3 the own GEMM
    std::string name;  // "CLBlast", "host BLAS", "own GEMM"
};

// CLBlast always; the host BLAS and the own GEMM where each can run fp32 products on this device.
std::vector<GemmBackendCase> gemmBackends(int device);

// Runs body() once per backend of the device, each under its hook and with the backend in the trace.
template <class Body>
void forEachGemmBackend(int device, Body body) {
    const std::vector<GemmBackendCase> backends = gemmBackends(device);
    ASSERT_FALSE(backends.empty());
    for (const GemmBackendCase &b : backends) {
        SCOPED_TRACE("GEMM backend: " + b.name);
        aclcl::ScopedTestHook hook(aclcl::TestHook::GemmBackend, b.hook);
        body();
    }
}

}  // namespace testing_support
