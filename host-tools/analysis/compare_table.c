/* The rows of `rvbench compare` (compare_table.h). */
#include "compare_table.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The key of series s of side r: (bench, params, group, batch), and the
 * hart when either side ran it on several harts. */
static struct cmp_key key_of(const struct res_series *s, const char *bench, int by_hart)
{
	return (struct cmp_key){ bench, s->params, s->group, s->hart, s->batch, by_hart };
}

/*
 * Whether sa (of A) and sb (of B, bench bname) are compared: same bench
 * (bname), group, and hart when told apart; the same parameters, or with
 * --by the same but for a different value of PARAM (when sa has PARAM).
 */
static int partners(const struct res_series *sa, const struct res_series *sb, const char *bname,
		    const char *by, int by_hart)
{
	char va[256], vb[256];
	if (strcmp(sb->bench, bname) || sa->group != sb->group || (by_hart && sa->hart != sb->hart))
		return 0;
	if (by && res_param(sa->params, by, va, sizeof(va)))
		return res_param(sb->params, by, vb, sizeof(vb)) && strcmp(va, vb) &&
		       cmp_params_except(sa->params, sb->params, by);
	return !strcmp(sa->params, sb->params);
}

/* partners(), and of the same batch size when B has sa's batch size at
 * all: sa is compared with its own batch size, and with another only when
 * B has no other (a row that says so: another quantity is measured). */
static int pairs(const struct res_series *sa, const struct results *rb,
		 const struct res_series *sb, const char *bname, const char *by, int by_hart)
{
	if (!partners(sa, sb, bname, by, by_hart))
		return 0;
	if (sa->batch == sb->batch)
		return 1;
	for (size_t j = 0; j < rb->ns; j++)
		if (rb->s[j].batch == sa->batch && partners(sa, &rb->s[j], bname, by, by_hart))
			return 0;
	return 1;
}

/* Several harts for A's (bench, params, group) or B's. */
static int hart_apart(const struct cmp_side *a, const struct cmp_side *b,
		      const struct res_series *sa, const struct res_series *sb, const char *bname)
{
	return cmp_several_harts(&a->r, sa->bench, sa->params, sa->group) ||
	       cmp_several_harts(&b->r, bname, sb ? sb->params : sa->params, sa->group);
}

/* Why one of k's series in r is not whole, or NULL. */
static const char *problem(const struct results *r, const struct cmp_key *k,
			   const struct cmp_problems *pr)
{
	for (size_t i = 0; i < r->ns; i++) {
		const char *why;
		if (cmp_matches(&r->s[i], k) && (why = cmp_problem_of(pr, r->s[i].run, r->s[i].block)))
			return why;
	}
	return NULL;
}

static struct cmp_row *new_row(struct cmp_table *t)
{
	struct cmp_row *nr = realloc(t->row, (t->n + 1) * sizeof(*nr));
	if (!nr)
		return NULL;
	t->row = nr;
	memset(&nr[t->n], 0, sizeof(nr[0]));
	return &nr[t->n++];
}

/* The bench column: "bench", " vs other" (B's, when DIR:BENCH named
 * another: one name when both are the same), " gG N=B", " hart H". */
static void bench_label(struct cmp_row *row, const struct res_series *s, const char *other,
			int by_hart)
{
	size_t len = sizeof(row->bench);
	int n = snprintf(row->bench, len, "%s", s->bench);
	if (other && strcmp(other, s->bench) && n > 0 && (size_t)n < len)
		n += snprintf(row->bench + n, len - (size_t)n, " vs %s", other);
	if ((s->group || s->batch > 1) && n > 0 && (size_t)n < len)
		n += snprintf(row->bench + n, len - (size_t)n, " g%llu N=%llu",
			      (unsigned long long)s->group, (unsigned long long)s->batch);
	if (by_hart && n > 0 && (size_t)n < len)
		snprintf(row->bench + n, len - (size_t)n, " hart %llu", (unsigned long long)s->hart);
}

/* The params column: A's, with --by PARAM's value as "a->b". */
static void params_label(struct cmp_row *row, const struct res_series *sa,
			 const struct res_series *sb, const char *by)
{
	char vb[256];
	if (!by || !sb || !res_param(sb->params, by, vb, sizeof(vb)) || !strcmp(sa->params, sb->params)) {
		snprintf(row->params, sizeof(row->params), "%s", sa->params);
		return;
	}
	size_t n = 0, bl = strlen(by);
	for (const char *p = sa->params; *p && n + 1 < sizeof(row->params);) {
		const char *end = strchr(p, ';');
		size_t fl = end ? (size_t)(end - p) : strlen(p);
		int hit = fl > bl && !strncmp(p, by, bl) && p[bl] == '=';
		n += (size_t)snprintf(row->params + n, sizeof(row->params) - n, "%s%.*s%s%s",
				      n ? ";" : "", (int)fl, p, hit ? "->" : "", hit ? vb : "");
		if (n >= sizeof(row->params))
			n = sizeof(row->params) - 1;
		p = end ? end + 1 : p + fl;
	}
}

