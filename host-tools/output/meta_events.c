/* meta.json's hardware events (meta_events.h). */
#include "meta_events.h"

#include <string.h>

#include "csv_events.h"
#include "json_string.h"
#include "wire.h"

json_t *meta_events_pmu(const struct coll_run *r)
{
	if (!r->npmu)
		return json_null();
	json_t *o = json_object();
	int bad = 0;
	for (size_t i = 0; i < r->npmu; i++) {
		const char *k = r->pmu[i].key, *v = r->pmu[i].value;
		uint64_t x;
		/* The counts are numbers; everything else stays as sent. */
		int numeric = strcmp(k, "counters") == 0 || strcmp(k, "hw") == 0 ||
			      strcmp(k, "fw") == 0;
		bad |= json_safe_set(o, k, numeric && !wire_parse_u64(v, &x) ? json_safe_u64(x)
									 : json_safe_str(v));
	}
	return json_built(o, bad);
}

/* One event: median and per call null when no sample counted it. */
static json_t *event(const struct coll_bench *b, unsigned k)
{
	uint64_t median;
	long double per_call;
	int have = csv_event_stat(b, k, &median, &per_call) != 0;
	json_t *o = json_object();
	int bad = json_object_set_new(o, "name", json_safe_str(b->ev_name[k]));
	bad |= json_object_set_new(o, "overhead", json_safe_u64(b->oh_ev[k]));
	bad |= json_object_set_new(o, "median", have ? json_safe_u64(median) : json_null());
	/* Three decimals, as summary.csv has it. */
	bad |= json_object_set_new(o, "per_call",
				   have ? json_printed_real("%.3Lf", per_call) : json_null());
	return json_built(o, bad);
}

json_t *meta_events_bench(const struct coll_bench *b)
{
	json_t *a = json_array();
	int bad = 0;
	for (unsigned k = 0; k < b->nev; k++)
		bad |= json_array_append_new(a, event(b, k));
	return json_built(a, bad);
}
