# scanlab front end. Everything real lives in CMake; this file only remembers the commands.
#
#   make                 configure and build everything
#   make test            build, then run the whole CTest suite
#   make labN            build lab N and run its checks        (BACKEND=auto|gpu|cpu)
#   make labN-solution   the same for the reference solution
#   make bench-cpu       the CPU backend's speed benchmark
#   make bench           the GPU benchmark (scanlab-bench; BENCH_ARGS=..., JSON in BUILD_DIR/bench.json)
#   make clean           remove the build tree
#
# BACKEND=auto picks the GPU when one is usable (nvidia-smi answers and CUDA was found), else the
# CPU backend. BUILD_DIR, JOBS and CMAKE_ARGS may be overridden.

BUILD_DIR ?= build
BACKEND ?= auto
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE ?= cmake
CTEST ?= ctest
CMAKE_ARGS ?=
GENERATOR := $(if $(shell command -v ninja 2>/dev/null),-G Ninja,)

.PHONY: all build configure test test-cpu test-gpu bench bench-cpu clean help
all: build

help:
	@sed -n '2,13p' Makefile | sed 's/^# \{0,1\}//'

configure: $(BUILD_DIR)/CMakeCache.txt
$(BUILD_DIR)/CMakeCache.txt:
	$(CMAKE) -S . -B $(BUILD_DIR) $(GENERATOR) $(CMAKE_ARGS)

build: configure
	$(CMAKE) --build $(BUILD_DIR) -j $(JOBS)

test: build
	$(CTEST) --test-dir $(BUILD_DIR) --output-on-failure -j $(JOBS)

# One backend's slice of the suite (CTest labels).
test-cpu: build
	$(CTEST) --test-dir $(BUILD_DIR) --output-on-failure -j $(JOBS) -L '^cpu$$'
test-gpu: build
	$(CTEST) --test-dir $(BUILD_DIR) --output-on-failure -j $(JOBS) -L '^gpu$$'

bench-cpu: configure
	$(CMAKE) --build $(BUILD_DIR) -j $(JOBS) --target scanlab-cpu-bench
	$(BUILD_DIR)/bin/scanlab-cpu-bench

# GPU benchmark: every lab's solution, the student files, lab 8's look-back variants, memcpy, a
# float4 copy, CUB and thrust (see bench/NOTES.md). Plots: python3 bench/plot_bench.py FILE --out DIR.
BENCH_ARGS ?=
bench: configure
	$(CMAKE) --build $(BUILD_DIR) -j $(JOBS) --target scanlab-bench
	$(BUILD_DIR)/bin/scanlab-bench --json $(BUILD_DIR)/bench.json $(BENCH_ARGS)

clean:
	rm -rf $(BUILD_DIR)

# Labs: build only what lab N needs, then run its checks on the chosen backend. Explicit rules
# (not a pattern): GNU make ignores pattern rules for .PHONY targets.
LAB_NUMBERS := 1 2 3 4 5 6 7 8
define lab_rules
.PHONY: lab$(1) lab$(1)-solution
lab$(1): configure
lab$(1)-solution: solutions-present configure
lab$(1) lab$(1)-solution:
	@$$(CMAKE) --build $$(BUILD_DIR) -j $$(JOBS) --target check-lab$(1) >/dev/null || \
	  $$(CMAKE) --build $$(BUILD_DIR) -j $$(JOBS) --target check-lab$(1)
	@$$(BUILD_DIR)/bin/scanlab-run-lab $$(BUILD_DIR) $(1) $$(BACKEND) $$(if $$(findstring solution,$$@),solution,student)
endef
$(foreach n,$(LAB_NUMBERS),$(eval $(call lab_rules,$(n))))

# A student release (`scanlab release`) has no solutions/: say so before configuring anything.
.PHONY: solutions-present
solutions-present:
	@test -d solutions || { echo "scanlab: the reference solutions are not in this release (it has no solutions/ folder)." >&2; exit 2; }

# Gradescope autograder zip (grader/gradescope/README.md): $(BUILD_DIR)/gradescope/scanlab-autograder.zip
.PHONY: gradescope-package
gradescope-package:
	grader/gradescope/make_package.sh $(BUILD_DIR)/gradescope
