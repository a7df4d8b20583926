# Benchmark directories (BENCH_DIR): each one is built the way its authors
# build it and linked as one unit with a namespace of its own.
#
#   make BENCH_DIR=path                 one directory
#   make BENCH_DIR="path1 path2"        several, each its own unit
#
# A directory may hold an rvbench.mk that sets, relative to the directory:
#   BENCH_SRCS      the .c files to build (default: every .c file below it)
#   BENCH_INCLUDES  its include directories (-I is added)
#   BENCH_CFLAGS    its compiler flags, after BENCH_DEFAULT_CFLAGS
# The same names on the make command line replace every directory's.
#
# A unit's objects are linked into one relocatable object (ld -r) whose
# only global symbols are its BENCH() descriptors (rvbench_bench_*): two
# units may both define main, sort or input_data. Within a unit, names
# clash as they would in the authors' own build. The flags of each unit
# are recorded in its descriptors (rvbench_unit_cflags, linker/unit_cflags.S)
# and from there in meta.json. docs/writing-benchmarks.md says why each
# default flag is there.

TLD := $(CROSS)ld

# gnu11, not c11: ISO mode turns off FP contraction (-ffp-contract=off) and
# GNU keywords (typeof, asm), so a kernel would not run the code its
# authors measure. Warnings shown, never fatal: the code is theirs.
# Hosted (no -ffreestanding): GCC may expand memcpy and friends inline as
# in the authors' build. -mcmodel=medany: the image runs at 0x80200000.
# Sections per function and object: the image drops what nothing uses.
BENCH_DEFAULT_CFLAGS := $(TARGET_ARCH) -std=gnu11 -O2 -g -Wall -Wextra \
                        -fno-common -fno-pie -ffunction-sections -fdata-sections \
                        -specs=picolibc.specs

BENCH_UNITS_DIR := $(BUILD)/fw/bench-units
BENCH_UNIT_OBJS :=

# $(1): the unit's number, $(2): its directory.
define bench_unit
BENCH_SRCS :=
BENCH_INCLUDES :=
BENCH_CFLAGS :=
-include $(2)/rvbench.mk
U_$(1)_DIR  := $(patsubst %/,%,$(2))
U_$(1)_OUT  := $(BENCH_UNITS_DIR)/$(1)-$(notdir $(patsubst %/,%,$(2)))
U_$(1)_SRCS := $$(if $$(strip $$(BENCH_SRCS)),$$(addprefix $$(U_$(1)_DIR)/,$$(BENCH_SRCS)),$$(shell find $$(U_$(1)_DIR) -name '*.c' | LC_ALL=C sort))
U_$(1)_OBJS := $$(patsubst $$(U_$(1)_DIR)/%.c,$$(U_$(1)_OUT)/obj/%.o,$$(U_$(1)_SRCS))
U_$(1)_FLAGS := $$(BENCH_DEFAULT_CFLAGS) $$(BENCH_CFLAGS) $$(TINC_bench) \
                $$(foreach i,$$(BENCH_INCLUDES),-I$$(if $$(filter /%,$$(i)),$$(i),$$(U_$(1)_DIR)/$$(i)))
# the flags text: a change of flags rebuilds the unit and nothing else
$$(eval $$(call write_if_changed,$$(U_$(1)_OUT)/cflags.txt,$$(strip $$(U_$(1)_FLAGS))))

$$(U_$(1)_OBJS): $$(U_$(1)_OUT)/obj/%.o: $$(U_$(1)_DIR)/%.c $$(U_$(1)_OUT)/cflags.txt
	@mkdir -p $$(dir $$@)
	$$(call quiet,CC,$$<)$$(TCC) $$(U_$(1)_FLAGS) -MMD -MP -c $$< -o $$@

$$(U_$(1)_OUT)/cflags.o: linker/unit_cflags.S $$(U_$(1)_OUT)/cflags.txt
	$$(call quiet,AS,$$@)$$(TCC) $$(TARGET_ARCH) -DCFLAGS_FILE='"$$(U_$(1)_OUT)/cflags.txt"' -c $$< -o $$@

$$(U_$(1)_OUT).o: $$(U_$(1)_OBJS) $$(U_$(1)_OUT)/cflags.o
	$$(call quiet,LD-R,$$@)$$(TLD) -r $$^ -o $$@.all.o && \
		$$(TOBJCOPY) --wildcard --keep-global-symbol='rvbench_bench_*' $$@.all.o $$@

-include $$(U_$(1)_OBJS:.o=.d)
BENCH_UNIT_OBJS += $$(U_$(1)_OUT).o
endef

$(foreach d,$(BENCH_DIR),$(eval $(call bench_unit,$(words $(BENCH_UNIT_OBJS) x),$(d))))

# The built-in benchmarks (src/benches/) are one unit too, linked as they
# are: their flags are the harness's.
BUILTIN_CFLAGS_TXT := $(BUILD)/fw/builtin-cflags.txt
$(eval $(call write_if_changed,$(BUILTIN_CFLAGS_TXT),$(strip $(TCFLAGS) $(TINC_bench))))
BUILTIN_CFLAGS_OBJ := $(BUILD)/fw/builtin-cflags.o
$(BUILTIN_CFLAGS_OBJ): linker/unit_cflags.S $(BUILTIN_CFLAGS_TXT)
	$(call quiet,AS,$@)$(TCC) $(TARGET_ARCH) -DCFLAGS_FILE='"$(BUILTIN_CFLAGS_TXT)"' -c $< -o $@
