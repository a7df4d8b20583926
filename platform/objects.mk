# Device tree reader, console drivers and SBI calls. The FDT reader, its
# table of nodes (fdt_index.c), the clock and cache node reader (machine.c)
# and the bootargs (bootargs.c) are plain C with no target dependency, so
# the host unit tests build them as well.
FW_SRCS += $(wildcard platform/*.c)
HOST_LIB_SRCS += platform/fdt.c platform/fdt_index.c platform/machine.c platform/bootargs.c
