# rvbench: one non-recursive Makefile for the firmware image, the host CLI
# and the tests. Every output goes below $(BUILD); each folder lists its own
# sources in a small objects.mk fragment.
#
#   make            firmware image + host CLI
#   make BENCH_DIR="d1 d2"  ... with the benchmarks of directories of yours,
#                   each built with its own rvbench.mk (bench-units.mk)
#   make run        build, boot on QEMU sifive_u, collect into results/
#   make test       unit tests (ASan + UBSan) and system tests on QEMU
#   make deps       install the Debian packages building and running need
#                   (deps-test: and those the tests need too)
#   make test-lava  the LAVA jobs under LAVA's own dispatcher (installs it)
#   make fixtures   capture the firmware's streams the decoder's tests read

# `make` alone builds `all`, whatever the included fragments define first.
.DEFAULT_GOAL := all

BUILD     ?= build
RESULTS   ?= results
BENCH_DIR ?=
V         ?= 0

ifeq ($(V),0)
Q := @
ifneq ($(findstring s,$(firstword -$(MAKEFLAGS))),)
quiet = @
else
quiet = @printf '  %-7s %s\n' '$(1)' '$(2)';
endif
else
Q :=
quiet =
endif

# ---- target (the U54 application cores of the FU540) -----------------------
CROSS    ?= riscv64-unknown-elf-
TCC      := $(CROSS)gcc
TOBJCOPY := $(CROSS)objcopy
TARGET_ARCH := -march=rv64gc -mabi=lp64d -mcmodel=medany
TCFLAGS  := $(TARGET_ARCH) -std=c11 -O2 -g -Wall -Wextra -Werror \
            -ffreestanding -fno-common -fno-pie -ffunction-sections -fdata-sections \
            -specs=picolibc.specs
LDSCRIPT := $(BUILD)/rvbench.ld
# The code options again for the link-time optimisation of part of the
# objects (below), whose code GCC writes at link time: as GCC's manual
# asks; without them that code came out as one .text section, nothing of
# it for --gc-sections to drop. One partition: a single compile of it.
TLDFLAGS := $(TARGET_ARCH) -specs=picolibc.specs -nostartfiles -static \
            -T $(LDSCRIPT) -Wl,--gc-sections -Wl,--no-warn-rwx-segments \
            -O2 -g -ffreestanding -fno-common -ffunction-sections -fdata-sections \
            -flto-partition=one

# Each layer of the firmware sees only itself and the layers below it, so
# a wrong include fails the build:
#   boot/      the entry code, the trap vector and the layout: nothing else
#   platform/  the device tree, console and SBI: the layout (MAX_HARTS)
#   benchmarks (src/benches/, BENCH_DIR): the public API (include/) and
#              src/common/, the pure code the host shares, where the public
#              API's own types (lcg.h, inputs.h) and the shared helpers
#              some benchmarks check themselves against (crc.h,
#              lpm_table.h) live
#   src/       the harness: everything
TINC_boot     := -Iboot
TINC_platform := -Iplatform -Iboot
TINC_bench    := -Iinclude -Isrc/common
TINC_src      := -Iinclude -Isrc -Isrc/common -Iplatform -Iboot

# ---- host (the rvbench CLI and the unit tests) ------------------------------
HCC      ?= cc
HCFLAGS  := -std=c11 -D_DEFAULT_SOURCE -D_GNU_SOURCE -O2 -g -Wall -Wextra -Werror
# The -I flags of a host source: a host-tools folder's own (its layer's
# HOST_INC_<folder>, host-tools/objects.mk), else those of the code shared
# with the firmware.
HOST_INC_shared := -Iinclude -Isrc/common -Iplatform
# The tests' stream generator (tests/support/) sees the decoder's headers.
HOST_INC_support := -Iinclude -Isrc/common -Ihost-tools/collect -Itests/support
host_inc = $(if $(filter host-tools/%,$(1)),$(HOST_INC_$(word 2,$(subst /, ,$(dir $(1))))),$(if $(filter tests/support/%,$(1)),$(HOST_INC_support),$(HOST_INC_shared)))
SANITIZE := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
# ISA-L for the run's CRC-32 (collector_check.c), libm for the statistics,
# Jansson to read meta.json back (the contexts compare checks), libyaml to
# read LAVA's YAML job logs (replay).
HOST_LIBS := -lisal -lm -ljansson -lyaml

