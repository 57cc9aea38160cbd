#include "common/fuzz_input.h"

#include <cstring>
#include <limits>

namespace fuzzing {

namespace {

constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
constexpr int64_t kMin = std::numeric_limits<int64_t>::min();

// Values where int32 / int64 / size_t arithmetic on shapes, strides and byte counts overflows or
// changes width, plus a few plain large sizes.
const int64_t kSpecials[32] = {
    0,
    -1,
    kMax,
    kMin,
    kMax - 1,
    kMin + 1,
    (int64_t{1} << 31) - 1,
    int64_t{1} << 31,
    (int64_t{1} << 32) - 1,
    int64_t{1} << 32,
    int64_t{1} << 62,
    (int64_t{1} << 62) - 1,
    int64_t{1} << 61,
    int64_t{1} << 60,
    (int64_t{1} << 60) - 1,
    int64_t{1} << 59,
    3037000499,  // floor(sqrt(INT64_MAX)): its square just fits
    3037000500,  // its square overflows
    2147483647 / 2 + 1,
    65535,
    65536,
    int64_t{1} << 20,
    int64_t{1} << 24,
    int64_t{1} << 40,
    -(int64_t{1} << 31),
    -(int64_t{1} << 62),
    255,
    256,
    1023,
    1024,
    -2,
    kMax / 2 + 1,
};

constexpr int kSmallBias = 32;
constexpr int kSpecialTag = 0xC0;
constexpr int kRawTag = 0xE0;

}  // namespace

uint64_t FuzzReader::raw64() {
    uint64_t v = 0;
    for (int i = 0; i < 8; ++i) v |= static_cast<uint64_t>(u8()) << (8 * i);
    return v;
}

int64_t FuzzReader::i64() {
    uint8_t tag = u8();
    if (tag < kSpecialTag) return static_cast<int64_t>(tag) - kSmallBias;
    if (tag < kRawTag) return kSpecials[tag - kSpecialTag];
    return static_cast<int64_t>(raw64());
}

double FuzzReader::f64() {
    uint8_t tag = u8();
    switch (tag % 8) {
        case 0: return 1.0;
        case 1: return 0.0;
        case 2: return -1.0;
        case 3: return std::numeric_limits<double>::infinity();
        case 4: return std::numeric_limits<double>::quiet_NaN();
        case 5: return static_cast<double>(i64()) / 16.0;
        default: {
            uint64_t bits = raw64();
            double d;
            std::memcpy(&d, &bits, sizeof d);
            return d;
        }
    }
}

void FuzzWriter::raw64(uint64_t v) {
    for (int i = 0; i < 8; ++i) u8(static_cast<uint8_t>(v >> (8 * i)));
}

void FuzzWriter::i64(int64_t v) {
    if (v >= -kSmallBias && v < kSpecialTag - kSmallBias) {
        u8(static_cast<uint8_t>(v + kSmallBias));
        return;
    }
    for (int i = 0; i < 32; ++i) {
        if (kSpecials[i] == v) {
            u8(static_cast<uint8_t>(kSpecialTag + i));
            return;
        }
    }
    u8(kRawTag);
    raw64(static_cast<uint64_t>(v));
}

void FuzzWriter::f64(double v) {
    if (v == 1.0) return u8(0);
    if (v == 0.0) return u8(1);
    if (v == -1.0) return u8(2);
    u8(7);
    uint64_t bits;
    std::memcpy(&bits, &v, sizeof bits);
    raw64(bits);
}

}  // namespace fuzzing
