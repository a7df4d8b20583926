/* meta.json's hardware events (meta_events.h). */
#include "meta_events.h"

#include <string.h>

#include "csv_events.h"
#include "json_string.h"
#include "wire.h"

int meta_events_pmu(FILE *f, const struct coll_run *r)
{
	if (!r->npmu)
		return fputs("      \"pmu\": null,\n", f) < 0 ? -1 : 0;
	if (fputs("      \"pmu\": {", f) < 0)
		return -1;
	for (size_t i = 0; i < r->npmu; i++) {
		const char *k = r->pmu[i].key, *v = r->pmu[i].value;
		uint64_t x;
		int numeric = strcmp(k, "counters") == 0 || strcmp(k, "hw") == 0 ||
			      strcmp(k, "fw") == 0;
		if ((i && fputs(", ", f) < 0) || json_write_str(f, k) || fputs(": ", f) < 0)
			return -1;
		if (numeric && !wire_parse_u64(v, &x) ? fprintf(f, "%llu", (unsigned long long)x) < 0
						      : json_write_str(f, v))
			return -1;
	}
	return fputs("},\n", f) < 0 ? -1 : 0;
}

int meta_events_bench(FILE *f, const struct coll_bench *b)
{
	if (fputs(", \"events\": [", f) < 0)
		return -1;
	for (unsigned k = 0; k < b->nev; k++) {
		uint64_t median;
		long double per_call;
		if (fprintf(f, "%s{\"name\": ", k ? ", " : "") < 0 || json_write_str(f, b->ev_name[k]) ||
		    fprintf(f, ", \"overhead\": %llu", (unsigned long long)b->oh_ev[k]) < 0)
			return -1;
		if (csv_event_stat(b, k, &median, &per_call)
			    ? fprintf(f, ", \"median\": %llu, \"per_call\": %.3Lf}",
				      (unsigned long long)median, per_call) < 0
			    : fputs(", \"median\": null, \"per_call\": null}", f) < 0)
			return -1;
	}
	return fputs("]", f) < 0 ? -1 : 0;
}