# ---- build identity -----------------------------------------------------------
# The firmware's commit, compiler and harness flags (sent in its BUILD
# record) and the host tool's commit, as generated headers rewritten only
# when they change: a new commit recompiles src/context.c and
# host-tools/output/host_build.c and relinks, nothing more.
GEN_DIR := $(BUILD)/gen
$(shell scripts/build-id.sh $(GEN_DIR)/build_id.h RVBENCH '$(TCC)' '$(TCFLAGS)')
$(shell scripts/build-id.sh $(GEN_DIR)/host_build_id.h RVBENCH_HOST '$(HCC)' '$(HCFLAGS)')
$(BUILD)/fw/src/context.o: TCFLAGS += -I$(GEN_DIR)
$(BUILD)/host/obj/host-tools/output/host_build.o $(BUILD)/host/san/host-tools/output/host_build.o: HCFLAGS += -I$(GEN_DIR)

# write_if_changed FILE,TEXT: FILE holds TEXT afterwards, rewritten only
# when it differs, so what depends on FILE is rebuilt only on a change.
define write_if_changed
$(shell mkdir -p $(dir $(1)))
$(if $(subst x$(2)x,,x$(file <$(1))x),$(file >$(1),$(2)))
endef

include boot/objects.mk
include platform/objects.mk
include src/objects.mk
include host-tools/objects.mk
include tests/objects.mk
include stream.mk
include bench-units.mk

