/* A run's context in meta.json (meta_context.h). */
#include "meta_context.h"

#include "context_fmt.h"
#include "json_string.h"

#include <stdlib.h>

/* , "key": value, or "unknown" when the firmware did not send it. */
static int num(FILE *f, const char *sep, const char *key, uint64_t present, uint64_t bit,
	       unsigned long long v)
{
	if (fprintf(f, "%s\"%s\": ", sep, key) < 0)
		return -1;
	if (present & bit)
		return fprintf(f, "%llu", v) < 0 ? -1 : 0;
	return fputs("\"unknown\"", f) < 0 ? -1 : 0;
}

static int str(FILE *f, const char *sep, const char *key, const char *v)
{
	if (fprintf(f, "%s\"%s\": ", sep, key) < 0)
		return -1;
	return json_write_str(f, v ? v : "unknown");
}

static int l2(FILE *f, const struct rec_ctx *x)
{
	uint64_t p = x->present;
	return fputs("        \"l2\": {", f) < 0 ||
	       num(f, "", "size", p, REC_BIT(CTX, l2_size), x->l2_size) ||
	       num(f, ", ", "sets", p, REC_BIT(CTX, l2_sets), x->l2_sets) ||
	       num(f, ", ", "block", p, REC_BIT(CTX, l2_block), x->l2_block) ||
	       num(f, ", ", "level", p, REC_BIT(CTX, l2_level), x->l2_level) ||
	       num(f, ", ", "ways_enabled", p, REC_BIT(CTX, l2_ways), x->l2_ways) ||
	       fputs("},\n", f) < 0
		       ? -1
		       : 0;
}

static int sbi(FILE *f, const struct rec_ctx *x)
{
	const uint64_t all = REC_BIT(CTX, sbi_spec) | REC_BIT(CTX, sbi_impl) |
			     REC_BIT(CTX, sbi_impl_ver);
	char spec[32], ver[32], hex[32];

	if ((x->present & all) != all) /* no BASE extension: SBI 0.1 */
		return fputs("        \"sbi\": \"unknown\",\n", f) < 0 ? -1 : 0;
	return fprintf(f, "        \"sbi\": {") < 0 ||
	       str(f, "", "spec_version", ctx_fmt_sbi_spec(spec, sizeof(spec), x->sbi_spec)) ||
	       fprintf(f, ", \"impl_id\": %llu", (unsigned long long)x->sbi_impl) < 0 ||
	       str(f, ", ", "impl_name", ctx_sbi_impl_name(x->sbi_impl)) ||
	       str(f, ", ", "impl_version", ctx_fmt_hex(hex, sizeof(hex), x->sbi_impl_ver)) ||
	       str(f, ", ", "impl_version_text",
		   ctx_fmt_impl_version(ver, sizeof(ver), x->sbi_impl, x->sbi_impl_ver)) ||
	       fputs("},\n", f) < 0
		       ? -1
		       : 0;
}

/* An L1's size, sets and block, whose fields follow each other in the CPU
 * record's table from index first on. */
static int cache(FILE *f, const char *key, uint64_t present, unsigned first, uint64_t size,
		 uint64_t sets, uint64_t block)
{
	return fprintf(f, ", \"%s\": {", key) < 0 ||
	       num(f, "", "size", present, UINT64_C(1) << first, size) ||
	       num(f, ", ", "sets", present, UINT64_C(1) << (first + 1), sets) ||
	       num(f, ", ", "block", present, UINT64_C(1) << (first + 2), block) ||
	       fputs("}", f) < 0
		       ? -1
		       : 0;
}

static int harts(FILE *f, const struct coll_context *x)
{
	size_t n = 0;

	if (fputs("        \"harts\": [", f) < 0)
		return -1;
	for (size_t i = 0; i < x->ncpu; i++) {
		const struct rec_cpu *c = &x->cpu[i].f;
		if (x->cpu[i].taken) /* its line was in conflict */
			continue;
		if (fprintf(f, "%s\n          {\"id\": %llu", n++ ? "," : "", (unsigned long long)c->id) < 0 ||
		    str(f, ", ", "isa", x->cpu[i].isa) || str(f, ", ", "mmu", x->cpu[i].mmu) ||
		    num(f, ", ", "clock_hz", c->present, REC_BIT(CPU, clock_hz), c->clock_hz) ||
		    cache(f, "l1i", c->present, REC_F_CPU_l1i_size, c->l1i_size, c->l1i_sets,
			  c->l1i_block) ||
		    cache(f, "l1d", c->present, REC_F_CPU_l1d_size, c->l1d_size, c->l1d_sets,
			  c->l1d_block) ||
		    fputs("}", f) < 0)
			return -1;
	}
	return fputs(n ? "\n        ],\n" : "],\n", f) < 0 ? -1 : 0;
}

static int firmware(FILE *f, const struct coll_run *r)
{
	const struct coll_context *x = &r->ctx;
	return fputs("        \"firmware\": {", f) < 0 ||
	       str(f, "", "version", coll_run_field(r, "fw")) || str(f, ", ", "commit", x->commit) ||
	       str(f, ", ", "cc", x->cc) || str(f, ", ", "cflags", x->cflags) ||
	       fputs("}\n", f) < 0
		       ? -1
		       : 0;
}

int meta_context_expected(const struct coll_run *r)
{
	const char *fmt = coll_run_field(r, "fmt");
	return r->fmt_ok && fmt && strtoull(fmt, NULL, 10) >= 2;
}

int meta_context_write(FILE *f, const struct coll_run *r)
{
	const struct coll_context *x = &r->ctx;
	const struct rec_ctx *c = &x->ctx;

	/* A record a conflict took out was sent: its values are "unknown". */
	if (!x->have_ctx && !x->ncpu && !x->have_build && !x->ctx_taken && !x->build_taken)
		return fputs("      \"context\": null,\n", f) < 0 ? -1 : 0;
	if (fputs("      \"context\": {\n", f) < 0 ||
	    num(f, "        ", "clock_hz", c->present, REC_BIT(CTX, clock_hz), c->clock_hz) ||
	    str(f, ",\n        ", "clock_source", c->clock_src && c->clock_src[0] ? c->clock_src : NULL))
		return -1;
	if ((c->present & REC_BIT(CTX, ref_hz)) &&
	    fprintf(f, ",\n        \"clock_ref_hz\": %llu", (unsigned long long)c->ref_hz) < 0)
		return -1;
	if ((c->present & REC_BIT(CTX, pll)) &&
	    fprintf(f, ",\n        \"core_pll_cfg\": \"0x%08llx\"", (unsigned long long)c->pll) < 0)
		return -1;
	if (fputs(",\n", f) < 0 || l2(f, c) || sbi(f, c) || harts(f, x) || firmware(f, r))
		return -1;
	return fputs("      },\n", f) < 0 ? -1 : 0;
}
