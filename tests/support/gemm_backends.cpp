#include "support/gemm_backends.h"

#include "blas/gemm.h"
#include "runtime/device.h"

namespace testing_support {

std::vector<GemmBackendCase> gemmBackends(int device) {
    std::vector<GemmBackendCase> backends{{1, aclcl::blas::backendName(aclcl::blas::Backend::ClBlast)}};
    aclcl::ScopedTestHook host(aclcl::TestHook::GemmBackend, 2);
    const aclcl::blas::BackendChoice choice =
        aclcl::blas::chooseBackend(aclcl::deviceAt(device), aclcl::blas::Precision::Single);
    if (choice.backend == aclcl::blas::Backend::HostBlas) {
        backends.push_back({2, aclcl::blas::backendName(aclcl::blas::Backend::HostBlas)});
    }
    return backends;
}

}  // namespace testing_support