FW_OBJS   := $(patsubst %,$(BUILD)/fw/%.o,$(basename $(FW_SRCS)))
fw_objs_of = $(patsubst %,$(BUILD)/fw/%.o,$(basename $(1)))
FW_BOOT_OBJS  := $(filter $(BUILD)/fw/boot/%,$(FW_OBJS))
FW_PLAT_OBJS  := $(filter $(BUILD)/fw/platform/%,$(FW_OBJS))
FW_BENCH_OBJS := $(call fw_objs_of,$(wildcard src/benches/*.c))
$(FW_BOOT_OBJS): TINC := $(TINC_boot)
$(FW_PLAT_OBJS): TINC := $(TINC_platform)
$(FW_BENCH_OBJS): TINC := $(TINC_bench)
$(filter-out $(FW_BOOT_OBJS) $(FW_PLAT_OBJS) $(FW_BENCH_OBJS),$(FW_OBJS)): TINC := $(TINC_src)

# Link-time optimisation for the code that only sets up, reports and
# decides: the device tree, the options, the records, the run's plan.
# Under QEMU every distinct block of code the image runs costs a
# translation, about 48,000 host instructions; inlining across files
# removes 130 of the 1,485 blocks rvbench runs before its first sample
# without it (docs/performance.md). Compiled as before, without it: the code
# that runs inside or around a measurement or that a benchmark calls, so
# that what is measured does not change with what calls it. That is the
# benchmarks, the harness and its tracepoints, the calls a benchmark makes
# (bench_api.c, crosshart.c, sbi.c, alarm.c, the string functions, the
# LPM tables), the guard, the boot layer's trap path, and the multi-hart
# benchmarks' measured paths: a partner's IPI handler (harts.c), the
# start of a parallel block (parallel.c, barrier.c).
FW_NO_LTO := $(FW_BOOT_OBJS) $(FW_BENCH_OBJS) \
             $(call fw_objs_of,src/harness.c src/tracepoint.c src/bench_api.c \
                src/crosshart.c src/alarm.c src/guard.c platform/sbi.c src/harts.c src/parallel.c src/barrier.c \
                src/common/lpm_table.c $(wildcard src/lib/*.c))
FW_LTO_OBJS := $(filter-out $(FW_NO_LTO),$(FW_OBJS))
$(FW_LTO_OBJS): TCFLAGS += -flto
HOST_OBJS := $(patsubst %,$(BUILD)/host/obj/%.o,$(basename $(HOST_SRCS)))
HOST_LIB_OBJS_SAN := $(patsubst %,$(BUILD)/host/san/%.o,$(basename $(HOST_LIB_SRCS)))

.PHONY: all firmware host run test test-lava deps deps-images deps-test deps-lava clean fixtures
all: firmware host

firmware: $(BUILD)/rvbench.elf $(BUILD)/rvbench.bin
host: $(BUILD)/host/rvbench

$(BUILD)/fw/%.o: %.c
	@mkdir -p $(dir $@)
	$(call quiet,CC,$<)$(TCC) $(TCFLAGS) $(TINC) -MMD -MP -c $< -o $@

$(BUILD)/fw/%.o: %.S
	@mkdir -p $(dir $@)
	$(call quiet,AS,$<)$(TCC) $(TCFLAGS) $(TINC) -MMD -MP -c $< -o $@

# The linker script through the C preprocessor, as OpenSBI does with its
# .ldS files: its addresses and sizes come from boot/layout.h. -undef: no
# predefined macro (such as `riscv`) may rewrite the script's words.
# The image of the built-in benchmarks alone must keep what it writes
# before its first sample in its first 2 MiB (an ASSERT there); one with
# BENCH_DIR may spill past it. The mode is kept in a file, so that the
# script is made again when it changes.
LDSCRIPT_MODE := $(if $(strip $(BENCH_DIR)),with-bench-dir,built-in-only)
LDSCRIPT_MODE_FILE := $(BUILD)/fw/ldscript.mode
$(eval $(call write_if_changed,$(LDSCRIPT_MODE_FILE),$(LDSCRIPT_MODE)))
LDSCRIPT_DEFS := $(if $(strip $(BENCH_DIR)),,-DRVBENCH_BUILT_IN_ONLY)

$(LDSCRIPT): linker/rvbench.ld.S $(LDSCRIPT_MODE_FILE)
	@mkdir -p $(dir $@)
	$(call quiet,CPP,$<)$(TCC) -E -P -x c -undef $(LDSCRIPT_DEFS) $(TINC_boot) -MMD -MP -MT $@ -MF $@.d $< -o $@

# The image is relinked when the list of objects changes too (a build with
# BENCH_DIR, then one without): the list is kept in a file that is only
# rewritten when it differs.
# The benchmark directories come in as one object per unit.
FW_LINK_OBJS := $(FW_OBJS) $(BUILTIN_CFLAGS_OBJ) $(BENCH_UNIT_OBJS)
FW_OBJS_LIST := $(BUILD)/fw/objects.list
$(eval $(call write_if_changed,$(FW_OBJS_LIST),$(strip $(FW_LINK_OBJS))))

$(BUILD)/rvbench.elf: $(FW_LINK_OBJS) $(LDSCRIPT) $(FW_OBJS_LIST)
	$(call quiet,LD,$@)$(TCC) $(TLDFLAGS) $(FW_LINK_OBJS) -o $@ -Wl,-Map,$(BUILD)/rvbench.map

$(BUILD)/rvbench.bin: $(BUILD)/rvbench.elf
	$(call quiet,OBJCOPY,$@)$(TOBJCOPY) -O binary $< $@

$(BUILD)/host/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(call quiet,HOSTCC,$<)$(HCC) $(HCFLAGS) $(call host_inc,$<) -MMD -MP -c $< -o $@

$(BUILD)/host/san/%.o: %.c
	@mkdir -p $(dir $@)
	$(call quiet,HOSTCC,$< [san])$(HCC) $(HCFLAGS) $(call host_inc,$<) $(SANITIZE) -MMD -MP -c $< -o $@

$(BUILD)/host/rvbench: $(HOST_OBJS)
	$(call quiet,HOSTLD,$@)$(HCC) $(HOST_OBJS) $(HOST_LIBS) -o $@

# Unit tests: each tests/unit/test_X.c is one cmocka binary, linked with the
# shared and host library code built under ASan and UBSan. They see every
# layer of host-tools, and src/ (the host session.h comes first).
UNIT_TESTS := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(UNIT_TEST_SRCS))
$(BUILD)/tests/%: tests/unit/%.c $(HOST_LIB_OBJS_SAN)
	@mkdir -p $(dir $@)
	$(call quiet,TEST-CC,$<)$(HCC) $(HCFLAGS) $(SANITIZE) -Iinclude -Isrc/common $(HOST_INC_ALL) -Iplatform -Iboot -Isrc -Itests/unit -Itests/support -MMD -MP -MF $@.d $< $(HOST_LIB_OBJS_SAN) -lcmocka $(HOST_LIBS) -o $@

# Two levels (scripts/install-deps.sh): what `make run` needs, and what
# `make test` needs on top (the image tools, cmocka, clang, ...).
deps:
	$(Q)scripts/install-deps.sh run
deps-images:
	$(Q)scripts/install-deps.sh images
deps-test:
	$(Q)scripts/install-deps.sh test
deps-lava:
	$(Q)scripts/install-deps.sh lava

# Boots the image on QEMU's model of the HiFive Unleashed (hart 0 the E51,
# harts 1-4 the U54s) with -icount shift=0, collects into
# results/<UTC time>/ and points results/latest at it. ARGS adds options of
# `rvbench qemu`, e.g. make run ARGS="--bootargs 'rvbench.run=addi*'".
ARGS ?=
run: deps
	$(Q)$(MAKE) --no-print-directory all
	$(Q)$(BUILD)/host/rvbench qemu --machine sifive_u --smp 5 --icount 0 $(ARGS) $(BUILD)/rvbench.elf

# Unit tests (cmocka, ASan + UBSan) then system tests (QEMU); one closing
# line "N passed, N failed" over both.
test: deps-test
	$(Q)$(MAKE) --no-print-directory all $(UNIT_TESTS)
	$(Q)tests/run-all.sh $(BUILD) $(UNIT_TESTS)

# rvbench under LAVA's own dispatcher (lava-run, no server; docs/lava.md):
# the generated qemu job run and its log replayed against a direct run,
# the U-Boot boards' jobs validated. Installs lava-dispatcher first when
# missing (about 150 Debian packages), so it is not part of `make test`.
test-lava: deps-lava
	$(Q)$(MAKE) --no-print-directory all
	$(Q)tests/lava/run.sh $(BUILD)

# The soak test (tests/soak/soak.sh): SOAK_RUNS collections by rvbench
# qemu, each with random benchmarks, bad options and a random signal or
# timeout, every result directory checked for consistency. Minutes long,
# so not part of `make test`; figures in docs/performance.md.
SOAK_RUNS ?= 50
SOAK_SEED ?= 1
.PHONY: soak
soak: deps
	$(Q)$(MAKE) --no-print-directory all
	$(Q)tests/soak/soak.sh $(BUILD) $(SOAK_RUNS) $(SOAK_SEED)

# Boots the current image and saves what it sends under tests/fixtures/
# firmware/, which the decoder's tests read (tests/unit/test_fixtures.c):
# after a change to what the firmware sends, run it and commit the files
# (tests/system/test_fixtures.sh fails until then).
fixtures: deps-test
	$(Q)$(MAKE) --no-print-directory all
	$(Q)tests/fixtures/capture.sh $(BUILD)

clean:
	rm -rf $(BUILD)

# Objects built only as prerequisites of the test binaries are kept.
.SECONDARY:

include images.mk
# A test binary is rebuilt when a header it includes changes, too.
-include $(FW_OBJS:.o=.d) $(LDSCRIPT).d $(HOST_OBJS:.o=.d) $(HOST_LIB_OBJS_SAN:.o=.d) $(UNIT_TESTS:=.d)

# ---- boot time --------------------------------------------------------------
# make bench-boot: host time from starting QEMU to rvbench's first sample,
# -smp 2 and -smp 5, next to the floor (a payload that prints one line and
# resets, under the same OpenSBI) and their ratio (docs/performance.md).
# 41 boots of each image per -smp (about 25 s in all): with a handful the
# medians move between runs by more than the effects being measured.
BOOT_RUNS  ?= 41
BOOT_FLOOR := $(BUILD)/bench/boot_floor.elf
BOOT_TIME  := $(BUILD)/bench/boot_time

$(BOOT_FLOOR): tests/bench/boot_floor.S tests/bench/boot_floor.ld
	@mkdir -p $(dir $@)
	$(call quiet,LD,$@)$(TCC) $(TARGET_ARCH) -nostdlib -static -T tests/bench/boot_floor.ld $< -o $@

$(BOOT_TIME): tests/bench/boot_time.c host-tools/analysis/median_rank.c host-tools/analysis/median_rank.h \
              host-tools/sources/read_nap.h
	@mkdir -p $(dir $@)
	$(call quiet,HOSTCC,$@)$(HCC) $(HCFLAGS) -Ihost-tools/analysis -Ihost-tools/sources $(filter %.c,$^) -lm -o $@

.PHONY: bench-boot
bench-boot: deps
	$(Q)$(MAKE) --no-print-directory firmware $(BOOT_FLOOR) $(BOOT_TIME)
	$(Q)$(BOOT_TIME) $(BOOT_RUNS) $(BUILD)/rvbench.elf $(BOOT_FLOOR)

# ---- the firmware's string functions -----------------------------------------
# src/lib/string.c replaces picolibc's memcpy/memmove/memset: without these
# flags GCC would compile its loops back into calls to them. The unit test
# includes the file under other names (tests/unit/test_string.c).
STRING_FLAGS := -fno-builtin -fno-tree-loop-distribute-patterns
$(BUILD)/fw/src/lib/string.o: TCFLAGS += $(STRING_FLAGS)
$(BUILD)/tests/test_string: HCFLAGS += $(STRING_FLAGS)
$(BUILD)/tests/test_string: src/lib/string.c

# ---- the harness's counter reads ----------------------------------------------
# An event counter's CSR is chosen at run time (src/events.h: a switch over
# csrr immediates). Without jump tables that switch is compares on a
# register, not a load from .rodata and an indirect jump between a body and
# the reads after it (src/harness.c).
$(BUILD)/fw/src/harness.o: TCFLAGS += -fno-jump-tables
