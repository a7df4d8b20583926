/* What an export's values count (export.h). */
#include <string.h>

#include "export.h"
#include "results_metric.h"

const char *export_unit(const struct results *r, const struct res_series *s)
{
	if (strcmp(results_metric_column(), "cycles"))
		return results_metric_label(); /* counts of it: instret, an event */
	return s->sample_unit ? s->sample_unit : res_unit(r);
}
