#include "support/device_tensor.h"

#include <cstring>
#include <stdexcept>
#include <string>

#include "support/host_data.h"

namespace testing_support {

namespace {

std::vector<int64_t> rowMajor(const std::vector<int64_t> &shape) {
    std::vector<int64_t> s(shape.size(), 1);
    int64_t acc = 1;
    for (size_t i = shape.size(); i-- > 0;) {
        s[i] = acc;
        acc *= shape[i] > 0 ? shape[i] : 1;
    }
    return s;
}

void check(aclError e, const char *what) {
    if (e != ACL_SUCCESS) {
        throw std::runtime_error(std::string(what) + " failed with " + std::to_string(e) + ": " +
                                 aclGetRecentErrMsg());
    }
}

}  // namespace

DeviceTensor::DeviceTensor(const std::vector<int64_t> &shape, aclDataType dtype, aclFormat format)
    : DeviceTensor(shape, dtype, rowMajor(shape), 0, format) {}

DeviceTensor::DeviceTensor(const std::vector<int64_t> &shape, aclDataType dtype, const std::vector<int64_t> &strides,
                           int64_t offset, aclFormat format)
    : shape_(shape), strides_(strides), offset_(offset), dtype_(dtype) {
    int64_t reach = offset;
    bool empty = false;
    for (size_t i = 0; i < shape.size(); ++i) {
        if (shape[i] == 0) empty = true;
        if (shape[i] > 0) reach += (shape[i] - 1) * strides[i];
    }
    int64_t storageElems = empty ? offset : reach + 1;
    storageBytes_ = static_cast<size_t>(storageElems) * aclDataTypeSize(dtype);
    if (storageBytes_ > 0) {
        check(aclrtMalloc(&device_, storageBytes_, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
        fillStorage(0);
    }
    int64_t storageDim = storageElems;
    tensor_ = aclCreateTensor(shape.data(), shape.size(), dtype, strides.data(), offset, format, &storageDim, 1,
                              device_);
    if (!tensor_) throw std::runtime_error("aclCreateTensor failed");
}

DeviceTensor::~DeviceTensor() { release(); }

DeviceTensor::DeviceTensor(DeviceTensor &&other) noexcept { *this = std::move(other); }

DeviceTensor &DeviceTensor::operator=(DeviceTensor &&other) noexcept {
    if (this != &other) {
        release();
        shape_ = std::move(other.shape_);
        strides_ = std::move(other.strides_);
        offset_ = other.offset_;
        dtype_ = other.dtype_;
        storageBytes_ = other.storageBytes_;
        device_ = other.device_;
        tensor_ = other.tensor_;
        other.device_ = nullptr;
        other.tensor_ = nullptr;
        other.storageBytes_ = 0;
    }
    return *this;
}

void DeviceTensor::release() {
    if (tensor_) aclDestroyTensor(tensor_);
    if (device_) aclrtFree(device_);
    tensor_ = nullptr;
    device_ = nullptr;
}

int64_t DeviceTensor::numel() const {
    int64_t n = 1;
    for (int64_t d : shape_) n *= d;
    return n;
}

std::vector<int64_t> viewStorageElements(const std::vector<int64_t> &shape, const std::vector<int64_t> &strides,
                                         int64_t offset) {
    int64_t n = 1;
    for (int64_t d : shape) n *= d;
    std::vector<int64_t> out(static_cast<size_t>(n));
    if (n == 0) return out;
    // An odometer over the index (the innermost dimension fastest): one addition per element, no division.
    std::vector<int64_t> index(shape.size(), 0);
    int64_t at = offset;
    for (int64_t i = 0; i < n; ++i) {
        out[static_cast<size_t>(i)] = at;
        for (size_t d = shape.size(); d-- > 0;) {
            if (++index[d] < shape[d]) {
                at += strides[d];
                break;
            }
            at -= (shape[d] - 1) * strides[d];
            index[d] = 0;
        }
    }
    return out;
}

std::vector<size_t> DeviceTensor::viewByteOffsets() const {
    const size_t elem = aclDataTypeSize(dtype_);
    const std::vector<int64_t> elements = viewStorageElements(shape_, strides_, offset_);
    std::vector<size_t> out(elements.size());
    for (size_t i = 0; i < elements.size(); ++i) out[i] = static_cast<size_t>(elements[i]) * elem;
    return out;
}

bool DeviceTensor::coversStorageInOrder() const {
    if (offset_ != 0 || static_cast<size_t>(numel()) * aclDataTypeSize(dtype_) != storageBytes_) return false;
    int64_t expected = 1;
    for (size_t d = shape_.size(); d-- > 0;) {
        if (shape_[d] != 1 && strides_[d] != expected) return false;
        expected *= shape_[d];
    }
    return true;
}

std::vector<uint8_t> DeviceTensor::storage() const {
    std::vector<uint8_t> bytes(storageBytes_);
    if (storageBytes_) {
        check(aclrtMemcpy(bytes.data(), bytes.size(), device_, storageBytes_, ACL_MEMCPY_DEVICE_TO_HOST),
              "aclrtMemcpy D2H");
    }
    return bytes;
}

void DeviceTensor::upload(const std::vector<double> &values) {
    size_t comps = componentsOf(dtype_);
    if (values.size() != static_cast<size_t>(numel()) * comps) {
        throw std::runtime_error("DeviceTensor::upload: " + std::to_string(values.size()) + " values for " +
                                 std::to_string(numel()) + " elements");
    }
    if (numel() == 0) return;
    std::vector<uint8_t> packed = encode(values, dtype_);
    if (coversStorageInOrder()) {
        check(aclrtMemcpy(device_, storageBytes_, packed.data(), packed.size(), ACL_MEMCPY_HOST_TO_DEVICE),
              "aclrtMemcpy H2D");
        return;
    }
    std::vector<uint8_t> bytes = storage();
    size_t elem = aclDataTypeSize(dtype_);
    auto offsets = viewByteOffsets();
    for (size_t i = 0; i < offsets.size(); ++i) std::memcpy(bytes.data() + offsets[i], packed.data() + i * elem, elem);
    check(aclrtMemcpy(device_, storageBytes_, bytes.data(), bytes.size(), ACL_MEMCPY_HOST_TO_DEVICE),
          "aclrtMemcpy H2D");
}

std::vector<double> DeviceTensor::download() const {
    if (numel() == 0) return {};
    std::vector<uint8_t> bytes = storage();
    if (coversStorageInOrder()) return decode(bytes, dtype_);
    size_t elem = aclDataTypeSize(dtype_);
    auto offsets = viewByteOffsets();
    std::vector<uint8_t> packed(offsets.size() * elem);
    for (size_t i = 0; i < offsets.size(); ++i) std::memcpy(packed.data() + i * elem, bytes.data() + offsets[i], elem);
    return decode(packed, dtype_);
}

void DeviceTensor::fillStorage(uint8_t byte) {
    if (storageBytes_) check(aclrtMemset(device_, storageBytes_, byte, storageBytes_), "aclrtMemset");
}

}  // namespace testing_support
