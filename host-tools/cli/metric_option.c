/* --metric, shared by stats, compare and plot (metric_option.h). */
#include "metric_option.h"

#include "results_metric.h"
#include "session.h"

int metric_option(const char *cmd, const char *arg)
{
	char err[256];
	if (results_metric_set(arg, err, sizeof(err))) {
		rvb_error("%s: %s", cmd, err);
		return -1;
	}
	return 0;
}
