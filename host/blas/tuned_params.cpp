#include "blas/tuned_params.h"

#include <clblast.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>
#include <unordered_map>

#include "aclnn/opdev/op_errno.h"
#include "blas/embedded_params.h"
#include "blas/gemm.h"
#include "common/error.h"
#include "common/log.h"

namespace aclcl {
namespace blas {

namespace {

std::string trim(const std::string &s) {
    size_t b = s.find_first_not_of(" \t\r");
    if (b == std::string::npos) return "";
    size_t e = s.find_last_not_of(" \t\r");
    return s.substr(b, e - b + 1);
}

[[noreturn]] void parseError(const std::string &source, int line, const std::string &what) {
    fail(ACLNN_ERR_PARAM_INVALID, strformat("CLBlast parameter file %s:%d: %s", source.c_str(), line, what.c_str()));
}

bool parseSize(const std::string &text, size_t *value) {
    if (text.empty() || text.size() > 18) return false;
    size_t v = 0;
    for (char c : text) {
        if (c < '0' || c > '9') return false;
        v = v * 10 + static_cast<size_t>(c - '0');
    }
    *value = v;
    return true;
}

std::string readFile(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s names the CLBlast parameter file '%s', which cannot be read (set it to 'off' to use "
                       "CLBlast's built-in parameters)",
                       kParamsEnv, path.c_str()));
    }
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// Whether line is "<word>" or "<word> <rest>" (a blank or a tab after the word); *rest gets the rest,
// trimmed ("" for the word alone).
bool keywordLine(const std::string &line, const std::string &word, std::string *rest) {
    if (line.compare(0, word.size(), word) != 0) return false;
    if (line.size() > word.size() && line[word.size()] != ' ' && line[word.size()] != '\t') return false;
    *rest = trim(line.substr(word.size()));
    return true;
}

// ACLNN_OPENCL_CLBLAST_PARAMS set to "off", "none" or "0": CLBlast's built-in parameters, no overrides.
bool tuningDisabled(const char *envValue) {
    if (!envValue) return false;
    const std::string value = envValue;
    return value == "off" || value == "none" || value == "0";
}

// The longest of the file's family prefixes that begins name; empty when none does.
std::string familyOf(const ParamsFile &file, const std::string &name) {
    std::string best;
    for (const std::string &f : file.families) {
        if (f.size() > best.size() && name.compare(0, f.size(), f) == 0) best = f;
    }
    return best;
}

std::string familyNote(const ParamsFile &file, const std::string &name) {
    return strformat("%s was tuned on '%s', not on '%s', but for its family '%s': applied", file.source.c_str(),
                     file.device.c_str(), name.c_str(), familyOf(file, name).c_str());
}

// SIZE_MAX for the device the file was tuned on, the length of the longest family prefix that begins
// name, 0 when neither.
size_t matchStrength(const ParamsFile &file, const std::string &name) {
    return file.device == name ? SIZE_MAX : familyOf(file, name).size();
}

// A units line limits the file to devices with that many compute units; 0 (unknown) fits any.
bool unitsFit(const ParamsFile &file, cl_uint computeUnits) {
    return file.units == 0 || computeUnits == 0 || file.units == computeUnits;
}

std::string unitsText(const ParamsFile &file) {
    return file.units ? strformat(" with %zu compute units", file.units) : std::string();
}

std::string familiesText(const ParamsFile &file) {
    std::string text;
    for (const std::string &f : file.families) text += (text.empty() ? "'" : ", '") + f + "'";
    return text;
}

}  // namespace

ParamsFile parseParamsFile(const std::string &text, const std::string &source) {
    ParamsFile file;
    file.source = source;
    std::istringstream in(text);
    std::string raw;
    int lineNo = 0;
    bool haveDevice = false;
    while (std::getline(in, raw)) {
        ++lineNo;
        std::string line = trim(raw);
        if (line.empty() || line[0] == '#') continue;
        std::string rest;
        if (keywordLine(line, "device", &rest)) {
            if (haveDevice) parseError(source, lineNo, "a second 'device' line");
            file.device = rest;
            if (file.device.empty()) parseError(source, lineNo, "'device' without a name");
            haveDevice = true;
            continue;
        }
        if (keywordLine(line, "units", &rest)) {
            if (file.units) parseError(source, lineNo, "a second 'units' line");
            if (!parseSize(rest, &file.units) || file.units == 0 || file.units > UINT32_MAX) {
                parseError(source, lineNo, "expected 'units <compute units, 1 or more>', found '" + line + "'");
            }
            continue;
        }
        if (keywordLine(line, "family", &rest)) {
            const std::string family = rest;
            if (family.empty()) parseError(source, lineNo, "'family' without a name prefix");
            for (const std::string &f : file.families) {
                if (f == family) parseError(source, lineNo, "family '" + family + "' listed twice");
            }
            file.families.push_back(family);
            continue;
        }
        std::istringstream words(line);
        KernelParams k;
        k.line = lineNo;
        std::string bits;
        words >> k.kernel >> bits;
        size_t precision = 0;
        if (!parseSize(bits, &precision) || (precision != 16 && precision != 32 && precision != 64)) {
            parseError(source, lineNo, "expected '<Kernel> <16|32|64> NAME=VALUE ...', found '" + line + "'");
        }
        k.precisionBits = static_cast<int>(precision);
        std::string word;
        while (words >> word) {
            size_t eq = word.find('=');
            size_t value = 0;
            if (eq == std::string::npos || eq == 0 || !parseSize(word.substr(eq + 1), &value)) {
                parseError(source, lineNo, "expected NAME=VALUE with a non-negative integer, found '" + word + "'");
            }
            k.values.emplace_back(word.substr(0, eq), value);
        }
        if (k.values.empty()) parseError(source, lineNo, "kernel '" + k.kernel + "' has no parameters");
        file.kernels.push_back(std::move(k));
    }
    if (!haveDevice) parseError(source, lineNo, "no 'device <CL_DEVICE_NAME>' line");
    return file;
}

std::unique_ptr<ParamsFile> selectParamsFile(const std::string &deviceName, cl_uint computeUnits, const char *envValue,
                                             std::string *note) {
    const std::string name = trim(deviceName);
    if (envValue && *envValue) {
        const std::string value = envValue;
        if (tuningDisabled(envValue)) {
            *note = std::string(kParamsEnv) + "=" + value + ": CLBlast's built-in parameters";
            return nullptr;
        }
        auto file = std::make_unique<ParamsFile>(parseParamsFile(readFile(value), value));
        const size_t strength = matchStrength(*file, name);
        if (strength > 0 && unitsFit(*file, computeUnits)) {
            if (file->device != name) *note = familyNote(*file, name);
            return file;
        }
        *note = strformat("%s=%s was tuned on '%s'%s%s, not on this device '%s'%s: not applied", kParamsEnv,
                          value.c_str(), file->device.c_str(), unitsText(*file).c_str(),
                          file->families.empty() ? "" : strformat(" (family %s)", familiesText(*file).c_str()).c_str(),
                          name.c_str(), strength > 0 ? strformat(" with %u", computeUnits).c_str() : "");
        return nullptr;
    }
    // The best match: the exact name before any family, a longer family prefix before a shorter one;
    // a file whose units line differs from the device's does not match at all.
    std::unique_ptr<ParamsFile> best, otherUnits;
    size_t bestStrength = 0;
    for (const EmbeddedParamsFile *e = embeddedParamsFiles(); e->name; ++e) {
        ParamsFile file = parseParamsFile(e->text, e->name);
        const size_t strength = matchStrength(file, name);
        if (strength == 0) continue;
        if (!unitsFit(file, computeUnits)) {
            if (!otherUnits) otherUnits = std::make_unique<ParamsFile>(std::move(file));
        } else if (strength > bestStrength) {
            bestStrength = strength;
            best = std::make_unique<ParamsFile>(std::move(file));
        }
    }
    if (best) {
        if (best->device != name) *note = familyNote(*best, name);
        return best;
    }
    if (otherUnits) {
        *note = strformat("%s was tuned on '%s'%s; this device '%s' has %u: CLBlast's built-in parameters (tile "
                          "shapes tuned for another number of compute units can leave some idle)",
                          otherUnits->source.c_str(), otherUnits->device.c_str(), unitsText(*otherUnits).c_str(),
                          name.c_str(), computeUnits);
        return nullptr;
    }
    *note = "no embedded parameter file was tuned on '" + name + "' or its family: CLBlast's built-in parameters";
    return nullptr;
}

const TuningStatus &applyTunedParameters(const Device &device) {
    static std::mutex mutex;
    static std::map<cl_device_id, std::unique_ptr<TuningStatus>> done;
    std::lock_guard<std::mutex> lock(mutex);
    auto it = done.find(device.id);
    if (it != done.end()) return *it->second;

    auto status = std::make_unique<TuningStatus>();
    const char *env = std::getenv(kParamsEnv);
    // May throw (a named file that cannot be read): nothing is recorded then, and the next plan retries.
    std::unique_ptr<ParamsFile> file = selectParamsFile(device.name, device.computeUnits, env, &status->note);
    if (!file && env && *env && status->note.find("not applied") != std::string::npos) {
        std::fprintf(stderr, "aclnn-opencl: warning: %s\n", status->note.c_str());
    } else if (!status->note.empty()) {
        ACLCL_LOG(Info, status->note);  // applied by family, no file for this device, or one passed over for its units
    }
    if (file) {
        status->source = file->source;
        for (const KernelParams &k : file->kernels) {
            std::unordered_map<std::string, size_t> values(k.values.begin(), k.values.end());
            std::string what = k.kernel + "/" + std::to_string(k.precisionBits);
            clblast::StatusCode rc = clblast::OverrideParameters(device.id, k.kernel,
                                                                 static_cast<clblast::Precision>(k.precisionBits), values);
            if (rc == clblast::StatusCode::kSuccess) {
                status->applied.push_back(what);
            } else {
                status->failed.push_back(strformat("%s (%s line %d): CLBlast says %s (%d)", what.c_str(),
                                                   file->source.c_str(), k.line,
                                                   clblastStatusName(static_cast<int>(rc)), static_cast<int>(rc)));
                std::fprintf(stderr, "aclnn-opencl: warning: CLBlast refused the tuned parameters %s\n",
                             status->failed.back().c_str());
            }
        }
    }
    if (device.isCpu() && !tuningDisabled(env)) {
        for (int bits : {16, 32}) {
            if (bits == 16 && !device.fp16) continue;
            const std::string what = "GemmRoutine/" + std::to_string(bits);
            bool inFile = false;
            for (const std::string &a : status->applied) inFile |= a == what;
            if (inFile) continue;
            const clblast::StatusCode rc =
                clblast::OverrideParameters(device.id, "GemmRoutine", static_cast<clblast::Precision>(bits),
                                            {{"XGEMM_MIN_INDIRECT_SIZE", kCpuMinIndirectSize}});
            if (rc == clblast::StatusCode::kSuccess) {
                status->defaults.push_back(what);
            } else {
                status->failed.push_back(strformat("%s (the CPU default XGEMM_MIN_INDIRECT_SIZE=%zu): CLBlast says %s (%d)",
                                                   what.c_str(), kCpuMinIndirectSize,
                                                   clblastStatusName(static_cast<int>(rc)), static_cast<int>(rc)));
            }
        }
    }
    return *done.emplace(device.id, std::move(status)).first->second;
}

}  // namespace blas
}  // namespace aclcl