/* One row comparing A's key ka with B's kb. */
static int compare_row(struct cmp_table *t, const struct cmp_side *a, const struct cmp_side *b,
		       const struct cmp_problems *pa, const struct cmp_problems *pb,
		       const struct res_series *sa, const struct res_series *sb,
		       const struct cmp_key *ka, const struct cmp_key *kb)
{
	struct cmp_row *row = new_row(t);
	if (!row)
		return -1;
	row->sa = sa;
	row->sb = sb;
	row->by_hart = ka->by_hart;
	bench_label(row, sa, a->bench && b->bench ? kb->bench : NULL, ka->by_hart);
	params_label(row, sa, sb, t->by);
	row->incomplete = problem(&a->r, ka, pa);
	if (!row->incomplete)
		row->incomplete = problem(&b->r, kb, pb);
	uint64_t batch_a = 0, batch_b = 0;
	int fa, fb;
	row->va = cmp_gather(&a->r, ka, &row->na, &batch_a, &fa);
	row->vb = cmp_gather(&b->r, kb, &row->nb, &batch_b, &fb);
	if (!row->va || !row->vb)
		return -1;
	row->kind = CMP_SKIPPED;
	if (batch_a != batch_b)
		row->why = "different batch sizes: not compared";
	else if (!row->na || !row->nb)
		row->why = "no measured samples on one side";
	else if (an_compare(row->va, row->na, row->vb, row->nb, t->alpha, &row->c))
		return -1;
	else
		row->kind = CMP_COMPARED;
	return 0;
}

/* A row of one side's series s alone (r its side, pr its blocks that are
 * not whole). Marked incomplete as a compared row is: the gate refuses a
 * block that is not whole on either side, and one that failed after its
 * first sample has a row (this one) where one that failed before has none
 * (cmd_compare's unseen_problems), so without the mark the block that ran
 * longer would pass. */
static int only_row(struct cmp_table *t, enum cmp_row_kind kind, const struct res_series *s,
		    int by_hart, const struct results *r, const struct cmp_problems *pr)
{
	struct cmp_row *row = new_row(t);
	if (!row)
		return -1;
	struct cmp_key k = key_of(s, s->bench, by_hart);
	row->incomplete = problem(r, &k, pr);
	row->kind = kind;
	row->by_hart = by_hart;
	if (kind == CMP_ONLY_A)
		row->sa = s;
	else
		row->sb = s;
	bench_label(row, s, NULL, by_hart);
	snprintf(row->params, sizeof(row->params), "%s", s->params);
	row->na = kind == CMP_ONLY_A ? s->n : 0;
	row->nb = kind == CMP_ONLY_B ? s->n : 0;
	return 0;
}

/* Would a series of params pp have been s's partner (partners(), by)? */
static int would_pair(const char *pp, const struct res_series *s, const char *by)
{
	char vs[256], vp[256];
	if (by && res_param(s->params, by, vs, sizeof(vs)))
		return res_param(pp, by, vp, sizeof(vp)) && strcmp(vs, vp) &&
		       cmp_params_except(pp, s->params, by);
	return !strcmp(pp, s->params);
}

/*
 * The reason of pr's block of the series that would have been s's partner
 * (bench, params as --by pairs them, group and batch) that side r has no
 * sample of: a block that was skipped, or faulted or timed out before its
 * first sample, has no series, so without this the other side's series
 * would read "only in A" (or B), as if it had not been run. NULL when
 * there is none.
 */
static const struct cmp_problem *unmeasured(const struct results *r,
					     const struct cmp_problems *pr, const char *bench,
					     const struct res_series *s, const char *by)
{
	for (size_t i = 0; i < pr->n; i++) {
		const struct cmp_problem *p = &pr->p[i];
		if (!p->params || strcmp(p->bench, bench) || !would_pair(p->params, s, by) ||
		    p->group != s->group || p->batch != s->batch)
			continue;
		int seen = 0;
		for (size_t k = 0; k < r->ns && !seen; k++)
			seen = r->s[k].block == p->block && !strcmp(r->s[k].run, p->run);
		if (!seen)
			return p;
	}
	return NULL;
}

/* Series s of one side (kind: CMP_ONLY_A for A's) against a block of the
 * other side (other: "A" or "B") that measured nothing: skipped there (with
 * its reason) or failed before its first sample. */
static int unmeasured_row(struct cmp_table *t, enum cmp_row_kind kind, const struct res_series *s,
			  int by_hart, const char *other, const struct cmp_problem *p,
			  const struct results *r, const struct cmp_problems *pr)
{
	char text[sizeof(p->why) + 64];
	if (only_row(t, kind, s, by_hart, r, pr))
		return -1;
	struct cmp_row *row = &t->row[t->n - 1];
	if (p->skipped)
		snprintf(text, sizeof(text), "%s: skipped (%s): not compared", other, p->why);
	else
		snprintf(text, sizeof(text), "%s: %s before any sample: not compared", other,
			 p->why);
	row->why_text = strdup(text);
	if (!row->why_text)
		return -1;
	row->kind = CMP_SKIPPED;
	row->why = row->why_text;
	row->a_skipped = kind == CMP_ONLY_B && p->skipped;
	return 0;
}

