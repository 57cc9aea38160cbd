# Quick start: `make demo` and `make test` (see README.md). Both install what is missing first.
# `make demo` also installs Debian's PyTorch for its comparison columns; ACLNN_WITH_TORCH=0 skips that.
BUILD_DIR ?= build
ACLNN_WITH_TORCH ?= 1
JOBS ?= $(shell nproc)
# Mesa's rusticl exposes llvmpipe (a second, independent CPU OpenCL) only when asked to.
export RUSTICL_ENABLE ?= llvmpipe
# The OpenCL ICDs to use: the system's plus Intel's CPU runtime, from the project-local vendor
# directory that scripts/install-deps.sh writes (docs/devices.md). An OCL_ICD_VENDORS already set wins.
export ACLNN_DEPS_DIR ?= $(CURDIR)/.deps
export OCL_ICD_VENDORS ?= $(ACLNN_DEPS_DIR)/opencl-vendors

# What `make demo` runs, and so all it builds: the library, the benchmark and the two training programs
# (not the test suites, which `make test` builds).
DEMO_TARGETS = aclnn_bench train_step_conv1d_block train_cnn

.PHONY: all deps demo-deps torch configure build demo-build test demo bench precision clean

all: build

deps:
	@bash scripts/install-deps.sh

configure: deps
	@cmake -S . -B $(BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo $(CMAKE_ARGS) >/dev/null

build: configure
	@cmake --build $(BUILD_DIR) -j $(JOBS)

test: build
	cd $(BUILD_DIR) && ctest --output-on-failure -j $(JOBS) $(CTEST_ARGS)

# The demo's PyTorch columns need python3-torch (about 1 GB with its dependencies).
demo-deps:
	@ACLNN_WITH_TORCH=$(ACLNN_WITH_TORCH) bash scripts/install-deps.sh

# A current PyTorch (2.x from PyPI, about 3 GB) in .deps/torch-venv: the benchmark compares against it
# when it is there, else against Debian's 1.13 (docs/benchmarks.md, "Which PyTorch").
torch:
	@bash scripts/install-torch.sh

demo-build: configure
	@cmake --build $(BUILD_DIR) -j $(JOBS) --target $(DEMO_TARGETS)

demo: demo-deps demo-build
	@$(BUILD_DIR)/bench/aclnn_bench --demo
	@$(BUILD_DIR)/tests/train_step_conv1d_block >$(BUILD_DIR)/train_step.out || { cat $(BUILD_DIR)/train_step.out; exit 1; }
	@tail -n 1 $(BUILD_DIR)/train_step.out
	@$(BUILD_DIR)/tests/train_cnn >$(BUILD_DIR)/train_cnn.out || { cat $(BUILD_DIR)/train_cnn.out; exit 1; }
	@tail -n 1 $(BUILD_DIR)/train_cnn.out

bench: build
	@$(BUILD_DIR)/bench/aclnn_bench $(BENCH_ARGS)

# The precision report by the CANN operator precision standard (docs/precision.md): every operator, dtype
# and OpenCL device, 200 cases each; rewrites the page's generated part. PRECISION_ARGS adds options.
precision: build
	@$(BUILD_DIR)/tests/aclnn_precision --markdown docs/precision.md $(PRECISION_ARGS)

clean:
	rm -rf $(BUILD_DIR)
