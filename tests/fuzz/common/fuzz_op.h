// The harness every operator fuzz target shares.
//
// OpFuzz reads tensors, arrays and run options from a fuzz input (fuzz_input.h), owns everything it
// creates, calls the operator's GetWorkspaceSize, and checks what the library promises:
//   - phase one returns 0, 161001 or 161002, and a failure comes with a message;
//   - phase one never touches tensor data (data pointers are often arbitrary values: a
//     dereference is a crash that the fuzzer reports);
//   - phase two (when the input asks for it) returns a documented code with a message, and writes
//     device memory only inside the views of the outputs: every byte of the device arena outside
//     them is compared before and after, and on any error before the run nothing may change.
// A broken promise aborts with a description, which libFuzzer records as a crash.
//
// The same file describes the seeds: SeedTensor / writeTensor produce the bytes OpFuzz reads.
#pragma once

#include <cstddef>
#include <array>
#include <cstdint>
#include <deque>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "support/binding.h"
#include "common/fuzz_input.h"

namespace fuzzing {

using PhaseTwo = aclnnStatus (*)(void *, uint64_t, aclOpExecutor *, aclrtStream);

// aclInit, device 0, the device arena tensors may point into, a workspace buffer and streams.
// Called once from LLVMFuzzerInitialize.
void initDevice();
// Bytes in the device arena (tensor data pointers "in the arena" point here).
constexpr size_t kArenaBytes = 64 * 1024;

// Aborts with a message (libFuzzer reports it as a crash with the input that caused it).
[[noreturn]] void fuzzFail(const std::string &what);

// Phase-one status check: 0, 161001 or 161002; anything else is a finding.
void checkPhaseOneStatus(const char *api, aclnnStatus status);

class OpFuzz {
public:
    explicit OpFuzz(FuzzReader &in) : in_(in) {}
    ~OpFuzz();
    OpFuzz(const OpFuzz &) = delete;
    OpFuzz &operator=(const OpFuzz &) = delete;

    // A tensor argument (nullptr when the input says so).
    aclTensor *input();
    // An output tensor: its view is where phase two may write.
    aclTensor *output();
    aclIntArray *intArray();
    // Several of them in a row, read front to back, to bind by name:
    //   const auto [gradOutput, self, indices] = op.inputs<3>();
    // (writeIntArrays is the seeds' side of intArrays).
    template <size_t N>
    std::array<aclTensor *, N> inputs() {
        return readEach<N>(&OpFuzz::input);
    }
    template <size_t N>
    std::array<aclTensor *, N> outputs() {
        return readEach<N>(&OpFuzz::output);
    }
    template <size_t N>
    std::array<aclIntArray *, N> intArrays() {
        return readEach<N>(&OpFuzz::intArray);
    }
    // A target that fuzzes two operators: whether the input picks the first (its first byte is even;
    // startSeedOf writes it).
    bool picksFirst() { return in_.u8() % 2 == 0; }
    uint8_t u8() { return in_.u8(); }
    int64_t i64() { return in_.i64(); }
    double f64() { return in_.f64(); }
    bool flag() { return in_.flag(); }
    // A char* argument: null or one of `choices` (valid and invalid spellings), as a mutable string that
    // OpFuzz owns (the API takes char*).
    char *text(std::initializer_list<const char *> choices);
    // A dataFormatOptional argument (GroupNormSwish and its grad).
    char *dataFormat() { return text({nullptr, "NCHW", "ND", "NHWC", "", "nchw"}); }
    // An aclScalar argument (alpha, a tensor-scalar operator's other): null, or one of a few dtypes (the
    // engine's kinds and one it refuses to promote, UINT16) with a value from the input; OpFuzz owns it.
    aclScalar *scalar();

    // Checks the phase-one status; on success runs phase two as the input asks (or just destroys
    // the executor) and checks the write oracle.
    void finish(const char *api, aclnnStatus status, uint64_t workspaceSize, aclOpExecutor *executor,
                PhaseTwo phaseTwo);
    // Phase one through the operator's binding (tests/harness/<op>.h) with the arguments already read,
    // in its slots' order (read them in their own statements first: the order of a call's arguments is
    // unspecified, and the input's bytes must be read in a fixed order), then finish().
    void call(const testing_support::Binding &op, const testing_support::Args &args) {
        uint64_t workspaceSize = 0;
        aclOpExecutor *executor = nullptr;
        const aclnnStatus status = op.plan(args, &workspaceSize, &executor);
        finish(op.api(), status, workspaceSize, executor, op.phaseTwo());
    }

private:
    template <size_t N, typename T>
    std::array<T *, N> readEach(T *(OpFuzz::*read)()) {
        std::array<T *, N> values{};
        for (T *&value : values) value = (this->*read)();
        return values;
    }
    aclTensor *readTensor();
    void runPhaseTwo(const char *api, uint64_t workspaceSize, aclOpExecutor *executor, PhaseTwo phaseTwo);

