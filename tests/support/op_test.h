// What an operator's test file (tests/test_<op>.cpp) builds on, in one include: the per-device fixtures
// (DeviceTest, DeviceDtypeTest, OpTest), device tensors and host data, OpCase and its checks, the golden
// loop, plan-and-run, and the error tables. The file then holds only its operator's cases.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "device_fixture.h"
#include "golden/golden.h"
#include "source_paths.h"
#include "support/case_checks.h"
#include "support/device_tensor.h"
#include "support/error_rows.h"
#include "support/golden_tally.h"
#include "support/host_data.h"
#include "support/int_array.h"
#include "support/op_case.h"
#include "support/plan_and_run.h"
