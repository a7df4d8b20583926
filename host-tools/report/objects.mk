# report: `rvbench report`'s page and Markdown file of a result directory
# (meta.json's facts, summary.csv's table, the plot files found there). It
# reads what output writes and draws nothing itself (the cli front-end runs
# the plots first), so it includes output and analysis only.
HOST_INC_report := $(HOST_INC_analysis) -Ihost-tools/report
HOST_LIB_SRCS += $(wildcard host-tools/report/*.c)
