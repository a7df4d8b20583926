/* A run's context in meta.json (meta_context.h). */
#include "meta_context.h"

#include "context_fmt.h"
#include "json_string.h"

#include <stdlib.h>

/* v, or "unknown" when the firmware did not send it (bit not in present). */
static json_t *num(uint64_t present, uint64_t bit, unsigned long long v)
{
	return present & bit ? json_safe_u64(v) : json_string("unknown");
}

static json_t *str(const char *v)
{
	return json_safe_str(v ? v : "unknown");
}

static json_t *l2(const struct rec_ctx *x)
{
	uint64_t p = x->present;
	json_t *o = json_object();
	int bad = json_object_set_new(o, "size", num(p, REC_BIT(CTX, l2_size), x->l2_size));
	bad |= json_object_set_new(o, "sets", num(p, REC_BIT(CTX, l2_sets), x->l2_sets));
	bad |= json_object_set_new(o, "block", num(p, REC_BIT(CTX, l2_block), x->l2_block));
	bad |= json_object_set_new(o, "level", num(p, REC_BIT(CTX, l2_level), x->l2_level));
	bad |= json_object_set_new(o, "ways_enabled", num(p, REC_BIT(CTX, l2_ways), x->l2_ways));
	return json_built(o, bad);
}

static json_t *sbi(const struct rec_ctx *x)
{
	const uint64_t all = REC_BIT(CTX, sbi_spec) | REC_BIT(CTX, sbi_impl) |
			     REC_BIT(CTX, sbi_impl_ver);
	char spec[32], ver[32], hex[32];

	if ((x->present & all) != all) /* no BASE extension: SBI 0.1 */
		return json_string("unknown");
	json_t *o = json_object();
	int bad = json_object_set_new(o, "spec_version",
				      str(ctx_fmt_sbi_spec(spec, sizeof(spec), x->sbi_spec)));
	bad |= json_object_set_new(o, "impl_id", json_safe_u64(x->sbi_impl));
	bad |= json_object_set_new(o, "impl_name", str(ctx_sbi_impl_name(x->sbi_impl)));
	bad |= json_object_set_new(o, "impl_version",
				   str(ctx_fmt_hex(hex, sizeof(hex), x->sbi_impl_ver)));
	bad |= json_object_set_new(
		o, "impl_version_text",
		str(ctx_fmt_impl_version(ver, sizeof(ver), x->sbi_impl, x->sbi_impl_ver)));
	return json_built(o, bad);
}

/* An L1's size, sets and block, whose fields follow each other in the CPU
 * record's table from index first on. */
static json_t *cache(uint64_t present, unsigned first, uint64_t size, uint64_t sets,
		     uint64_t block)
{
	json_t *o = json_object();
	int bad = json_object_set_new(o, "size", num(present, UINT64_C(1) << first, size));
	bad |= json_object_set_new(o, "sets", num(present, UINT64_C(1) << (first + 1), sets));
	bad |= json_object_set_new(o, "block", num(present, UINT64_C(1) << (first + 2), block));
	return json_built(o, bad);
}

static json_t *hart(const struct coll_context *x, size_t i)
{
	const struct rec_cpu *c = &x->cpu[i].f;
	json_t *o = json_object();
	int bad = json_object_set_new(o, "id", json_safe_u64(c->id));
	bad |= json_object_set_new(o, "isa", str(x->cpu[i].isa));
	bad |= json_object_set_new(o, "mmu", str(x->cpu[i].mmu));
	bad |= json_object_set_new(o, "clock_hz", num(c->present, REC_BIT(CPU, clock_hz), c->clock_hz));
	bad |= json_object_set_new(o, "l1i", cache(c->present, REC_F_CPU_l1i_size, c->l1i_size,
						   c->l1i_sets, c->l1i_block));
	bad |= json_object_set_new(o, "l1d", cache(c->present, REC_F_CPU_l1d_size, c->l1d_size,
						   c->l1d_sets, c->l1d_block));
	return json_built(o, bad);
}

static json_t *harts(const struct coll_context *x)
{
	json_t *a = json_array();
	int bad = 0;

	for (size_t i = 0; i < x->ncpu; i++)
		if (!x->cpu[i].taken) /* else its line was in conflict */
			bad |= json_array_append_new(a, hart(x, i));
	return json_built(a, bad);
}

static json_t *firmware(const struct coll_run *r)
{
	const struct coll_context *x = &r->ctx;
	json_t *o = json_object();
	int bad = json_object_set_new(o, "version", str(coll_run_field(r, "fw")));
	bad |= json_object_set_new(o, "commit", str(x->commit));
	bad |= json_object_set_new(o, "cc", str(x->cc));
	bad |= json_object_set_new(o, "cflags", str(x->cflags));
	return json_built(o, bad);
}

int meta_context_expected(const struct coll_run *r)
{
	const char *fmt = coll_run_field(r, "fmt");
	return r->fmt_ok && fmt && strtoull(fmt, NULL, 10) >= 2;
}

json_t *meta_context(const struct coll_run *r)
{
	const struct coll_context *x = &r->ctx;
	const struct rec_ctx *c = &x->ctx;

	/* A record a conflict took out was sent: its values are "unknown". */
	if (!x->have_ctx && !x->ncpu && !x->have_build && !x->ctx_taken && !x->build_taken)
		return json_null();
	json_t *o = json_object();
	int bad = json_object_set_new(o, "clock_hz",
				      num(c->present, REC_BIT(CTX, clock_hz), c->clock_hz));
	bad |= json_object_set_new(o, "clock_source",
				   str(c->clock_src && c->clock_src[0] ? c->clock_src : NULL));
	if (c->present & REC_BIT(CTX, ref_hz))
		bad |= json_object_set_new(o, "clock_ref_hz", json_safe_u64(c->ref_hz));
	if (c->present & REC_BIT(CTX, pll))
		bad |= json_object_set_new(o, "core_pll_cfg",
					   json_sprintf("0x%08llx", (unsigned long long)c->pll));
	bad |= json_object_set_new(o, "l2", l2(c));
	bad |= json_object_set_new(o, "sbi", sbi(c));
	bad |= json_object_set_new(o, "harts", harts(x));
	bad |= json_object_set_new(o, "firmware", firmware(r));
	return json_built(o, bad);
}