    FuzzReader &in_;
    std::vector<aclTensor *> tensors_;
    std::vector<aclTensor *> outputs_;
    std::vector<aclIntArray *> arrays_;
    std::deque<std::string> strings_;
    std::vector<aclScalar *> scalars_;  // a deque: the pointers handed out stay valid as it grows
};

// The two libFuzzer entry points of an operator target, written once here:
//   std::vector<fuzzing::Seed> makeSeeds();      // the target's seeds (writeSeedsIfAsked)
//   void fuzzOneInput(fuzzing::OpFuzz &op);      // reads the arguments from op and calls the operator
//   ACLNN_OP_FUZZ_TARGET(makeSeeds, fuzzOneInput)
// LLVMFuzzerInitialize sets up the device, then writes the seeds and exits when
// ACLNN_FUZZ_WRITE_SEEDS asks for them (scripts/fuzz.sh -s).
#define ACLNN_OP_FUZZ_TARGET(makeSeeds, fuzzOneInput)                                 \
    extern "C" int LLVMFuzzerInitialize(int *, char ***) {                           \
        ::fuzzing::initDevice();                                                      \
        ::fuzzing::writeSeedsIfAsked(makeSeeds());                                    \
        return 0;                                                                     \
    }                                                                                 \
    extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {         \
        ::fuzzing::FuzzReader in(data, size);                                         \
        ::fuzzing::OpFuzz op(in);                                                     \
        fuzzOneInput(op);                                                             \
        return 0;                                                                     \
    }

// ----- seeds -----

struct SeedTensor {
    std::vector<int64_t> dims;
    aclDataType dtype = ACL_FLOAT;
    aclFormat format = ACL_FORMAT_ND;
    std::vector<int64_t> strides;  // empty: contiguous (null stride pointer)
    int64_t offset = 0;
    std::vector<int64_t> storageDims;  // empty: none given
    int64_t arenaByte = 0;             // where in the arena the storage starts
};
// A contiguous tensor whose storage starts `arenaByte` bytes into the arena (seeds keep each tensor
// in its own part of it: an output over an input is rejected at phase two).
inline SeedTensor seedAt(int64_t arenaByte, std::vector<int64_t> dims, aclDataType dtype = ACL_FLOAT,
                         aclFormat format = ACL_FORMAT_ND) {
    return SeedTensor{std::move(dims), dtype, format, {}, 0, {}, arenaByte};
}
// A tensor at the arena's start: contiguous, or (when `strided`) the view `strides` from storage offset 1,
// so that the operator has to honour both strides and an offset.
inline SeedTensor seedView(std::vector<int64_t> dims, aclDataType dtype, bool strided, std::vector<int64_t> strides) {
    SeedTensor t;
    t.dims = std::move(dims);
    t.dtype = dtype;
    if (strided) {
        t.strides = std::move(strides);
        t.offset = 1;
    }
    return t;
}
// `shape` with its last two dims (H, W) replaced: the pooled or unpooled side of an NCHW/CHW seed.
inline std::vector<int64_t> withHW(std::vector<int64_t> shape, int64_t h, int64_t w) {
    shape[shape.size() - 2] = h;
    shape[shape.size() - 1] = w;
    return shape;
}
// The start of a seed of a target that fuzzes two operators: the byte that picks the first (0) or
// the second (1), as OpFuzz::picksFirst reads it.
inline FuzzWriter startSeedOf(bool first) {
    FuzzWriter w;
    w.u8(first ? 0 : 1);
    return w;
}
void writeNullTensor(FuzzWriter &w);
void writeTensor(FuzzWriter &w, const SeedTensor &t);
void writeIntArray(FuzzWriter &w, const std::vector<int64_t> &values);
void writeNullIntArray(FuzzWriter &w);
// The seeds' side of OpFuzz::scalar: `choice` indexes its dtypes (0: null, 1: FLOAT, 6: INT32, 9: BOOL,
// ...), then the value.
inline void writeScalar(FuzzWriter &w, uint8_t choice, double value) {
    w.u8(choice);
    w.f64(value);
}
// Several arrays in a row (the window attributes of Im2col, its backward and MaxPool2dWithIndices).
inline void writeIntArrays(FuzzWriter &w, std::initializer_list<std::vector<int64_t>> arrays) {
    for (const auto &values : arrays) writeIntArray(w, values);
}
// Phase-two options: skip it, or run it (real workspace, the fuzzer's own stream), optionally twice
// as a repeatable executor.
void writePhaseTwo(FuzzWriter &w, bool run, bool repeatable);

// When ACLNN_FUZZ_WRITE_SEEDS names a directory, writes each seed there as <name> and exits.
// Called from LLVMFuzzerInitialize after initDevice().
struct Seed {
    std::string name;
    std::vector<uint8_t> bytes;
};
void writeSeedsIfAsked(const std::vector<Seed> &seeds);
// The end of every operator seed: the phase-two options, then the seed named `name`.
inline Seed finishSeed(const char *name, FuzzWriter &w, bool run, bool repeatable) {
    writePhaseTwo(w, run, repeatable);
    return Seed{name, w.bytes()};
}

}  // namespace fuzzing
