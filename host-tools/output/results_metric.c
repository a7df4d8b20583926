/* The metric the analyses read (results_metric.h). */
#include "results_metric.h"

#include <stdio.h>
#include <string.h>

#include "csv_events.h"
#include "pmu_events.h"

static char column[PMU_EVENT_NAME_MAX + 8] = "cycles";
static const char *label = "cycles";
static int is_event;

int results_metric_set(const char *name, char *err, size_t errlen)
{
	const char *ev = !strncmp(name, CSV_EVENT_PREFIX, strlen(CSV_EVENT_PREFIX))
				 ? name + strlen(CSV_EVENT_PREFIX)
				 : name;
	struct pmu_event e;

	if (!strcmp(name, "cycles") || !strcmp(name, "instret")) {
		snprintf(column, sizeof(column), "%s", name);
		label = column;
		is_event = 0;
		return 0;
	}
	if (strlen(ev) >= PMU_EVENT_NAME_MAX || pmu_event_lookup(ev, &e)) {
		snprintf(err, errlen,
			 "--metric must be cycles, instret or an event name (branch-misses,"
			 " dtlb-read-miss, raw:0x..., as in rvbench.events), not '%s'",
			 name);
		return -1;
	}
	snprintf(column, sizeof(column), CSV_EVENT_PREFIX "%s", ev);
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

int results_metric_is_event(void)
{
	return is_event;
}
