# cli: the command line. main.c, the table of commands (name, summary,
# help, handler) and each command's front-end: its options, its checks and
# its exit status. The layers below are libraries that never parse argv;
# the front-ends of stats, compare and plot live here too, because compare
# draws with plot and stats writes exports. cli may include every layer.
HOST_INC_cli := $(HOST_INC_sources) -Ihost-tools/fleet -Ihost-tools/plot -Ihost-tools/export -Ihost-tools/report -Ihost-tools/lava -Ihost-tools/cli
HOST_LIB_SRCS += $(filter-out host-tools/cli/main.c,$(wildcard host-tools/cli/*.c))
