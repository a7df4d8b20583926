# Device tree reader, console drivers and SBI calls. The FDT reader is plain
# C with no target dependency, so the host unit tests build it as well.
FW_SRCS += $(wildcard platform/*.c)
HOST_LIB_SRCS += platform/fdt.c
