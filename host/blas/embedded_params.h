// Tuned CLBlast parameter files (host/blas/tuned/*.params), embedded at build time by
// cmake/EmbedBlasParams.cmake. The format is described in docs/clblast-tuning.md.
#pragma once

namespace aclcl {
namespace blas {

struct EmbeddedParamsFile {
    const char *name;  // file name, e.g. "pocl-cpu.params"
    const char *text;
};

// All embedded files, terminated by an entry whose name is nullptr.
const EmbeddedParamsFile *embeddedParamsFiles();

}  // namespace blas
}  // namespace aclcl
