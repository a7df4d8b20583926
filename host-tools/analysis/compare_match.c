/* Which series of A and B `rvbench compare` puts side by side
 * (compare_match.h). */
#include "compare_match.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int cmp_open_side(struct cmp_side *s, const char *arg, char *err, size_t errlen)
{
	struct stat st;
	memset(s, 0, sizeof(*s));
	s->arg = arg;
	s->dir = strdup(arg);
	if (!s->dir) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	char *colon = strrchr(s->dir, ':');
	if (stat(arg, &st) && colon) { /* not a path: DIR:BENCH */
		*colon = 0;
		s->bench = colon + 1;
	}
	if (results_load(s->dir, &s->r, err, errlen))
		return -1;
	if (s->bench) {
		int found = 0;
		for (size_t i = 0; i < s->r.ns; i++)
			found |= !strcmp(s->r.s[i].bench, s->bench);
		if (!found) {
			snprintf(err, errlen, "no benchmark '%s' in %s/samples.csv", s->bench, s->dir);
			return -1;
		}
	}
	return 0;
}

void cmp_close_side(struct cmp_side *s)
{
	results_free(&s->r);
	free(s->dir);
	/* bench points into dir: cleared with it, so a second close is harmless. */
	memset(s, 0, sizeof(*s));
}

/* The next entry of params *p that is not named by: its start, its length
 * in *len, *p moved past it; NULL at the end. */
static const char *next_entry(const char **p, const char *by, size_t *len)
{
	size_t bl = by ? strlen(by) : 0;
	while (**p) {
		const char *e = *p, *end = strchr(e, ';');
		*len = end ? (size_t)(end - e) : strlen(e);
		*p = end ? end + 1 : e + *len;
		if (!(by && *len > bl && !strncmp(e, by, bl) && e[bl] == '='))
			return e;
	}
	return NULL;
}

int cmp_params_except(const char *p, const char *q, const char *by)
{
	if (!by)
		return !strcmp(p, q);
	for (;;) {
		size_t lp = 0, lq = 0;
		const char *ep = next_entry(&p, by, &lp), *eq = next_entry(&q, by, &lq);
		if (!ep || !eq)
			return !ep && !eq;
		if (lp != lq || strncmp(ep, eq, lp))
			return 0;
	}
}

int cmp_matches(const struct res_series *s, const struct cmp_key *k)
{
	return s->group == k->group && s->batch == k->batch && !strcmp(s->bench, k->bench) &&
	       !strcmp(s->params, k->params) && (!k->by_hart || s->hart == k->hart);
}

/* 1 when one run of r has (bench, params, group) on two harts or more: a
 * parallel run. Two runs on two harts are not one: each is the boot hart
 * of its run (a board's reboots draw it, OpenSBI's lottery; the devices
 * of a merged fleet have their own), the same benchmark on another hart,
 * which would otherwise be split into rows of one hart each, "only in A"
 * for a hart B's boot did not draw. */
int cmp_several_harts(const struct results *r, const char *bench, const char *params,
		      uint64_t group)
{
	/* The series of the key first (few: runs times harts), then those
	 * pairwise: the scan stays one pass over r, as it is made for every
	 * pair of series compare looks at. Out of memory: pairwise over r. */
	size_t *m = malloc((r->ns ? r->ns : 1) * sizeof(*m)), nm = 0;
	for (size_t i = 0; i < r->ns; i++) {
		const struct res_series *s = &r->s[i];
		if (s->group != group || strcmp(s->bench, bench) || strcmp(s->params, params))
			continue;
		if (!m) {
			for (size_t j = i + 1; j < r->ns; j++) {
				const struct res_series *o = &r->s[j];
				if (o->hart != s->hart && o->group == group && !strcmp(o->run, s->run) &&
				    !strcmp(o->bench, bench) && !strcmp(o->params, params))
					return 1;
			}
			continue;
		}
		m[nm++] = i;
	}
	int several = 0;
	for (size_t i = 0; i < nm && !several; i++)
		for (size_t j = i + 1; j < nm && !several; j++)
			several = r->s[m[i]].hart != r->s[m[j]].hart &&
				  !strcmp(r->s[m[i]].run, r->s[m[j]].run);
	free(m);
	return several;
}

/* All measured cycles of the series matching k (all runs). */
uint64_t *cmp_gather(const struct results *r, const struct cmp_key *k, size_t *n, uint64_t *batch,
		     int *found)
{
	uint64_t *v = NULL;
	*n = 0;
	*found = 0;
	for (size_t i = 0; i < r->ns; i++) {
		const struct res_series *s = &r->s[i];
		if (!cmp_matches(s, k))
			continue;
		*batch = s->batch;
		*found = 1;
		uint64_t *nv = realloc(v, (*n + s->n + 1) * sizeof(*v));
		if (!nv) {
			free(v);
			return NULL;
		}
		v = nv;
		memcpy(v + *n, s->cycles, s->n * sizeof(*v));
		*n += s->n;
	}
	if (!v)
		v = malloc(sizeof(*v));
	return v;
}

int cmp_seen_before(const struct results *r, size_t i, const struct cmp_key *k)
{
	for (size_t j = 0; j < i; j++)
		if (cmp_matches(&r->s[j], k))
			return 1;
	return 0;
}
