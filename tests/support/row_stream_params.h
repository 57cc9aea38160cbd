// The launch parameter space of the row-streaming GPU kernels (host/kernels/row_stream.h), which the
// tests of every operator on that pattern run its GPU path over: each set must give the default's bits.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "common/test_hooks.h"

namespace testing_support {

struct RowStreamParams {
    int elems = 0, groupX = 0, groupY = 0;  // 0: the kernel's and the device's default

    std::string name() const {
        const auto part = [](int v) { return v == 0 ? std::string("default") : std::to_string(v); };
        return "elems " + part(elems) + ", work-group " +
               (groupX == 0 && groupY == 0 ? std::string("default") : part(groupX) + "x" + part(groupY));
    }
};

// The defaults, then elements per work-item {1, 2, 4, 8} by work-groups {the device's, 64x2, 5x3 (an x
// that divides no row)}.
inline std::vector<RowStreamParams> rowStreamParameterSpace() {
    std::vector<RowStreamParams> space = {{}};
    for (int elems : {1, 2, 4, 8}) {
        for (const auto &group : {std::pair<int, int>{0, 0}, {64, 2}, {5, 3}}) {
            space.push_back({elems, group.first, group.second});
        }
    }
    return space;
}

// The GPU kernel path (TestHook::ManyWorkItemKernels) with `p`, for its lifetime.
class ScopedRowStreamParams {
public:
    explicit ScopedRowStreamParams(const RowStreamParams &p)
        : gpuPath_(aclcl::TestHook::ManyWorkItemKernels), elems_(aclcl::TestHook::RowStreamElems, p.elems),
          groupX_(aclcl::TestHook::RowStreamGroupX, p.groupX), groupY_(aclcl::TestHook::RowStreamGroupY, p.groupY) {}

private:
    aclcl::ScopedTestHook gpuPath_, elems_, groupX_, groupY_;
};

}  // namespace testing_support
