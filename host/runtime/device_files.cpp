#include "runtime/device_files.h"

#include <cstdint>
#include <fstream>
#include <sstream>

#include "aclnn/opdev/op_errno.h"
#include "common/error.h"

namespace aclcl {

namespace {

std::string readNamedFile(const DeviceFileKind &kind, const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        fail(ACLNN_ERR_PARAM_INVALID, strformat("%s names the %s '%s', which cannot be read (set it to 'off' to use %s)",
                                                kind.envName, kind.what, path.c_str(), kind.fallback));
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
    *rest = trimBlanks(line.substr(word.size()));
    return true;
}

// The longest of the file's family prefixes that begins name; empty when none does.
std::string familyOf(const DeviceFileHead &file, const std::string &name) {
    std::string best;
    for (const std::string &f : file.families) {
        if (f.size() > best.size() && name.compare(0, f.size(), f) == 0) best = f;
    }
    return best;
}

std::string familyNote(const DeviceFileHead &file, const std::string &name) {
    return strformat("%s was tuned on '%s', not on '%s', but for its family '%s': applied", file.source.c_str(),
                     file.device.c_str(), name.c_str(), familyOf(file, name).c_str());
}

// SIZE_MAX for the device the file was tuned on, the length of the longest family prefix that begins
// name, 0 when neither.
size_t matchStrength(const DeviceFileHead &file, const std::string &name) {
    return file.device == name ? SIZE_MAX : familyOf(file, name).size();
}

// A units line limits the file to devices with that many compute units; 0 (unknown) fits any.
bool unitsFit(const DeviceFileHead &file, cl_uint computeUnits) {
    return file.units == 0 || computeUnits == 0 || file.units == computeUnits;
}

std::string unitsText(const DeviceFileHead &file) {
    return file.units ? strformat(" with %zu compute units", file.units) : std::string();
}

std::string familiesText(const DeviceFileHead &file) {
    std::string text;
    for (const std::string &f : file.families) text += (text.empty() ? "'" : ", '") + f + "'";
    return text;
}

}  // namespace

bool parseCount(const std::string &text, size_t *value) {
    if (text.empty() || text.size() > 18) return false;
    size_t v = 0;
    for (char c : text) {
        if (c < '0' || c > '9') return false;
        v = v * 10 + static_cast<size_t>(c - '0');
    }
    *value = v;
    return true;
}

void deviceFileError(const DeviceFileKind &kind, const std::string &source, int line, const std::string &message) {
    fail(ACLNN_ERR_PARAM_INVALID, strformat("%s %s:%d: %s", kind.what, source.c_str(), line, message.c_str()));
}

std::string trimBlanks(const std::string &s) {
    const size_t b = s.find_first_not_of(" \t\r");
    if (b == std::string::npos) return "";
    const size_t e = s.find_last_not_of(" \t\r");
    return s.substr(b, e - b + 1);
}

void parseDeviceFile(const DeviceFileKind &kind, const std::string &text, const std::string &source,
                     DeviceFileHead *head, const std::function<void(const std::string &line, int lineNo)> &body) {
    head->source = source;
    std::istringstream in(text);
    std::string raw;
    int lineNo = 0;
    bool haveDevice = false;
    while (std::getline(in, raw)) {
        ++lineNo;
        const std::string line = trimBlanks(raw);
        if (line.empty() || line[0] == '#') continue;
        std::string rest;
        if (keywordLine(line, "device", &rest)) {
            if (haveDevice) deviceFileError(kind, source, lineNo, "a second 'device' line");
            head->device = rest;
            if (head->device.empty()) deviceFileError(kind, source, lineNo, "'device' without a name");
            haveDevice = true;
        } else if (keywordLine(line, "units", &rest)) {
            if (head->units) deviceFileError(kind, source, lineNo, "a second 'units' line");
            if (!parseCount(rest, &head->units) || head->units == 0 || head->units > UINT32_MAX) {
                deviceFileError(kind, source, lineNo,
                                "expected 'units <compute units, 1 or more>', found '" + line + "'");
            }
        } else if (keywordLine(line, "family", &rest)) {
            if (rest.empty()) deviceFileError(kind, source, lineNo, "'family' without a name prefix");
            for (const std::string &f : head->families) {
                if (f == rest) deviceFileError(kind, source, lineNo, "family '" + rest + "' listed twice");
            }
            head->families.push_back(rest);
        } else {
            body(line, lineNo);
        }
    }
    if (!haveDevice) deviceFileError(kind, source, lineNo, "no 'device <CL_DEVICE_NAME>' line");
}

bool deviceFilesDisabled(const char *envValue) {
    if (!envValue) return false;
    const std::string value = envValue;
    return value == "off" || value == "none" || value == "0";
}

std::unique_ptr<DeviceFileHead> selectDeviceFileHead(
    const DeviceFileKind &kind, const std::string &deviceName, cl_uint computeUnits, const char *envValue,
    std::string *note,
    const std::function<std::unique_ptr<DeviceFileHead>(const std::string &text, const std::string &source)> &parse) {
    const std::string name = trimBlanks(deviceName);
    if (envValue && *envValue) {
        const std::string value = envValue;
        if (deviceFilesDisabled(envValue)) {
            *note = std::string(kind.envName) + "=" + value + ": " + kind.fallback;
            return nullptr;
        }
        std::unique_ptr<DeviceFileHead> file = parse(readNamedFile(kind, value), value);
        const size_t strength = matchStrength(*file, name);
        if (strength > 0 && unitsFit(*file, computeUnits)) {
            if (file->device != name) *note = familyNote(*file, name);
            return file;
        }
        *note = strformat("%s=%s was tuned on '%s'%s%s, not on this device '%s'%s: not applied", kind.envName,
                          value.c_str(), file->device.c_str(), unitsText(*file).c_str(),
                          file->families.empty() ? "" : strformat(" (family %s)", familiesText(*file).c_str()).c_str(),
                          name.c_str(), strength > 0 ? strformat(" with %u", computeUnits).c_str() : "");
        return nullptr;
    }
    // The best match: the exact name before any family, a longer family prefix before a shorter one;
    // a file whose units line differs from the device's does not match at all.
    std::unique_ptr<DeviceFileHead> best, otherUnits;
    size_t bestStrength = 0;
    for (const EmbeddedFile *e = kind.embedded(); e->name; ++e) {
        std::unique_ptr<DeviceFileHead> file = parse(e->text, e->name);
        const size_t strength = matchStrength(*file, name);
        if (strength == 0) continue;
        if (!unitsFit(*file, computeUnits)) {
            if (!otherUnits) otherUnits = std::move(file);
        } else if (strength > bestStrength) {
            bestStrength = strength;
            best = std::move(file);
        }
    }
    if (best) {
        if (best->device != name) *note = familyNote(*best, name);
        return best;
    }
    if (otherUnits) {
        *note = strformat("%s was tuned on '%s'%s; this device '%s' has %u: %s (parameters tuned for another number "
                          "of compute units can leave some idle)",
                          otherUnits->source.c_str(), otherUnits->device.c_str(), unitsText(*otherUnits).c_str(),
                          name.c_str(), computeUnits, kind.fallback);
        return nullptr;
    }
    *note = strformat("no embedded parameter file was tuned on '%s' or its family: %s", name.c_str(), kind.fallback);
    return nullptr;
}

}  // namespace aclcl
