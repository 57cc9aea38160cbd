// Load: several threads, each with its own streams, run every operator at once on one device, and
// every output equals, bit for bit, the output of the same case run alone. The program cache is
// emptied first so that the threads also race to build the same programs. Each thread also checks
// that its error messages stay its own (aclGetRecentErrMsg is per thread).
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "device_fixture.h"
#include "kernels/program_cache.h"
#include "reliability_harness.h"
#include "aclnn/opdev/op_errno.h"

using namespace testing_support;
using reliability::Layout;
using reliability::OpHarness;

namespace {

constexpr int kThreads = 4;
constexpr int kStreamsPerThread = 2;
constexpr int kRounds = 3;
constexpr uint8_t kOutputFill = 0xEE;  // outputs are filled with this byte before each run

struct Outcome {
    std::string error;                               // empty when everything succeeded
    std::vector<std::vector<uint8_t>> outputBytes;   // per operator: its outputs' storage, concatenated
};

uint64_t seedOf(int thread) { return 1000 + 97 * static_cast<uint64_t>(thread); }
Layout layoutOf(int thread) { return thread % 2 ? Layout::Strided : Layout::Contiguous; }

// Plans every operator and enqueues them round-robin on `streams` without waiting in between, then
// synchronizes all streams and reads every output back.
Outcome runAllOperators(std::vector<std::unique_ptr<OpHarness>> &ops, const std::vector<aclrtStream> &streams) {
    Outcome out;
    std::vector<void *> workspaces;
    auto fail = [&](const std::string &what, int status) {
        if (out.error.empty()) out.error = what + " returned " + std::to_string(status) + ": " + aclGetRecentErrMsg();
    };
    for (size_t i = 0; i < ops.size(); ++i) {
        OpHarness &h = *ops[i];
        for (DeviceTensor *o : h.outputs()) o->fillStorage(kOutputFill);
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        int s = h.plan(&ws, &ex);
        if (s != 0) {
            fail(h.api + "GetWorkspaceSize", s);
            continue;
        }
        void *w = nullptr;
        if (ws > 0 && (s = aclrtMalloc(&w, ws, ACL_MEM_MALLOC_HUGE_FIRST)) != 0) {
            fail("aclrtMalloc(workspace)", s);
            aclDestroyAclOpExecutor(ex);
            continue;
        }
        workspaces.push_back(w);
        if ((s = h.run(w, ws, ex, streams[i % streams.size()])) != 0) fail(h.api, s);
    }
    for (aclrtStream st : streams) {
        int s = aclrtSynchronizeStream(st);
        if (s != 0) fail("aclrtSynchronizeStream", s);
    }
    for (void *w : workspaces) {
        if (w) aclrtFree(w);
    }
    for (auto &h : ops) {
        std::vector<uint8_t> bytes;
        for (DeviceTensor *o : h->outputs()) {
            std::vector<uint8_t> b = o->storage();
            bytes.insert(bytes.end(), b.begin(), b.end());
        }
        out.outputBytes.push_back(std::move(bytes));
    }
    return out;
}

// "N of M bytes differ, the first at byte K (0x.. instead of 0x..), N0 of them still hold the fill".
std::string describeDifference(const std::vector<uint8_t> &got, const std::vector<uint8_t> &want) {
    if (got.size() != want.size()) return "sizes " + std::to_string(got.size()) + " and " + std::to_string(want.size());
    size_t differ = 0, fill = 0, first = got.size();
    for (size_t b = 0; b < got.size(); ++b) {
        if (got[b] == want[b]) continue;
        if (differ++ == 0) first = b;
        if (got[b] == kOutputFill) ++fill;
    }
    char text[160];
    std::snprintf(text, sizeof text,
                  "%zu of %zu bytes differ, the first at byte %zu (0x%02x instead of 0x%02x), %zu of them still "
                  "hold the fill",
                  differ, got.size(), first, got[first], want[first], fill);
    return text;
}

class StressTest : public DeviceTest {};

TEST_P(StressTest, ThreadsAndStreamsMatchTheSerialResultsBitForBit) {
    // Serial references: each thread's cases, run alone on the fixture's stream.
    std::vector<Outcome> reference;
    for (int t = 0; t < kThreads; ++t) {
        auto ops = reliability::makeAllHarnesses(layoutOf(t), seedOf(t));
        reference.push_back(runAllOperators(ops, {stream}));
        ASSERT_EQ(reference.back().error, "") << "thread " << t << "'s cases fail even alone";
    }
    aclcl::clearProgramCache();  // the threads now race to build every program again

    std::vector<std::string> failures(kThreads);
    std::atomic<int> ready{0};
    auto start = std::chrono::steady_clock::now();
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
        threads.emplace_back([&, t] {
            std::string &failure = failures[t];
            if (aclrtSetDevice(device()) != 0) {
                failure = std::string("aclrtSetDevice: ") + aclGetRecentErrMsg();
                return;
            }
            std::vector<aclrtStream> streams(kStreamsPerThread, nullptr);
            for (auto &s : streams) aclrtCreateStream(&s);
            auto ops = reliability::makeAllHarnesses(layoutOf(t), seedOf(t));
            ++ready;
            while (ready < kThreads) std::this_thread::yield();  // start together
            for (int round = 0; round < kRounds && failure.empty(); ++round) {
                Outcome got = runAllOperators(ops, streams);
                if (!got.error.empty()) {
                    failure = "round " + std::to_string(round) + ": " + got.error;
                    break;
                }
                for (size_t i = 0; i < ops.size(); ++i) {
                    if (got.outputBytes[i] != reference[t].outputBytes[i]) {
                        failure = "round " + std::to_string(round) + ": " + ops[i]->api +
                                  " differs from its serial result: " +
                                  describeDifference(got.outputBytes[i], reference[t].outputBytes[i]);
                        break;
                    }
                }
                // An error made on this thread is reported on this thread, with this thread's message.
                uint64_t ws = 0;
                aclOpExecutor *ex = nullptr;
                OpHarness &h = *ops[static_cast<size_t>(t) % ops.size()];
                aclTensor *saved = h.tensors.back().arg;
                h.tensors.back().arg = nullptr;
                int s = h.plan(&ws, &ex);
                h.tensors.back().arg = saved;
                std::string msg = aclGetRecentErrMsg();
                if (s != ACLNN_ERR_PARAM_NULLPTR || msg.find(h.tensors.back().name) == std::string::npos) {
                    failure = "thread " + std::to_string(t) + " got status " + std::to_string(s) +
                              " and another thread's message? " + msg;
                }
            }
            for (auto &s : streams) aclrtDestroyStream(s);
        });
    }
    for (auto &th : threads) th.join();
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    for (int t = 0; t < kThreads; ++t) EXPECT_EQ(failures[t], "") << "thread " << t;
    RecordProperty("threads", kThreads);
    RecordProperty("streams", kThreads * kStreamsPerThread);
    RecordProperty("operator_runs", kThreads * kRounds * static_cast<int>(reference[0].outputBytes.size()));
    std::printf("stress: %d threads x %d streams, %d rounds of %zu operators each, %.1f s\n", kThreads,
                kStreamsPerThread, kRounds, reference[0].outputBytes.size(), seconds);
}

