// Accounting for a loop over a golden file: every case either runs or is skipped with a reason, and
// check() fails the test when a case did neither, when fewer than `minimumRuns` ran (a filter that
// quietly skipped everything), and prints the skips so that none is silent.
#pragma once

#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

namespace testing_support {

class GoldenTally {
public:
    explicit GoldenTally(size_t total) : total_(total) {}
    void ran() { ++ran_; }
    void skip(const std::string &name, const std::string &reason) { skipped_.push_back(name + " (" + reason + ")"); }
    size_t runs() const { return ran_; }

    void check(size_t minimumRuns) const {
        EXPECT_EQ(ran_ + skipped_.size(), total_) << "golden cases that neither ran nor were skipped";
        EXPECT_GE(ran_, minimumRuns) << "too few golden cases ran";
        EXPECT_LE(ran_, total_);
        std::string skips;
        for (const auto &s : skipped_) skips += (skips.empty() ? "" : ", ") + s;
        std::printf("[ golden   ] %zu of %zu cases ran%s%s\n", ran_, total_, skipped_.empty() ? "" : "; skipped: ",
                    skips.c_str());
    }

private:
    size_t total_;
    size_t ran_ = 0;
    std::vector<std::string> skipped_;
};

}  // namespace testing_support
