// A tensor in device memory for tests and benchmarks: allocates storage with aclrtMalloc, creates
// the aclTensor (any strides and offset), uploads values given as double and reads the view back.
#pragma once

#include <cstdint>
#include <vector>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"

namespace testing_support {

// The storage element (offset included, in elements) of each element of the view shape/strides/offset,
// in row-major order.
std::vector<int64_t> viewStorageElements(const std::vector<int64_t> &shape, const std::vector<int64_t> &strides,
                                         int64_t offset);

class DeviceTensor {
public:
    DeviceTensor() = default;
    // Contiguous tensor.
    DeviceTensor(const std::vector<int64_t> &shape, aclDataType dtype, aclFormat format = ACL_FORMAT_ND);
    // Arbitrary view: storage is sized to cover offset + the furthest element the view reaches.
    DeviceTensor(const std::vector<int64_t> &shape, aclDataType dtype, const std::vector<int64_t> &strides,
                 int64_t offset, aclFormat format = ACL_FORMAT_ND);
    ~DeviceTensor();
    DeviceTensor(DeviceTensor &&other) noexcept;
    DeviceTensor &operator=(DeviceTensor &&other) noexcept;
    DeviceTensor(const DeviceTensor &) = delete;
    DeviceTensor &operator=(const DeviceTensor &) = delete;

    aclTensor *get() const { return tensor_; }
    operator aclTensor *() const { return tensor_; }
    void *data() const { return device_; }
    aclDataType dtype() const { return dtype_; }
    const std::vector<int64_t> &shape() const { return shape_; }
    int64_t numel() const;
    size_t storageBytes() const { return storageBytes_; }

    // Writes the view's elements in row-major order (values as double; complex as re,im pairs).
    void upload(const std::vector<double> &values);
    // Reads the view's elements back in row-major order.
    std::vector<double> download() const;
    // Fills the whole storage (view and gaps) with one byte value, e.g. to detect stray writes.
    void fillStorage(uint8_t byte);
    std::vector<uint8_t> storage() const;

private:
    void release();
    std::vector<size_t> viewByteOffsets() const;
    // Whether the view is the whole storage in row-major order (then upload and download move the
    // storage as it is, with no read-back of the gaps and no per-element offsets).
    bool coversStorageInOrder() const;
    std::vector<int64_t> shape_, strides_;
    int64_t offset_ = 0;
    aclDataType dtype_ = ACL_FLOAT;
    size_t storageBytes_ = 0;
    void *device_ = nullptr;
    aclTensor *tensor_ = nullptr;
};

}  // namespace testing_support
