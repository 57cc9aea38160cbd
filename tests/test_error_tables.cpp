// The error tables' runner (support/error_rows.h) and the checks on every registered table: rows named
// once each, the valid call first, and each operator's doc page showing its rows as they are.
#include <gtest/gtest.h>

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "support/case_checks.h"
#include "support/error_rows.h"
#include "source_paths.h"

namespace testing_support {

std::vector<RegisteredErrorTable> &errorTables() {
    static std::vector<RegisteredErrorTable> tables;
    return tables;
}

std::string rowTestName(size_t index, const std::string &rowName) {
    char at[16];
    std::snprintf(at, sizeof at, "r%02zu_", index);
    std::string name = at;
    for (char c : rowName) name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
    return name;
}

namespace {

std::string statusName(aclnnStatus s) {
    switch (s) {
        case ACL_SUCCESS: return "0 (success)";
        case ACLNN_ERR_PARAM_NULLPTR: return "161001";
        case ACLNN_ERR_PARAM_INVALID: return "161002";
        case ACLNN_ERR_RUNTIME_ERROR: return "361001";
        default: return std::to_string(s);
    }
}

std::string cell(std::string text) {
    std::string out;
    for (char c : text) out += c == '|' ? std::string("\\|") : std::string(1, c);
    return out;
}

}  // namespace

std::string rowsMarkdown(const ErrorRows &rows) {
    std::ostringstream md;
    md << "| # | the call | status | the message names |\n| --- | --- | --- | --- |\n";
    for (size_t i = 0; i < rows.size(); ++i) {
        const ErrorRow &r = rows[i];
        std::string names;
        for (const std::string &f : r.fragments) names += (names.empty() ? "" : ", ") + ("`" + cell(f) + "`");
        md << "| " << i << " | " << cell(r.name)
           << (r.need == ErrorRow::Need::DeviceWithoutFp64 ? " (a device without fp64)" : "") << " | "
           << statusName(r.status) << " | " << names << " |\n";
    }
    return md.str();
}

void ErrorRowTest::expectRow(const CallSpec &valid, const ErrorRows &rows) {
    ASSERT_LT(row(), rows.size());
    const ErrorRow &r = rows[row()];
    const std::string api = valid.op().api();
    if (r.need == ErrorRow::Need::DeviceWithoutFp64 && deviceHasFp64(device())) {
        GTEST_SKIP() << api << ", row " << row() << " (" << r.name
                     << "): the row's check is for a device without fp64; this device has it";
    }
    SCOPED_TRACE(api + ", row " + std::to_string(row()) + ": " + r.name);
    CallSpec call = valid;
    r.change(call);
    EXPECT_EQ(call.plan(stream), r.status) << aclGetRecentErrMsg();
    std::vector<std::string> fragments = r.fragments;
    for (std::string &f : fragments) {
        if (f == "{op}") f = api;
    }
    // Every failure's message names the operator's phase (aclnnXxxGetWorkspaceSize or aclnnXxx).
    if (r.status != ACL_SUCCESS) fragments.push_back(api);
    expectRecentMessageHas(fragments);
}

namespace {

constexpr const char *kBegin = "<!-- error rows: ";
constexpr const char *kEnd = "<!-- end of error rows -->";

std::string readText(const std::filesystem::path &p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

TEST(ErrorTables, EveryTableHasTheValidCallFirstAndRowsNamedOnce) {
    ASSERT_FALSE(errorTables().empty()) << "no error table registered (ACLNN_ERROR_TABLE)";
    for (const RegisteredErrorTable &t : errorTables()) {
        SCOPED_TRACE(t.suite);
        const ErrorRows rows = t.rows();
        ASSERT_GE(rows.size(), 2u) << "a table checks the valid call and at least one error";
        EXPECT_EQ(rows[0].status, ACL_SUCCESS) << "the first row is the valid call";
        EXPECT_TRUE(rows[0].change.empty()) << "the first row is the valid call";
        std::set<std::string> names;
        for (const ErrorRow &r : rows) EXPECT_TRUE(names.insert(r.name).second) << "row named twice: " << r.name;
    }
}

// Each operator's page holds its table between the markers, as rowsMarkdown writes it.
TEST(ErrorTables, DocPagesShowTheRows) {
    const bool update = std::getenv("ACLNN_UPDATE_DOCS") && *std::getenv("ACLNN_UPDATE_DOCS") == '1';
    const std::filesystem::path pages = sourceDir() + "/docs/ops";
    ASSERT_TRUE(std::filesystem::is_directory(pages)) << pages;
    for (const RegisteredErrorTable &t : errorTables()) {
        const std::string api = t.valid().op().api();
        const std::string begin = kBegin + api + " -->\n";
        bool found = false;
        for (const auto &entry : std::filesystem::directory_iterator(pages)) {
            if (entry.path().extension() != ".md") continue;
            std::string text = readText(entry.path());
            const size_t a = text.find(begin);
            if (a == std::string::npos) continue;
            found = true;
            const size_t from = a + begin.size(), to = text.find(kEnd, from);
            ASSERT_NE(to, std::string::npos) << entry.path() << ": no \"" << kEnd << "\" after " << begin;
            const std::string want = rowsMarkdown(t.rows());
            if (text.compare(from, to - from, want) == 0) continue;
            if (update) {
                text.replace(from, to - from, want);
                std::ofstream(entry.path(), std::ios::binary) << text;
                std::printf("wrote %s's rows into %s\n", api.c_str(), entry.path().c_str());
            } else {
                ADD_FAILURE() << entry.path() << ": the rows of " << api << " (" << t.suite
                              << ") differ from the table's; ACLNN_UPDATE_DOCS=1 " << "aclnn_tests "
                              << "--gtest_filter=ErrorTables.DocPagesShowTheRows writes them";
            }
        }
        EXPECT_TRUE(found) << "no page in docs/ops holds \"" << kBegin << api << " -->\"";
    }
}

}  // namespace
}  // namespace testing_support
