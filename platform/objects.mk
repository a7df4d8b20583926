# Device tree reader, console drivers and SBI calls. The FDT reader, its
# table of nodes (fdt_index.c), the clock and cache node reader (machine.c),
# the bootargs (bootargs.c), the RAM range and cpu nodes kept
# (platform_tree.c) and the choice of a hart to take over the boot
# (boot_hart.c) are plain C with no target dependency, so the host unit
# tests build them as well.
FW_SRCS += $(wildcard platform/*.c)
HOST_LIB_SRCS += platform/fdt.c platform/fdt_index.c platform/machine.c platform/bootargs.c \
                 platform/platform_tree.c \
                 platform/boot_hart.c
