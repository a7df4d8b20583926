# analysis: the statistics of a result directory or of a finished
# collection (analysis.h: descriptive statistics, distribution shape,
# Kanata's group estimates, A/B comparison) and their text report. It works
# on what output reads back, so it may include output, collect and
# src/common; never a source, a plot or an export.
HOST_INC_analysis := $(HOST_INC_output) -Ihost-tools/analysis
HOST_LIB_SRCS += $(wildcard host-tools/analysis/*.c)
