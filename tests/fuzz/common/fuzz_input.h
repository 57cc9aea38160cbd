// The byte format every fuzz target reads, front to back, and the writer that produces the same
// format for the checked-in seeds. Integers use a tag byte so that mutations reach both small
// shapes (most tags) and the edge values that break arithmetic (a table of specials), and raw
// 64-bit values only when a tag asks for them.
//
//   tag 0x00..0xBF  ->  tag - 32                 (-32 .. 159)
//   tag 0xC0..0xDF  ->  kSpecials[tag - 0xC0]    (0, -1, INT64_MAX, 2^31, 2^62, ...)
//   tag 0xE0..0xFF  ->  the next 8 bytes, little-endian
//
// An exhausted input reads as zero bytes, so every input is valid.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace fuzzing {

class FuzzReader {
public:
    FuzzReader(const uint8_t *data, size_t size) : data_(data), size_(size) {}

    uint8_t u8() { return pos_ < size_ ? data_[pos_++] : 0; }
    bool flag() { return (u8() & 1) != 0; }
    // A value in [0, n) (n > 0).
    size_t below(size_t n) { return u8() % n; }
    int64_t i64();
    uint64_t raw64();
    double f64();
    size_t consumed() const { return pos_; }

private:
    const uint8_t *data_;
    size_t size_;
    size_t pos_ = 0;
};

// Converting an integer outside an enum's range of values to the enum is undefined behaviour in C++,
// on the caller's side; these keep fuzzed enums inside the range (C callers may pass any of those).
// aclDataType and aclFormat: -64..63 (values -1..47 need 7 signed bits), small values unchanged.
inline int64_t wrapSigned7(int64_t v) {
    int64_t r = ((v % 128) + 128) % 128;
    return r >= 64 ? r - 128 : r;
}
// Enums whose values are 0..7 at most (aclrtMemcpyKind, aclrtMemMallocPolicy, aclrtMemAttr).
inline int64_t wrapUnsigned3(int64_t v) { return ((v % 8) + 8) % 8; }

class FuzzWriter {
public:
    void u8(uint8_t v) { bytes_.push_back(v); }
    void flag(bool v) { u8(v ? 1 : 0); }
    // Writes v with the shortest tag that reads back as v.
    void i64(int64_t v);
    void raw64(uint64_t v);
    void f64(double v);
    const std::vector<uint8_t> &bytes() const { return bytes_; }

private:
    std::vector<uint8_t> bytes_;
};

}  // namespace fuzzing
