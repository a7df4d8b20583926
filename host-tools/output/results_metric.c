/* The metric the analyses read (results_metric.h). */
#include "results_metric.h"

#include <stdio.h>
#include <string.h>

#include "csv_events.h"
#include "pmu_events.h"
#include "rcsv.h"

static char column[PMU_EVENT_NAME_MAX + 8] = "cycles";
static const char *label = "cycles";
static int is_event;

int results_metric_set(const char *name, char *err, size_t errlen)
{
	const char *ev = !strncmp(name, CSV_EVENT_PREFIX, strlen(CSV_EVENT_PREFIX))
				 ? name + strlen(CSV_EVENT_PREFIX)
				 : name;

	if (!strcmp(name, "cycles") || !strcmp(name, "instret")) {
		snprintf(column, sizeof(column), "%s", name);
		label = column;
		is_event = 0;
		return 0;
	}
	char canon[PMU_EVENT_NAME_MAX];
	if (strlen(ev) >= PMU_EVENT_NAME_MAX || pmu_event_canonical(ev, canon)) {
		snprintf(err, errlen,
			 "--metric must be cycles, instret or an event name (branch-misses,"
			 " dtlb-read-miss, raw:0x..., as in rvbench.events), not '%s'",
			 name);
		return -1;
	}
	/* The column as the collector names it: raw:0x01 is raw:0x1. */
	snprintf(column, sizeof(column), CSV_EVENT_PREFIX "%s", canon);
	label = column + strlen(CSV_EVENT_PREFIX);
	is_event = 1;
	return 0;
}

const char *results_metric_column(void)
{
	return column;
}

const char *results_metric_label(void)
{
	return label;
}

int results_metric_col(const struct rcsv *t)
{
	int c = rcsv_col(t, column);

	if (c >= 0 || !is_event || !t->nrows)
		return c;
	/* samples.csv of a collector that kept an older firmware's spelling
	 * (ev.raw:0x01): the same event is the same column. */
	size_t plen = strlen(CSV_EVENT_PREFIX);
	for (size_t j = 0; j < t->nfield[0]; j++) {
		const char *h = t->row[0][j];
		char canon[PMU_EVENT_NAME_MAX];
		if (!strncmp(h, CSV_EVENT_PREFIX, plen) && !pmu_event_canonical(h + plen, canon) &&
		    !strcmp(canon, label))
			return (int)j;
	}
	return -1;
}

int results_metric_is_event(void)
{
	return is_event;
}
