// The cases one test ran and skipped. A test that loops over cases (runAndCheck, a golden file, a loop
// that leaves cases to the full tier) counts each here; at the test's end (the device fixtures' TearDown)
// the count is printed and recorded ("ran 24 of 25 cases; 1 skipped: <reason>: <case>"), and the test is
// a gtest skip only when cases were skipped and none ran. A test that ran some of its cases passes: a skip
// there would hide the cases that did run, and a failure among them still fails it.
#pragma once

#include <gtest/gtest.h>

#include <cstdio>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace testing_support {

class CaseTally {
public:
    void start() {
        std::lock_guard<std::mutex> lock(mutex_);
        ran_ = 0;
        skipped_.clear();
    }
    void ran() {
        std::lock_guard<std::mutex> lock(mutex_);
        ++ran_;
    }
    // Case `name` did not run, for `reason` (the cases of one reason are listed together).
    void skipped(const std::string &name, const std::string &reason) {
        std::lock_guard<std::mutex> lock(mutex_);
        for (auto &r : skipped_) {
            if (r.first == reason) {
                r.second.push_back(name);
                return;
            }
        }
        skipped_.push_back({reason, {name}});
    }

    // The test's end: prints and records the count, and makes the test a skip when nothing ran; resets.
    void finish() {
        size_t ran = 0, skipped = 0;
        std::string reasons;
        {
            std::lock_guard<std::mutex> lock(mutex_);
            ran = ran_;
            for (const auto &r : skipped_) {
                skipped += r.second.size();
                std::string names;
                for (const auto &n : r.second) names += (names.empty() ? "" : ", ") + n;
                reasons += (reasons.empty() ? "" : "; ") + r.first + ": " + names;
            }
            ran_ = 0;
            skipped_.clear();
        }
        if (ran + skipped == 0) return;
        ::testing::Test::RecordProperty("cases_ran", static_cast<int>(ran));
        ::testing::Test::RecordProperty("cases_skipped", static_cast<int>(skipped));
        if (skipped == 0) {
            std::printf("[ cases    ] ran %zu of %zu cases\n", ran, ran);
            return;
        }
        if (ran == 0) GTEST_SKIP() << "none of its " << skipped << " cases ran: " << reasons;
        std::printf("[ cases    ] ran %zu of %zu cases; %zu skipped: %s\n", ran, ran + skipped, skipped,
                    reasons.c_str());
    }

private:
    std::mutex mutex_;
    size_t ran_ = 0;
    std::vector<std::pair<std::string, std::vector<std::string>>> skipped_;  // reason, the cases
};

// The running test's tally (the tests run one at a time; cases on other threads may count into it).
inline CaseTally &caseTally() {
    static CaseTally tally;
    return tally;
}

}  // namespace testing_support
