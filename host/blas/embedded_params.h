// Tuned CLBlast parameter files (host/blas/tuned/*.params), embedded at build time by
// cmake/EmbedParamFiles.cmake. The format is described in docs/clblast-tuning.md.
#pragma once

#include "runtime/device_files.h"

namespace aclcl {
namespace blas {

using EmbeddedParamsFile = EmbeddedFile;

// All embedded files, terminated by an entry whose name is nullptr.
const EmbeddedParamsFile *embeddedParamsFiles();

}  // namespace blas
}  // namespace aclcl
