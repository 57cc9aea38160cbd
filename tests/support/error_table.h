// The operators' argument-error tests as tables: each row changes one thing in a valid call and names
// the aclnn status and the message fragments it must give, the rows in CANN's check order. One runner
// checks every row (each under its own trace, so a failure names its row), so that an operator's test
// file holds only its rows and how to make its call.
//
//   struct XxxCall : ErrorCall {                 // valid as it stands
//       static constexpr const char *kOp = "aclnnXxx";
//       std::vector<int64_t> selfShape = {1, 2, 4, 5}; ...
//   };
//   aclnnStatus planCall(const XxxCall &c, aclrtStream s) {
//       ...tensors from c...
//       return callPhase(c, [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnXxxGetWorkspaceSize(
//                               c.orNull("self", self.get()), ..., ws, ex); }, aclnnXxx, s);
//   }
//   using XxxErrors = ErrorTableTest<XxxCall>;
//   TEST_P(XxxErrors, Dtypes) {
//       expectRows({{"self COMPLEX32", [](XxxCall &c) { c.selfType = ACL_COMPLEX32; }, ACLNN_ERR_PARAM_INVALID,
//                    {"self", "COMPLEX32"}}});
//   }
//
// ACLNN_ERROR_ROW=<substring> runs only the rows whose name holds it (a test with no such row is a skip);
// ACLNN_ERROR_ROW_LIST=1 prints each row as it runs ("[ error row ] aclnnIm2col: out null").
// Header-only: tests/support/*.cpp are built into the benchmark as well, which has no GoogleTest.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "aclnn/opdev/op_errno.h"
#include "support/call_spec.h"
#include "support/case_checks.h"
#include "support/device_tensor.h"
#include "support/host_data.h"
#include "support/plan_and_run.h"

namespace testing_support {

// What every operator's call description has besides its tensors and attributes: which arguments are
// passed as nullptr, and whether the call is phase two without an executor.
struct ErrorCall {
    // Argument names passed as nullptr: the operator's own ("self", "padding") as its plan function
    // reads them with isNull(), and "workspaceSize" and "executor", which callPhase() handles.
    std::vector<std::string> nulls;
    // Phase two (aclnnXxx) with a null executor and workspace instead of phase one.
    bool runWithoutExecutor = false;