/* The rows of A's series i: one per partner in B, or "only in A". */
static int rows_of(struct cmp_table *t, const struct cmp_side *a, const struct cmp_side *b,
		   const struct cmp_problems *pa, const struct cmp_problems *pb, size_t i)
{
	const struct res_series *sa = &a->r.s[i];
	/* B's name: its DIR:BENCH; else A's, so A's DIR:BENCH alone (A:udiv B)
	 * meets B's udiv (cmp_table_build keeps only A's udiv). */
	const char *bname = b->bench ? b->bench : sa->bench;
	int found = 0;
	for (size_t j = 0; j < b->r.ns; j++) {
		const struct res_series *sb = &b->r.s[j];
		int by_hart = hart_apart(a, b, sa, sb, bname);
		struct cmp_key ka = key_of(sa, sa->bench, by_hart), kb = key_of(sb, bname, by_hart);
		if (!pairs(sa, &b->r, sb, bname, t->by, by_hart) || cmp_seen_before(&b->r, j, &kb))
			continue;
		found = 1;
		if (compare_row(t, a, b, pa, pb, sa, sb, &ka, &kb))
			return -1;
	}
	if (found)
		return 0;
	const struct cmp_problem *why = unmeasured(&b->r, pb, bname, sa, t->by);
	int by_hart = hart_apart(a, b, sa, NULL, bname);
	return why ? unmeasured_row(t, CMP_ONLY_A, sa, by_hart, "B", why, &a->r, pa)
		   : only_row(t, CMP_ONLY_A, sa, by_hart, &a->r, pa);
}

int cmp_table_build(const struct cmp_side *a, const struct cmp_side *b,
		    const struct cmp_problems *pa, const struct cmp_problems *pb, double alpha,
		    const char *by, struct cmp_table *t)
{
	memset(t, 0, sizeof(*t));
	t->alpha = alpha;
	t->by = by;
	/* A's benchmark: its DIR:BENCH; with B's alone (A B:udiv), the same
	 * name: B's udiv against A's udiv, not against every benchmark of A
	 * that has udiv's parameters, each row labelled with A's name. */
	const char *abench = a->bench ? a->bench : b->bench;
	for (size_t i = 0; i < a->r.ns; i++) {
		const struct res_series *s = &a->r.s[i];
		const char *bname = b->bench ? b->bench : s->bench;
		struct cmp_key k = key_of(s, s->bench, hart_apart(a, b, s, NULL, bname));
		if ((abench && strcmp(s->bench, abench)) || cmp_seen_before(&a->r, i, &k))
			continue;
		if (rows_of(t, a, b, pa, pb, i))
			return -1;
	}
	/* What B has and no series of A was compared with. */
	for (size_t j = 0; j < b->r.ns && !a->bench && !b->bench; j++) {
		const struct res_series *sb = &b->r.s[j];
		int by_hart = hart_apart(b, a, sb, NULL, sb->bench), seen = 0;
		struct cmp_key kb = key_of(sb, sb->bench, by_hart);
		if (cmp_seen_before(&b->r, j, &kb))
			continue;
		/* Paired as rows_of pairs: by A's name (no DIR:BENCH here). */
		for (size_t i = 0; i < a->r.ns && !seen; i++) {
			const struct res_series *sa = &a->r.s[i];
			seen = pairs(sa, &b->r, sb, sa->bench, t->by,
				     hart_apart(a, b, sa, sb, sa->bench));
		}
		if (seen)
			continue;
		const struct cmp_problem *why = unmeasured(&a->r, pa, sb->bench, sb, t->by);
		if (why ? unmeasured_row(t, CMP_ONLY_B, sb, by_hart, "A", why, &b->r, pb)
			: only_row(t, CMP_ONLY_B, sb, by_hart, &b->r, pb))
			return -1;
	}
	/* The geometric means, in logs: a product of 80 medians overflows. */
	double la = 0, lb = 0;
	for (size_t i = 0; i < t->n; i++) {
		const struct cmp_row *r = &t->row[i];
		if (r->kind != CMP_COMPARED)
			continue;
		t->compared++;
		if (!r->c.median_a || !r->c.median_b)
			continue;
		la += log((double)r->c.median_a);
		lb += log((double)r->c.median_b);
		t->gm_n++;
	}
	if (t->gm_n) {
		t->gm_a = exp(la / (double)t->gm_n);
		t->gm_b = exp(lb / (double)t->gm_n);
		t->gm_ratio = exp((lb - la) / (double)t->gm_n);
	}
	return 0;
}

void cmp_table_free(struct cmp_table *t)
{
	for (size_t i = 0; i < t->n; i++) {
		free(t->row[i].va);
		free(t->row[i].vb);
		free(t->row[i].why_text);
	}
	free(t->row);
	memset(t, 0, sizeof(*t));
}
