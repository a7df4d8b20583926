# output: the files of a result directory. The CSV and JSON writers of the
# collector's model (samples.csv, summary.csv, gaps.csv, tracepoints.csv,
# meta.json), the end-of-collection summary, files replaced atomically, and
# samples.csv and meta.json read back for the analysis. It may include
# collect and src/common.
HOST_INC_output := $(HOST_INC_collect) -Ihost-tools/output
HOST_LIB_SRCS += $(wildcard host-tools/output/*.c)
