/* The run's context on screen (context_print.h). */
#include "context_print.h"

#include "term_str.h"

#include <string.h>

#include "context_fmt.h"
#include "meta_context.h"

/* Entries of RUN's harts= list ("0:skipped,1:boot"): the tree's harts. */
static unsigned count_harts(const char *list)
{
	unsigned n = list && *list && strcmp(list, "none") ? 1 : 0;
	for (const char *p = list; n && *p; p++)
		n += *p == ',';
	return n;
}

static const char *l2_text(char *buf, size_t n, const struct rec_ctx *c)
{
	if (!(c->present & REC_BIT(CTX, l2_size))) {
		snprintf(buf, n, "unknown");
		return buf;
	}
	int len = snprintf(buf, n, "%llu KiB", (unsigned long long)(c->l2_size >> 10));
	if (len >= 0 && (size_t)len < n && (c->present & REC_BIT(CTX, l2_sets)) &&
	    (c->present & REC_BIT(CTX, l2_block)))
		len += snprintf(buf + len, n - (size_t)len, ", %llu sets of %llu B lines",
				(unsigned long long)c->l2_sets, (unsigned long long)c->l2_block);
	if (len >= 0 && (size_t)len < n) {
		if (c->present & REC_BIT(CTX, l2_ways))
			snprintf(buf + len, n - (size_t)len, ", %llu ways enabled",
				 (unsigned long long)c->l2_ways);
		else
			snprintf(buf + len, n - (size_t)len, ", ways enabled unknown");
	}
	return buf;
}

static const char *sbi_text(char *buf, size_t n, const struct rec_ctx *c)
{
	const uint64_t all = REC_BIT(CTX, sbi_spec) | REC_BIT(CTX, sbi_impl) |
			     REC_BIT(CTX, sbi_impl_ver);
	const char *name = ctx_sbi_impl_name(c->sbi_impl);
	char spec[32], ver[32], id[32];

	if ((c->present & all) != all) {
		snprintf(buf, n, "SBI unknown");
		return buf;
	}
	snprintf(id, sizeof(id), "SBI implementation %llu", (unsigned long long)c->sbi_impl);
	snprintf(buf, n, "%s %s (SBI %s)", name ? name : id,
		 ctx_fmt_impl_version(ver, sizeof(ver), c->sbi_impl, c->sbi_impl_ver),
		 ctx_fmt_sbi_spec(spec, sizeof(spec), c->sbi_spec));
	return buf;
}

static const char *cycles_text(const struct meta_source *src)
{
	if (!strcmp(src->kind, "qemu"))
		return src->icount && strcmp(src->icount, "off")
			       ? "QEMU -icount (instructions, not cycles)"
			       : "QEMU without -icount (not cycles of a machine)";
	if (!strcmp(src->kind, "serial"))
		return "real cycles";
	return "as recorded (replay)";
}

/* Why the run has no context to show: NULL when it has some (a CTX, CPU
 * or BUILD record kept), else the words after "context: ". Only a run of
 * wire format 1 whose line after RUN (seq 1, where CTX goes) arrived can
 * say the firmware sent none: format 2 came after the context records,
 * and a lost line 1 may have been the CTX line. */
static const char *no_context(const struct coll_run *r, char *buf, size_t n)
{
	const struct coll_context *x = &r->ctx;

	if (!r->fmt_ok) {
		if (r->fmt_newer)
			snprintf(buf, n, "not read (wire format %llu is newer than this rvbench reads)",
				 (unsigned long long)r->fmt_newer);
		else
			snprintf(buf, n, "not read (the run's RUN line was refused)");
		return buf;
	}
	if (x->ctx_taken && !x->have_ctx)
		return "not kept (its CTX line came twice, with different values)";
	if (x->have_ctx || x->ncpu || x->have_build || x->build_taken)
		return NULL;
	if (meta_context_expected(r))
		return "not received (its CTX, CPU and BUILD lines were lost)";
	if (r->nline > 1 && r->line[1])
		return "not sent (firmware older than the context records)";
	return "unknown (the line after RUN, where CTX goes, was lost)";
}

int context_print(FILE *f, const struct coll_run *r, const struct meta_source *src)
{
	const struct coll_context *x = &r->ctx;
	const struct rec_ctx *c = &x->ctx;
	const char *model = coll_run_field(r, "model");
	/* A lost CTX line leaves clock_src NULL: its values are unknown. */
	const char *clock_src = x->have_ctx && x->clock_src ? x->clock_src : "";
	char clock[48], l2[128], sbi[96], why[96];
	const char *none = no_context(r, why, sizeof(why));

	if (none)
		return fprintf(f, "context: %s; cycles: %s\n", none, cycles_text(src)) < 0 ? -1 : 0;
	if (x->have_ctx && (c->present & REC_BIT(CTX, clock_hz)))
		ctx_fmt_mhz(clock, sizeof(clock), c->clock_hz);
	else
		snprintf(clock, sizeof(clock), "unknown");
	/* Text from the stream reaches the terminal escaped (term_str.h). */
	char model_t[160], fw_t[96], commit_t[96], cc_t[160];
	model = model ? term_str(model, model_t, sizeof(model_t)) : "unknown";
	if (fprintf(f, "machine: %s%s%s, %u harts, clock %s%s%s%s, L2 %s\n",
		    src->device_name ? src->device_name : "", src->device_name ? " - " : "",
		    model, count_harts(coll_run_field(r, "harts")), clock,
		    clock_src[0] ? " (" : "", clock_src, clock_src[0] ? ")" : "",
		    l2_text(l2, sizeof(l2), c)) < 0)
		return -1;
	return fprintf(f, "software: %s, firmware %s %s, built by %s; cycles: %s\n",
		       sbi_text(sbi, sizeof(sbi), c),
		       coll_run_field(r, "fw") ? term_str(coll_run_field(r, "fw"), fw_t, sizeof(fw_t)) : "?",
		       x->commit ? term_str(x->commit, commit_t, sizeof(commit_t)) : "(commit unknown)",
		       x->cc ? term_str(x->cc, cc_t, sizeof(cc_t)) : "an unknown compiler",
		       cycles_text(src)) < 0
		       ? -1
		       : 0;
}
