// An operator's argument-error tests as one table of one-line rows over its binding: each row changes
// one thing in a valid call (support/call_spec.h) and names the status and the message fragments it must
// give. The rows stand in CANN's check order; each runs as its own test on every device, named by its
// place and its name:
//
//   CallSpec unpoolCall() { return CallSpec(kMaxUnpool2d, {{"self", TensorArg{{2, 3, 4, 4}}}, ...}); }
//   ErrorRows unpoolRows() {
//       return validRow() + outPointerRows() + nullRows({"self", "indices", "outputSize", "out"}) + ErrorRows{
//           {"indices INT16", set("indices", dtype(ACL_INT16)), ACLNN_ERR_PARAM_INVALID, {"indices", "INT16"}},
//           ...} + withoutExecutorRows();
//   }
//   ACLNN_ERROR_TABLE(MaxUnpool2dErrors, unpoolCall, unpoolRows);
//
//   -> Devices/MaxUnpool2dErrors.Row/pocl_cpu_0_r07_indices_INT16 (one row: --gtest_filter='*r07_indices*')
//
// The operator's doc page shows the table (docs/ops/<page>.md between "<!-- error rows: aclnnXxx -->" and
// "<!-- end of error rows -->"), generated from the rows: ErrorTables.DocPagesShowTheRows fails when a
// page differs, and ACLNN_UPDATE_DOCS=1 writes it.
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <functional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "acl/acl.h"
#include "aclnn/opdev/op_errno.h"
#include "device_fixture.h"
#include "support/call_spec.h"

namespace testing_support {

struct ErrorRow {
    enum class Need { Always, DeviceWithoutFp64 };
    std::string name;    // the row's name in its test's name, a failure and the doc table
    Change change;       // what the row changes in the valid call (none: the valid call)
    aclnnStatus status;  // by name: ACLNN_ERR_PARAM_INVALID, ACL_SUCCESS, ...
    // All must be in aclGetRecentErrMsg(); "{op}" stands for the operator's api name.
    std::vector<std::string> fragments;
    Need need = Need::Always;  // a row that only a device without fp64 can give
};
using ErrorRows = std::vector<ErrorRow>;

inline ErrorRows operator+(ErrorRows first, const ErrorRows &then) {
    first.insert(first.end(), then.begin(), then.end());
    return first;
}

// The rows every table holds, written once.
// The valid call succeeds (first in every table: the other rows each change one thing in it).
inline ErrorRows validRow() { return {{"the valid call", Change(), ACL_SUCCESS, {}}}; }
// For each argument, in the order given, passed as nullptr: ACLNN_ERR_PARAM_NULLPTR, the message naming
// the argument as written ("[self]" where the bare name is part of another argument's) and "nullptr".
inline ErrorRows nullRows(const std::vector<std::string> &arguments) {
    ErrorRows rows;
    for (const std::string &named : arguments) {
        const std::string name = named.front() == '[' ? named.substr(1, named.size() - 2) : named;
        rows.push_back({name + " null", null(name.c_str()), ACLNN_ERR_PARAM_NULLPTR, {named, "nullptr"}});
    }
    return rows;
}
// Phase one's out-pointers, workspaceSize then executor, passed as nullptr (checked first).
inline ErrorRows outPointerRows() {
    return {{"workspaceSize null", null("workspaceSize"), ACLNN_ERR_PARAM_NULLPTR, {"workspaceSize"}},
            {"executor null", null("executor"), ACLNN_ERR_PARAM_NULLPTR, {"executor"}}};
}
// Phase two without an executor (last: no plan), its message holding `fragments` besides the api name.
inline ErrorRows withoutExecutorRows(const std::vector<std::string> &fragments = {}) {
    return {{"run without executor", withoutExecutor(), ACLNN_ERR_PARAM_NULLPTR, fragments}};
}
// An output whose rows are all one memory (`rowStrides` gives it such strides).
inline ErrorRow overlapRow(const std::string &output, std::vector<int64_t> rowStrides) {
    return {output + " rows at stride 0", set(output, strides(std::move(rowStrides))), ACLNN_ERR_PARAM_INVALID,
            {output, "overlapping"}};
}
// An input whose view reaches one element past its declared storage.
inline ErrorRow shortRow(const std::string &input) {
    return {input + " storage short", set(input, storageShort()), ACLNN_ERR_PARAM_INVALID, {input, "storage"}};
}
// A dtype no device can compute in without fp64 support, on a device without it.
inline ErrorRow withoutFp64Row(const std::string &name, Change change, std::vector<std::string> fragments) {
    return {name, std::move(change), ACLNN_ERR_PARAM_INVALID, std::move(fragments), ErrorRow::Need::DeviceWithoutFp64};
}

// A registered table: the doc-page generator and the table checks read them.
struct RegisteredErrorTable {
    std::string suite;
    std::function<CallSpec()> valid;
    std::function<ErrorRows()> rows;
};
std::vector<RegisteredErrorTable> &errorTables();
struct ErrorTableRegistration {
    ErrorTableRegistration(const char *suite, std::function<CallSpec()> valid, std::function<ErrorRows()> rows) {
        errorTables().push_back({suite, std::move(valid), std::move(rows)});
    }
};
// A row's part of its test's name: "r07_indices_INT16".
std::string rowTestName(size_t index, const std::string &rowName);
// The markdown table of a table's rows (the doc page's block).
std::string rowsMarkdown(const ErrorRows &rows);

// Tests that run once per device and row: (device id, row index).
class ErrorRowTest : public ::testing::TestWithParam<std::tuple<int, size_t>> {
protected:
    void SetUp() override;
    void TearDown() override;
    int device() const { return std::get<0>(GetParam()); }
    size_t row() const { return std::get<1>(GetParam()); }
    // Plans the valid call changed by the row and checks its status and message.
    void expectRow(const CallSpec &valid, const ErrorRows &rows);
    aclrtStream stream = nullptr;
};

}  // namespace testing_support

#define ACLNN_ERROR_ROWS_CONCAT2(a, b) a##b
#define ACLNN_ERROR_ROWS_CONCAT(a, b) ACLNN_ERROR_ROWS_CONCAT2(a, b)
// The table's tests: Suite.Row on every device and row; validCall and tableRows are functions.
#define ACLNN_ERROR_TABLE(Suite, validCall, tableRows)                                                          \
    class Suite : public ::testing_support::ErrorRowTest {};                                                    \
    TEST_P(Suite, Row) { expectRow(validCall(), tableRows()); }                                                 \
    INSTANTIATE_TEST_SUITE_P(                                                                                   \
        Devices, Suite,                                                                                         \
        ::testing::Combine(::testing::ValuesIn(::testing_support::allDeviceIds()),                              \
                           ::testing::Range<size_t>(0, tableRows().size())),                                    \
        [](const ::testing::TestParamInfo<std::tuple<int, size_t>> &param_info) {                                   \
            const size_t at = std::get<1>(param_info.param);                                                         \
            return ::testing_support::deviceLabel(std::get<0>(param_info.param)) + "_" +                              \
                   ::testing_support::rowTestName(at, tableRows()[at].name);                                    \
        });                                                                                                     \
    static const ::testing_support::ErrorTableRegistration ACLNN_ERROR_ROWS_CONCAT(errorTable_, __LINE__)(     \
        #Suite, validCall, tableRows)
