#!/usr/bin/env bash
# The GPU-path check: runs a selection of the test suite under Oclgrind, an OpenCL simulator whose
# device reports itself as a GPU, so the library takes every GPU code path (work-group sizes, local
# memory and barriers, GroupNormSwishGrad's tree reduction, the per-element pad kernel, CLBlast's
# GPU kernels). Oclgrind checks every memory access and, with --data-races, every pair of accesses
# that two work-items make without a barrier or an ordering between them.
#
#   tests/oclgrind/gpu_paths.sh BUILD/tests/aclnn_tests BUILD/tests/oclgrind_race_canary
#                                                                (CTest: oclgrind_gpu_paths)
#
# First the canary (race_canary.cpp, a kernel with a deliberate race) must draw a data-race report
# under the same options: an empty log below then means "no race", not "no detector". Then it
# fails when a selected test fails, when the run did not test on Oclgrind's GPU, or when Oclgrind
# reports anything at all (a data race, an out-of-bounds access, barrier divergence, ...): its log
# must be empty. See docs/reliability.md.
set -uo pipefail

tests=${1:?usage: gpu_paths.sh PATH/TO/aclnn_tests PATH/TO/oclgrind_race_canary}
canary=${2:?usage: gpu_paths.sh PATH/TO/aclnn_tests PATH/TO/oclgrind_race_canary}
command -v oclgrind >/dev/null || { echo "gpu_paths.sh: oclgrind not installed (scripts/install-deps.sh)"; exit 1; }
out=$(mktemp -d "${TMPDIR:-/tmp}/aclnn-oclgrind.XXXXXX")
trap 'rm -rf "$out"' EXIT

# Small cases of every operator, every dtype and every kernel variant once or more: the CANN samples,
# the PyTorch golden cases, the dtype matrices, the 64-bit index kernels, strided views (copy-cast),
# GroupNormSwishGrad in every work split (including the GPU tree), ConvTbcBackward's fp16 GEMM and the
# pads' row-streaming kernels over their launch parameters.
filter='*CannSample*:*Golden*:*DtypeMatrix*:*MaxUnpool2dBackwardEveryDtype.GradOutputToItself*:*CastsToOtherOutDtypes*'
filter+=':*EveryDtypeAndCubeMathType*:*CopyCast*:*GpuElementKernel*:*EveryWorkSplit*:*WideIndex*'
filter+=':*StridedAndOffsetViews*:*LargeKernelUsesTheGenericKernel*:*BadIndexFaultsAtSynchronize*:*BadIndexAtEvery*'
filter+=':*PlanesKernelAndGather*:*OwnGemm*:*InfiniteWeight*:*GpuStreamKernelParameters*'
filter+=':*ElementwiseTest.*:*AddEveryDtype*:*CastTest.*:*InplaceCopyEveryDtype*:*BinaryCache*:*MulsByAComplexScalar*'
filter+=':*InplaceZeroEveryDtype*:*InplaceOneEveryDtype*:*InplaceFillScalarEveryDtype*:*InplaceFillScalarTest.*'
filter+=':*PermuteEveryDtype*:*KernelParamsTest.*:*DeviceToDeviceCopiesMoveExactlyTheirBytes*:*DeviceFillsSetExactlyTheirBytes*'
filter+=':*UpsampleNearest2d*EveryDtype*:*UpsampleNearest2dTest.FollowsPyTorchsFloatIndex*'
filter+=':*UpsampleNearest2dBackwardTest.SameBitsRunToRun*'
filter+=':*.UnaryFormsMatchTheReference/*:*DivEveryDtype*:*DivTest.*'
filter+=':*ReluEveryDtype*:*SiluEveryDtype*:*SigmoidEveryDtype*:*Gelu*EveryDtype*:*ThresholdBackwardEveryDtype*'
filter+=':*SiluBackwardEveryDtype*:*SigmoidBackwardEveryDtype*'
filter+=':*ReductionTest.*:*ReduceSumTest.*:*MeanTest.*:*SoftmaxEveryDtype.EveryDimMatchesTheReference*:*SoftmaxTest.*'
filter+=':*ArgMaxTest.FirstNanWins/*:*ArgMaxTest.ViewsInAndOut/*:*CatTest.ViewsInAndOut/*:*CatTest.MixedDtypesPromoteFirst/*'
filter+=':*ConstantPadNdTest.ViewsInAndOut/*:*ConstantPadNdTest.ValueConvertsToSelfsDtype/*:*ConstantPadNdTest.GatherAndEngine*'
filter+=':*MatmulTest.EveryGemmBackend/*:*MatmulTest.Views/*:*MatmulTest.Empties/*'
filter+=':*ConvolutionTest.StridedViewsArePackedAndStaged/*:*ConvolutionBackwardTest.StridedViewsArePackedAndStaged/*'
filter+=':*ConvolutionTest.ColumnsAndShiftedTapsBothMatchTheReference/*'
filter+=':*GroupNormEveryDtype.*:*GroupNormBackwardEveryDtype.*:*NLLLossEveryDtype.*:*NLLLossBackwardEveryDtype.*'
filter+=':*NLLLossTest.ManyBlocks*:*NLLLossTest.OutOfRangeTarget*'
filter+=':*SeveralBadIndicesNameTheSmallestPosition*:*SeveralBadTargetsNameTheSmallestRow*'
filter+=':*TheFirstFaultingCallIsTheOneItsStreamReports*:*RecordsLockIsStuck*'
filter+=':-*Reliability*:*Stress*'

