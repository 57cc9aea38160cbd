// Accounting for a loop over a golden file: every case either runs or is skipped with a reason, and
// check() fails the test when a case did neither or when fewer than `minimumRuns` ran (a filter that
// quietly skipped everything). Each run and skip also counts in the test's case tally
// (support/case_tally.h), which prints them so that none is silent. forEachGoldenCase is that loop,
// written once.
#pragma once

#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "golden/golden.h"
#include "support/case_tally.h"
#include "source_paths.h"

namespace testing_support {

class GoldenTally {
public:
    explicit GoldenTally(size_t total) : total_(total) {}
    void ran() {
        ++ran_;
        caseTally().ran();
    }
    void skip(const std::string &name, const std::string &reason) {
        ++skipped_;
        caseTally().skipped("golden " + name, reason);
    }
    size_t runs() const { return ran_; }

    void check(size_t minimumRuns) const {
        EXPECT_EQ(ran_ + skipped_, total_) << "golden cases that neither ran nor were skipped";
        EXPECT_GE(ran_, minimumRuns) << "too few golden cases ran";
        EXPECT_LE(ran_, total_);
    }

private:
    size_t total_;
    size_t ran_ = 0, skipped_ = 0;
};

// One golden file's loop, for the operator tests: which file, how many cases it must hold, how many must
// run on this device, and why a case is skipped here ("" when it runs).
struct GoldenFile {
    std::string name;         // under tests/golden: "im2col.golden"
    size_t cases = 0;         // the cases the file must hold (0: any number)
    size_t minimumRuns = 0;   // GoldenTally::check
    std::function<std::string(const golden::Case &)> skipReason = nullptr;
};

// Loads the file and runs check(case) on each case that is not skipped, under the case's name; stops at
// a fatal failure (as a failed ASSERT in a plain loop would); then checks the tally. Returns the runs.
template <class Check>
size_t forEachGoldenCase(const GoldenFile &file, Check &&check) {
    const std::vector<golden::Case> cases = golden::load(goldenDir() + "/" + file.name);
    if (file.cases != 0) {
        EXPECT_EQ(cases.size(), file.cases) << file.name;
        if (cases.size() != file.cases) return 0;
    }
    GoldenTally tally(cases.size());
    for (const golden::Case &c : cases) {
        const std::string why = file.skipReason ? file.skipReason(c) : "";
        if (!why.empty()) {
            tally.skip(c.name, why);
            continue;
        }
        SCOPED_TRACE(file.name + " / " + c.name);
        check(c);
        if (::testing::Test::HasFatalFailure()) return tally.runs();
        tally.ran();
    }
    tally.check(file.minimumRuns);
    return tally.runs();
}

}  // namespace testing_support
