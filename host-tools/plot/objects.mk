# plot: pictures through gnuplot (the running of gnuplot, a benchmark's
# panels, the sweep figure, the CDF overlay of compare --plot). It draws
# the analysis of result directories, so it may include analysis, output,
# collect and src/common.
HOST_INC_plot := $(HOST_INC_analysis) -Ihost-tools/plot
HOST_LIB_SRCS += $(wildcard host-tools/plot/*.c)
