// Per-device files kept in the repository and embedded into the library at build time: the CLBlast
// parameter files (host/blas/tuned/*.params, docs/clblast-tuning.md) and the kernel launch-parameter
// files (host/kernels/tuned/*.params, docs/devices.md). Both kinds share their head (device, units and
// family lines) and the choice of the file that applies to a device, written here once:
//   - an environment variable naming a file (or "off", "none", "0": no file) wins over the embedded ones;
//   - else the embedded file tuned on the device's exact CL_DEVICE_NAME, else the one whose family
//     prefix begins the name (the longest such prefix);
//   - a "units N" line limits a file, by name or by family, to devices with N compute units.
#pragma once

#include <CL/cl.h>

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace aclcl {

// One embedded file (cmake/EmbedParamFiles.cmake); a list ends with an entry whose name is nullptr.
struct EmbeddedFile {
    const char *name;  // file name, e.g. "pocl-cpu.params"
    const char *text;
};

// The head of a per-device file. A kind's parsed file derives from it.
struct DeviceFileHead {
    DeviceFileHead() = default;
    DeviceFileHead(const DeviceFileHead &) = default;
    DeviceFileHead(DeviceFileHead &&) = default;
    DeviceFileHead &operator=(const DeviceFileHead &) = default;
    DeviceFileHead &operator=(DeviceFileHead &&) = default;
    virtual ~DeviceFileHead() = default;

    std::string source;  // file name or path, for messages
    std::string device;  // the exact CL_DEVICE_NAME the file was tuned on
    // Optional: CL_DEVICE_NAME prefixes naming the device family the file also suits. Used only for a
    // device that no file was tuned on exactly.
    std::vector<std::string> families;
    // Optional ("units N"): CL_DEVICE_MAX_COMPUTE_UNITS of the device tuned on; the file then applies only
    // to devices with that many compute units. 0: the file does not say, any count.
    size_t units = 0;
};

// What distinguishes one kind of file: the words its messages use, its variable, its embedded files.
struct DeviceFileKind {
    const char *what;      // "CLBlast parameter file"
    const char *envName;   // "ACLNN_OPENCL_CLBLAST_PARAMS"
    const char *fallback;  // what applies without a file: "CLBlast's built-in parameters"
    const EmbeddedFile *(*embedded)();
};

// Throws Error(ACLNN_ERR_PARAM_INVALID): "<what> <source>:<line>: <message>".
[[noreturn]] void deviceFileError(const DeviceFileKind &kind, const std::string &source, int line,
                                  const std::string &message);

// A decimal count (digits only, at most 18) into *value; false for anything else.
bool parseCount(const std::string &text, size_t *value);

// s without leading and trailing blanks, tabs and carriage returns.
std::string trimBlanks(const std::string &s);

// Parses text's head (device, units and family lines) into *head; every other line that is neither blank
// nor a comment ('#') goes, trimmed, to body with its number. Throws (deviceFileError) on a missing or
// repeated device or units line, a units value that is not a positive count, a family without a prefix
// or listed twice; body throws on its own lines the same way.
void parseDeviceFile(const DeviceFileKind &kind, const std::string &text, const std::string &source,
                     DeviceFileHead *head, const std::function<void(const std::string &line, int lineNo)> &body);

// Whether the variable's value switches the files off ("off", "none" or "0").
bool deviceFilesDisabled(const char *envValue);

// The file that applies to a device named deviceName with computeUnits compute units (0: unknown): the
// one envValue names (when neither null nor empty), else the best embedded one (the rules above). Returns
// null, with the reason in *note, when none applies (a named file for another device: the note says "not
// applied"); *note also says when a file applies by family. Throws Error(ACLNN_ERR_PARAM_INVALID) when
// the named file cannot be read, or any file considered cannot be parsed.
std::unique_ptr<DeviceFileHead> selectDeviceFileHead(
    const DeviceFileKind &kind, const std::string &deviceName, cl_uint computeUnits, const char *envValue,
    std::string *note,
    const std::function<std::unique_ptr<DeviceFileHead>(const std::string &text, const std::string &source)> &parse);

// selectDeviceFileHead for a kind whose files parse into File (derived from DeviceFileHead).
template <class File>
std::unique_ptr<File> selectDeviceFile(const DeviceFileKind &kind, const std::string &deviceName, cl_uint computeUnits,
                                       const char *envValue, std::string *note,
                                       File (*parse)(const std::string &text, const std::string &source)) {
    std::unique_ptr<DeviceFileHead> head = selectDeviceFileHead(
        kind, deviceName, computeUnits, envValue, note,
        [parse](const std::string &text, const std::string &source) -> std::unique_ptr<DeviceFileHead> {
            return std::make_unique<File>(parse(text, source));
        });
    return std::unique_ptr<File>(static_cast<File *>(head.release()));
}

}  // namespace aclcl
