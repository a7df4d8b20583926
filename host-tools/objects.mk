# The rvbench host CLI. Everything but main.c is also linked into the unit
# tests (built with ASan and UBSan).
HOST_SRCS := $(wildcard host-tools/*.c) $(wildcard src/common/*.c)
HOST_LIB_SRCS += $(filter-out host-tools/main.c,$(wildcard host-tools/*.c))
