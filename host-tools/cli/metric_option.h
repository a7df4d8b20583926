/* --metric of stats, compare and plot (results_metric.h), with the same
 * error message in each. */
#ifndef RVBENCH_METRIC_OPTION_H
#define RVBENCH_METRIC_OPTION_H

/* Chooses the metric arg for command cmd; 0, or -1 with the error said
 * ("cmd: reason"), the command then exits with EXIT_ERROR. */
int metric_option(const char *cmd, const char *arg);

#endif
