# export: the analysis as files for other tools (stats --format csv, json,
# gbench-json). It may include analysis, output, collect and src/common.
HOST_INC_export := $(HOST_INC_analysis) -Ihost-tools/export
HOST_LIB_SRCS += $(wildcard host-tools/export/*.c)
