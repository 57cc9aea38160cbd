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

#include <cstdint>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
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
    int64_t i64() { return in_.i64(); }
    double f64() { return in_.f64(); }
    bool flag() { return in_.flag(); }

    // Checks the phase-one status; on success runs phase two as the input asks (or just destroys
    // the executor) and checks the write oracle.
    void finish(const char *api, aclnnStatus status, uint64_t workspaceSize, aclOpExecutor *executor,
                PhaseTwo phaseTwo);

private:
    aclTensor *readTensor();
    void runPhaseTwo(const char *api, uint64_t workspaceSize, aclOpExecutor *executor, PhaseTwo phaseTwo);

    FuzzReader &in_;
    std::vector<aclTensor *> tensors_;
    std::vector<aclTensor *> outputs_;
    std::vector<aclIntArray *> arrays_;
};

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
void writeNullTensor(FuzzWriter &w);
void writeTensor(FuzzWriter &w, const SeedTensor &t);
void writeIntArray(FuzzWriter &w, const std::vector<int64_t> &values);
void writeNullIntArray(FuzzWriter &w);
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

}  // namespace fuzzing
