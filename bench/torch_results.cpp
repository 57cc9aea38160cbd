#include "torch_results.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>

#include "json.h"

namespace bench {

namespace {

std::string shellQuote(const std::string &s) {
    std::string out = "'";
    for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

std::string temporaryPath(const char *suffix) {
    std::string pattern = "/tmp/aclnn_bench_XXXXXX";
    std::vector<char> buf(pattern.begin(), pattern.end());
    buf.push_back('\0');
    int fd = mkstemp(buf.data());
    if (fd < 0) return "";
    close(fd);
    std::string base(buf.data());
    std::remove(base.c_str());
    return base + suffix;
}

}  // namespace

double TorchResults::find(const std::map<std::string, std::map<std::string, double>> &table, const CaseInfo &c,
                          const std::string &device) {
    auto it = table.find(c.key());
    if (it == table.end()) return -1;
    auto jt = it->second.find(device);
    return jt == it->second.end() ? -1 : jt->second;
}

double TorchResults::lookup(const CaseInfo &c, const std::string &device) const { return find(ms, c, device); }

double TorchResults::lookupWall(const CaseInfo &c, const std::string &device) const {
    double wall = find(wallMs, c, device);
    return wall > 0 ? wall : lookup(c, device);
}

TorchResults loadTorchResults(const std::string &path) {
    TorchResults t;
    JsonValue doc;
    try {
        doc = parseJsonFile(path);
    } catch (const std::exception &e) {
        t.why = "could not read the PyTorch results " + path + ": " + e.what();
        return t;
    }
    if (doc["error"].isString()) {
        t.why = doc["error"].string;
        return t;
    }
    t.available = true;
    t.version = doc["torch_version"].stringOr("?");
    t.python = doc["python"].stringOr("");
    t.threads = static_cast<int>(doc["threads"].numberOr(0));
    t.cudaName = doc["cuda"].stringOr("");
    for (const auto &r : doc["results"].array) {
        std::string key = r["op"].stringOr("") + "\n" + r["case"].stringOr("");
        double ms = r["ms"].numberOr(-1), wall = r["wall_ms"].numberOr(-1);
        if (ms > 0) t.ms[key][r["device"].stringOr("cpu")] = ms;
        if (ms > 0 && wall > 0) t.wallMs[key][r["device"].stringOr("cpu")] = wall;
        if (ms > 0 && r["wall_spread"].numberOr(-1) > 0) {
            t.wallSpread[key][r["device"].stringOr("cpu")] = r["wall_spread"].numberOr(-1);
        }
    }
    for (const auto &s : doc["skipped"].array) {
        std::string key = s["op"].stringOr("") + "\n" + s["case"].stringOr("");
        if (!t.skipped.count(key)) t.skipped[key] = s["reason"].stringOr("skipped");
    }
    return t;
}

TorchResults runTorchBaseline(const std::string &python, const std::string &script, const std::vector<CaseInfo> &cases,
                              int threads, bool quick) {
    TorchResults t;
    if (access(python.c_str(), X_OK) != 0) {
        t.why = "no Python interpreter at " + python + " (use --python, or --torch FILE)";
        return t;
    }
    if (access(script.c_str(), R_OK) != 0) {
        t.why = "the baseline script " + script + " is missing";
        return t;
    }
    std::string casesPath = temporaryPath("_cases.json"), outPath = temporaryPath("_torch.json");
    if (casesPath.empty() || outPath.empty()) {
        t.why = "could not create temporary files in /tmp";
        return t;
    }
    {
        std::ofstream out(casesPath);
        out << caseListJson(cases);
    }
    std::string cmd = shellQuote(python) + " " + shellQuote(script) + " --cases " + shellQuote(casesPath) +
                      " --out " + shellQuote(outPath) + " --threads " + std::to_string(threads) +
                      (quick ? " --quick" : "");
    int rc = std::system(cmd.c_str());
    int exitCode = WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
    if (access(outPath.c_str(), R_OK) == 0) {
        t = loadTorchResults(outPath);
        if (exitCode != 0 && t.available) {
            t.available = false;
            t.why = "torch_baseline.py exited with status " + std::to_string(exitCode);
        }
    } else {
        t.why = "torch_baseline.py exited with status " + std::to_string(exitCode) + " and wrote no results";
    }
    std::remove(casesPath.c_str());
    std::remove(outPath.c_str());
    return t;
}

}  // namespace bench
