#include "kernels/row_stream.h"

#include <algorithm>

#include "common/error.h"
#include "common/test_hooks.h"

namespace aclcl {

namespace {

size_t powerOfTwoAtLeast(size_t n) {
    size_t p = 1;
    while (p < n) p *= 2;
    return p;
}

}  // namespace

RowStream::RowStream(const Device &device, const RowStreamDefaults &defaults, int64_t width, int64_t rows,
                     int64_t planes, double elementTrips)
    : device_(device), defaults_(defaults), width_(std::max<int64_t>(width, 1)), rows_(std::max<int64_t>(rows, 1)),
      planes_(std::max<int64_t>(planes, 1)), file_(kernelParamsFor(device)),
      entry_(file_ ? file_->rowStream(defaults.kernel) : nullptr) {
    if (const int forced = testHook(TestHook::RowStreamElems)) {
        elems_ = forced;
        elemsFrom_ = "test hook";
    } else {
        const bool tuned = entry_ && entry_->elems > 0;
        elems_ = tuned ? entry_->elems : std::max(defaults.elems, 1);
        elemsFrom_ = tuned ? "tuned: " + file_->source : std::string("kernel default");
        if (elems_ > 1 && static_cast<double>(elems_) * elementTrips > kMaxWalkTrips) {
            while (elems_ > 1 && static_cast<double>(elems_) * elementTrips > kMaxWalkTrips) elems_ /= 2;
            elemsFrom_ += ", lowered for the walk bound";
        }
    }
    chunks_ = (width_ + elems_ - 1) / elems_;
}

void RowStream::define(Defines &defines) const { defines.value("ROW_ELEMS", elems_); }

void RowStream::cover(IndexWidth &width) const {
    width.cover(static_cast<double>(chunks_) * elems_ + elems_)
        .cover(static_cast<double>(rows_) + 1)
        .cover(static_cast<double>(planes_) + 1);
}

LaunchSize RowStream::launchSize(const Kernel &kernel) {
    const int forcedX = testHook(TestHook::RowStreamGroupX), forcedY = testHook(TestHook::RowStreamGroupY);
    size_t x, y;
    if (forcedX != 0 || forcedY != 0) {
        x = static_cast<size_t>(std::max(forcedX, 1));
        y = static_cast<size_t>(std::max(forcedY, 1));
        groupFrom_ = "test hook";
    } else {
        size_t items = defaults_.groupItems;
        if (entry_ && entry_->groupX > 0) {
            // The file's shape, its work-items kept where a row is narrower than its x (below).
            x = entry_->groupX;
            items = entry_->groupX * entry_->groupY;
            groupFrom_ = "tuned: " + file_->source;
        } else {
            // x: the kernel's SIMD width where it is a plausible GPU one, so that each step's accesses of a
            // group's row are one coalesced run; y: rows up to the kernel's work-items per group.
            const size_t simd = kernel.preferredWorkGroupMultiple();
            x = simd >= 16 && simd <= 64 ? simd : 32;
            groupFrom_ = simd >= 16 && simd <= 64 ? strformat("device SIMD width %zu", simd)
                                                  : strformat("32: device SIMD width %zu unused", simd);
        }
        // Rows of fewer chunks than x: a narrower group over more rows, the same work-items per group.
        if (static_cast<size_t>(chunks_) < x) {
            x = powerOfTwoAtLeast(static_cast<size_t>(chunks_));
            groupFrom_ += ", narrowed to the row";
        }
        y = std::max<size_t>(1, std::min(items / x, static_cast<size_t>(rows_)));
    }
    // Within what the kernel and the device can run.
    const size_t kernelMax = kernel.maxWorkGroupSize();
    x = std::max<size_t>(1, std::min({x, kernelMax, device_.maxWorkItemSizes[0]}));
    y = std::max<size_t>(1, std::min({y, kernelMax / x, device_.maxWorkItemSizes[1]}));
    groupX_ = x;
    groupY_ = y;
    const size_t global[3] = {static_cast<size_t>(chunks_), static_cast<size_t>(rows_), static_cast<size_t>(planes_)};
    const size_t local[3] = {x, y, 1};
    return LaunchSize::grid(3, global, local);
}

std::string RowStream::describe(bool wideIndex) const {
    return strformat("row stream %s: elems %d (%s), work-group %zux%zu (%s), %lld chunks a row, %s index",
                     defaults_.kernel, elems_, elemsFrom_.c_str(), groupX_, groupY_, groupFrom_.c_str(), static_cast<long long>(chunks_),
                     wideIndex ? "64-bit" : "32-bit");
}

}  // namespace aclcl
