# fleet: many result directories (boards, LAVA jobs, QEMU instances) as
# one: the statistics between devices (fleet_stats.c), the merged result
# directory (fleet_merge.c) and its report (fleet_print.c). It reads what
# output reads back and uses the analysis' distributions, so it may include
# analysis, output, collect and src/common; the cli drives it.
HOST_INC_fleet := $(HOST_INC_analysis) -Ihost-tools/fleet
HOST_LIB_SRCS += $(wildcard host-tools/fleet/*.c)