// Streams created and destroyed while other threads run work on theirs; device memory allocated
// and freed from every thread at once. The runtime's registries must stay consistent.
TEST_P(StressTest, ConcurrentStreamAndMemoryChurn) {
    std::vector<std::string> failures(kThreads);
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
        threads.emplace_back([&, t] {
            std::string &failure = failures[t];
            aclrtSetDevice(device());
            for (int i = 0; i < 50 && failure.empty(); ++i) {
                aclrtStream s = nullptr;
                void *p = nullptr;
                size_t bytes = 4096 * static_cast<size_t>(1 + (i + t) % 7);
                std::vector<uint8_t> in(bytes, static_cast<uint8_t>(t * 31 + i)), back(bytes, 0);
                if (aclrtCreateStream(&s) != 0 || aclrtMalloc(&p, bytes, ACL_MEM_MALLOC_HUGE_FIRST) != 0) {
                    failure = std::string("create/malloc: ") + aclGetRecentErrMsg();
                    break;
                }
                if (aclrtMemcpyAsync(p, bytes, in.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE, s) != 0 ||
                    aclrtMemcpyAsync(back.data(), bytes, p, bytes, ACL_MEMCPY_DEVICE_TO_HOST, s) != 0 ||
                    aclrtSynchronizeStream(s) != 0) {
                    failure = std::string("copy: ") + aclGetRecentErrMsg();
                }
                if (back != in) failure = "a round trip through device memory changed the data";
                if (aclrtFree(p) != 0 || aclrtDestroyStream(s) != 0) {
                    failure = std::string("free/destroy: ") + aclGetRecentErrMsg();
                }
            }
        });
    }
    // Meanwhile this thread synchronizes the whole device over and over.
    for (int i = 0; i < 50; ++i) EXPECT_ACL_OK(aclrtSynchronizeDevice());
    for (auto &th : threads) th.join();
    for (int t = 0; t < kThreads; ++t) EXPECT_EQ(failures[t], "") << "thread " << t;
}

INSTANTIATE_ON_ALL_DEVICES(StressTest);

}  // namespace
