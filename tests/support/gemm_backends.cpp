#include "support/gemm_backends.h"

#include <utility>

#include "blas/gemm.h"
#include "runtime/device.h"

namespace testing_support {

std::vector<GemmBackendCase> gemmBackends(int device) {
    std::vector<GemmBackendCase> backends{{1, aclcl::blas::backendName(aclcl::blas::Backend::ClBlast)}};
    for (const auto &[hook, backend] :
         {std::pair{2, aclcl::blas::Backend::HostBlas}, std::pair{3, aclcl::blas::Backend::Own}}) {
        aclcl::ScopedTestHook asked(aclcl::TestHook::GemmBackend, hook);
        if (aclcl::blas::chooseBackend(aclcl::deviceAt(device), aclcl::blas::Precision::Single).backend == backend) {
            backends.push_back({hook, aclcl::blas::backendName(backend)});
        }
    }
    return backends;
}

}  // namespace testing_support