    bool isNull(const std::string &name) const { return std::find(nulls.begin(), nulls.end(), name) != nulls.end(); }
    // The argument itself, or nullptr when the row names it.
    template <class T>
    T *orNull(const std::string &name, T *arg) const {
        return isNull(name) ? nullptr : arg;
    }
};

// A row's change: the named arguments passed as nullptr ({"self"}, {"self", "out"}).
struct NullArgs {
    std::vector<std::string> names;
    NullArgs(std::initializer_list<std::string> n) : names(n) {}
    void operator()(ErrorCall &c) const { c.nulls.insert(c.nulls.end(), names.begin(), names.end()); }
};
// A row's change: phase two with a null executor.
struct RunWithoutExecutor {
    void operator()(ErrorCall &c) const { c.runWithoutExecutor = true; }
};

// The end of every operator's plan function: phase one with the call's workspace-size and executor
// pointers (nullptr where the row says so), destroying the executor a successful plan made; or phase
// two without an executor.
inline aclnnStatus callPhase(const ErrorCall &c, const PlanPhase &plan, const RunPhase &run, aclrtStream stream) {
    if (c.runWithoutExecutor) return run(nullptr, 0, nullptr, stream);
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    const aclnnStatus got = plan(c.orNull("workspaceSize", &ws), c.orNull("executor", &ex));
    if (got == ACL_SUCCESS && ex) EXPECT_ACL_OK(aclDestroyAclOpExecutor(ex));
    return got;
}

template <class Call>
struct CallRow {
    std::string what;                   // the row's name in a failure and for ACLNN_ERROR_ROW
    std::function<void(Call &)> change;  // one argument changed from the valid call
    aclnnStatus status;                 // by name: ACLNN_ERR_PARAM_INVALID, ACL_SUCCESS, ...
    // All must be in aclGetRecentErrMsg(); "{op}" stands for the op name given to expectErrorRows.
    std::vector<std::string> fragments;
};
template <class Call>
using CallRows = std::vector<CallRow<Call>>;

// The rows every operator's null-argument table holds, written once. nullArgumentRows: for each argument
// of phase one, in the order given, the row passing it as nullptr ("self null", ACLNN_ERR_PARAM_NULLPTR),
// whose message names the argument as written ("[self]" where the bare name is part of another
// argument's) and says "nullptr".
template <class Call>
CallRows<Call> nullArgumentRows(const std::vector<std::string> &arguments) {
    CallRows<Call> rows;
    for (const std::string &named : arguments) {
        const std::string name = named.front() == '[' ? named.substr(1, named.size() - 2) : named;
        rows.push_back({name + " null", NullArgs{name}, ACLNN_ERR_PARAM_NULLPTR, {named, "nullptr"}});
    }
    return rows;
}
// The view rows every operator has: an output whose rows are all one memory (`change` gives it such
// strides; named "out rows at stride 0"), and an input whose view reaches one element past its declared
// storage (`change` makes it so; "gradOutput storage short"). Both ACLNN_ERR_PARAM_INVALID, the message
// naming the tensor and saying "overlapping" or "storage".
template <class Call>
CallRow<Call> overlappingRowsRow(const std::string &output, std::function<void(Call &)> change) {
    return {output + " rows at stride 0", std::move(change), ACLNN_ERR_PARAM_INVALID, {output, "overlapping"}};
}
template <class Call>
CallRow<Call> shortStorageRow(const std::string &input, std::function<void(Call &)> change) {
    return {input + " storage short", std::move(change), ACLNN_ERR_PARAM_INVALID, {input, "storage"}};
}

// Tables joined in order: nullArgumentRows<C>({...}) + CallRows<C>{...} + phaseArgumentRows<C>().
template <class Call>
CallRows<Call> operator+(CallRows<Call> first, const CallRows<Call> &then) {
    first.insert(first.end(), then.begin(), then.end());
    return first;
}
// nullOutPointerRows: workspaceSize and then executor passed as nullptr (ACLNN_ERR_PARAM_NULLPTR, the
// message naming each).
template <class Call>
CallRows<Call> nullOutPointerRows() {
    return {{"workspaceSize null", NullArgs{"workspaceSize"}, ACLNN_ERR_PARAM_NULLPTR, {"workspaceSize"}},
            {"executor null", NullArgs{"executor"}, ACLNN_ERR_PARAM_NULLPTR, {"executor"}}};
}
// phaseArgumentRows: those two, then phase two without an executor (ACLNN_ERR_PARAM_NULLPTR,
// `runFragments` in its message).
template <class Call>
CallRows<Call> phaseArgumentRows(const std::vector<std::string> &runFragments = {}) {
    return nullOutPointerRows<Call>() +
           CallRows<Call>{{"run without executor", RunWithoutExecutor{}, ACLNN_ERR_PARAM_NULLPTR, runFragments}};
}

// Runs every row on a copy of `valid` through plan(call, stream) and checks its status and message. A
// table without rows fails (a test that checked nothing); rows left out by ACLNN_ERROR_ROW make a skip
// when none is left. `everyRow`: fragments every error row's message holds besides its own.
template <class Call, class Plan>
void expectErrorRows(const std::string &op, const CallRows<Call> &rows, const Call &valid, Plan &&plan,
                     aclrtStream stream, const std::vector<std::string> &everyRow = {}) {
    ASSERT_FALSE(rows.empty()) << op << ": an error table without rows";
    const char *only = std::getenv("ACLNN_ERROR_ROW");
    const char *list = std::getenv("ACLNN_ERROR_ROW_LIST");
    size_t ran = 0;
    for (size_t i = 0; i < rows.size(); ++i) {
        const CallRow<Call> &row = rows[i];
        if (only && *only && row.what.find(only) == std::string::npos) continue;
        SCOPED_TRACE(op + ", row " + std::to_string(i + 1) + ": " + row.what);
        if (list && *list) std::printf("[ error row ] %s: %s\n", op.c_str(), row.what.c_str());
        Call call = valid;
        if (row.change) row.change(call);
        EXPECT_EQ(plan(call, stream), row.status) << aclGetRecentErrMsg();
        std::vector<std::string> fragments = row.fragments;
        if (row.status != ACL_SUCCESS) fragments.insert(fragments.end(), everyRow.begin(), everyRow.end());
        for (std::string &f : fragments) {
            if (f == "{op}") f = op;
        }
        expectRecentMessageHas(fragments);
        ++ran;
    }
    if (ran == 0) GTEST_SKIP() << op << ": no row matches ACLNN_ERROR_ROW=" << only;
}

// What both fixtures below give their tests for their Call: Rows (the table type), nullRows({...}),
// phaseRows({...}), overlapRow(output, change) and shortRow(input, change) (nullArgumentRows,
// phaseArgumentRows, overlappingRowsRow and shortStorageRow).
template <class Call>
class ErrorRowsFixture : public DeviceTest {
protected:
    using Rows = CallRows<Call>;
    static Rows nullRows(const std::vector<std::string> &arguments) { return nullArgumentRows<Call>(arguments); }
    static Rows phaseRows(const std::vector<std::string> &runFragments = {}) {
        return phaseArgumentRows<Call>(runFragments);
    }
    static CallRow<Call> overlapRow(const std::string &output, std::function<void(Call &)> change) {
        return overlappingRowsRow<Call>(output, std::move(change));
    }
    static CallRow<Call> shortRow(const std::string &input, std::function<void(Call &)> change) {
        return shortStorageRow<Call>(input, std::move(change));
    }
};

// The fixture of an operator's error tables, run once per device (INSTANTIATE_ON_ALL_DEVICES): Call
// names its operator (static constexpr const char *kOp = "aclnnXxx"), and the test file's
// aclnnStatus planCall(const XxxCall &, aclrtStream), ending in callPhase, makes the call (found
// beside XxxCall by argument-dependent lookup).
//   using XxxErrors = ErrorTableTest<XxxCall>;
//   TEST_P(XxxErrors, Dtypes) { expectRows({...rows...}); }
template <class Call>
class ErrorTableTest : public ErrorRowsFixture<Call> {
protected:
    void expectRows(const CallRows<Call> &rows, const std::vector<std::string> &everyRow = {}) {
        expectErrorRows(
            Call::kOp, rows, Call{}, [](const Call &c, aclrtStream s) { return planCall(c, s); }, this->stream,
            everyRow);
    }
};

// The same for a file of operators that share one call (the pads: reflection and replication): Call
// lists them (static std::vector<const Op *> ops(), each Op with a name), the file's
// aclnnStatus planCall(const Op &, const Call &, aclrtStream) makes the call, and each row runs on every
// operator, or on those given.
template <class Call, class Op>
class ErrorTableOverOpsTest : public ErrorRowsFixture<Call> {
protected:
    void expectRows(const CallRows<Call> &rows, std::vector<const Op *> ops = {}) {
        if (ops.empty()) ops = Call::ops();
        for (const Op *op : ops) {
            expectErrorRows(
                op->name, rows, Call{}, [op](const Call &c, aclrtStream s) { return planCall(*op, c, s); },
                this->stream);
        }
    }
};

}  // namespace testing_support