oclgrind --data-races --log "$out/canary.log" "$canary" >"$out/canary.txt" 2>&1
if ! grep -q 'data race' "$out/canary.log" 2>/dev/null; then
  echo "gpu_paths.sh: the race canary drew no data-race report: Oclgrind's detector is not working"
  cat "$out/canary.txt" "$out/canary.log" 2>/dev/null | head -30
  exit 1
fi
echo "gpu_paths.sh: the race canary drew a report ($(grep -m1 'data race' "$out/canary.log")): the detector works"

start=$(date +%s)
# The full tier: the simulator would measure slow and run the quick tier's share (tests/README.md), and this
# check wants every case of the filter's tests on the GPU paths.
env -u ACLNN_OPENCL_DEVICE ACLNN_TEST_TIER=full oclgrind --data-races --log "$out/oclgrind.log" \
  "$tests" --gtest_filter="$filter" --gtest_output="xml:$out/results.xml" >"$out/output.txt" 2>&1
rc=$?
seconds=$(( $(date +%s) - start ))

status=0
if [[ -s $out/oclgrind.log ]]; then
  echo "gpu_paths.sh: Oclgrind reported problems ($(grep -c '^[A-Z]' "$out/oclgrind.log") lines start a report):"
  head -c 20000 "$out/oclgrind.log"
  status=1
fi
if [[ ! -f $out/results.xml ]]; then
  echo "gpu_paths.sh: the test run wrote no results (exit status $rc); its output:"
  tail -50 "$out/output.txt"
  exit 1
fi
ran=$(grep -c '<testcase ' "$out/results.xml")
on_oclgrind=$(grep '<testcase ' "$out/results.xml" | grep -c 'oclgrind_gpu_0')
failed=$(grep -c '<failure' "$out/results.xml")
skipped=$(grep -c '<skipped' "$out/results.xml")
echo "gpu_paths.sh: $ran tests ran under oclgrind --data-races in ${seconds} s, $on_oclgrind on oclgrind_gpu_0," \
  "$failed failed, $skipped skipped"
if [[ $failed -ne 0 ]]; then
  grep -E '^\[  FAILED|Failure' -A4 "$out/output.txt" | head -100
  status=1
fi
if [[ $ran -lt 20 || $on_oclgrind -ne $ran ]]; then
  echo "gpu_paths.sh: expected at least 20 tests, all on Oclgrind's GPU device"
  status=1
fi
if [[ $rc -ne 0 ]]; then
  echo "gpu_paths.sh: the test run exited with status $rc"
  tail -30 "$out/output.txt"
  status=1
fi
[[ $status -eq 0 ]] && echo "gpu_paths.sh: no Oclgrind reports: passed"
exit $status
