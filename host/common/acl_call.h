// The boundary of every acl* (runtime and extension) entry point: the body may throw; the call returns
// ACL_SUCCESS, or the error's code with its message kept for aclGetRecentErrMsg.
#pragma once

#include "acl/acl_base.h"
#include "common/error.h"

namespace aclcl {

template <class Body>
aclError run(Body &&body) {
    return guard(ACL_ERROR_INTERNAL_ERROR, ACL_ERROR_BAD_ALLOC, [&]() -> aclError {
        body();
        return ACL_SUCCESS;
    });
}

// ACL_ERROR_INVALID_PARAM (100000) naming the call and the argument when p is null.
inline void requireNonNull(const void *p, const char *api, const char *arg) {
    if (!p) fail(ACL_ERROR_INVALID_PARAM, strformat("%s: argument %s must not be null", api, arg));
}

}  // namespace aclcl
