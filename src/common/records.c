/*
 * The record tables of records.h turned into descriptors, and the one
 * writer and the one reader every record goes through. Compiled into the
 * firmware (writer) and the host (reader, and the writer for test streams).
 */
#include "records.h"

#include <string.h>

/* ---- descriptors ---------------------------------------------------------- */

#define REC_NEED(need) REC_NEED_##need
#define REC_FIELD_DESC(T, lower, name, type, need, limit) \
	{ #name, REC_T_##type, REC_NEED(need), (uint64_t)(limit), offsetof(struct rec_##lower, name) },
#define REC_FIELD_REQ_BIT(T, name, need) (REC_NEED(need) == REC_NEED_REQ ? REC_BIT(T, name) : 0) |

#define REC_DESC_FIELDS(T, lower)                                                        \
	static const struct rec_field rec_fields_##lower[] = { REC_FIELDS_##T(REC_FD_##T) };
#define REC_FD_RUN(n, t, need, l) REC_FIELD_DESC(RUN, run, n, t, need, l)
#define REC_FD_CTX(n, t, need, l) REC_FIELD_DESC(CTX, ctx, n, t, need, l)
#define REC_FD_CPU(n, t, need, l) REC_FIELD_DESC(CPU, cpu, n, t, need, l)
#define REC_FD_BUILD(n, t, need, l) REC_FIELD_DESC(BUILD, build, n, t, need, l)
#define REC_FD_OVERHEAD(n, t, need, l) REC_FIELD_DESC(OVERHEAD, overhead, n, t, need, l)
#define REC_FD_BENCH(n, t, need, l) REC_FIELD_DESC(BENCH, bench, n, t, need, l)
#define REC_FD_S(n, t, need, l) REC_FIELD_DESC(S, s, n, t, need, l)
#define REC_FD_FAULT(n, t, need, l) REC_FIELD_DESC(FAULT, fault, n, t, need, l)
#define REC_FD_END(n, t, need, l) REC_FIELD_DESC(END, end, n, t, need, l)
#define REC_FD_TP(n, t, need, l) REC_FIELD_DESC(TP, tp, n, t, need, l)
#define REC_FD_HART(n, t, need, l) REC_FIELD_DESC(HART, hart, n, t, need, l)
#define REC_FD_TRAILER(n, t, need, l) REC_FIELD_DESC(TRAILER, trailer, n, t, need, l)
#define REC_FD_FLAGS(n, t, need, l) REC_FIELD_DESC(FLAGS, flags, n, t, need, l)
#define REC_FD_E(n, t, need, l) REC_FIELD_DESC(E, e, n, t, need, l)
#define REC_FD_PMU(n, t, need, l) REC_FIELD_DESC(PMU, pmu, n, t, need, l)

#define REC_RB_RUN(n, t, need, l) REC_FIELD_REQ_BIT(RUN, n, need)
#define REC_RB_CTX(n, t, need, l) REC_FIELD_REQ_BIT(CTX, n, need)
#define REC_RB_CPU(n, t, need, l) REC_FIELD_REQ_BIT(CPU, n, need)
#define REC_RB_BUILD(n, t, need, l) REC_FIELD_REQ_BIT(BUILD, n, need)
#define REC_RB_OVERHEAD(n, t, need, l) REC_FIELD_REQ_BIT(OVERHEAD, n, need)
#define REC_RB_BENCH(n, t, need, l) REC_FIELD_REQ_BIT(BENCH, n, need)
#define REC_RB_S(n, t, need, l) REC_FIELD_REQ_BIT(S, n, need)
#define REC_RB_FAULT(n, t, need, l) REC_FIELD_REQ_BIT(FAULT, n, need)
#define REC_RB_END(n, t, need, l) REC_FIELD_REQ_BIT(END, n, need)
#define REC_RB_TP(n, t, need, l) REC_FIELD_REQ_BIT(TP, n, need)
#define REC_RB_HART(n, t, need, l) REC_FIELD_REQ_BIT(HART, n, need)
#define REC_RB_TRAILER(n, t, need, l) REC_FIELD_REQ_BIT(TRAILER, n, need)
#define REC_RB_FLAGS(n, t, need, l) REC_FIELD_REQ_BIT(FLAGS, n, need)
#define REC_RB_E(n, t, need, l) REC_FIELD_REQ_BIT(E, n, need)
#define REC_RB_PMU(n, t, need, l) REC_FIELD_REQ_BIT(PMU, n, need)

#define REC_FIELD_ARRAY(T, lower, shape) REC_DESC_FIELDS(T, lower)
REC_TYPES(REC_FIELD_ARRAY)

#define REC_SHAPE_KV 0
#define REC_SHAPE_POS 1
#define REC_DESC_ENTRY(T, lower, shape)                                              \
	[REC_##T] = { #T, REC_SHAPE_##shape, rec_fields_##lower, REC_NF_##T,          \
		      REC_FIELDS_##T(REC_RB_##T) 0, sizeof(struct rec_##lower) },
const struct rec_desc rec_desc[REC_TYPE_COUNT] = { REC_TYPES(REC_DESC_ENTRY) };

/* Every field fits the presence mask. */
#define REC_FITS(T, lower, shape) _Static_assert(REC_NF_##T <= 64, #T " has too many fields");
REC_TYPES(REC_FITS)

/* ---- words ---------------------------------------------------------------- */

#define REC_WORD_NAME(e, word) [e] = word,
#define REC_WORD_SET_TABLE(set, LIST) \
	const char *const rec_##set##_name[REC_##set##_count] = { LIST(REC_WORD_NAME) };
REC_WORD_SETS(REC_WORD_SET_TABLE)

int rec_word(const char *const *names, unsigned n, const char *s)
{
	for (unsigned i = 0; i < n; i++)
		if (!strcmp(names[i], s))
			return (int)i;
	return -1;
}

int rec_type_of(const char *name)
{
	for (int t = 0; t < REC_TYPE_COUNT; t++)
		if (!strcmp(rec_desc[t].name, name))
			return t;
	return -1;
}

/* ---- writing -------------------------------------------------------------- */

void rec_begin(struct wire_writer *w, char *buf, size_t cap, uint32_t run, uint32_t seq,
	       enum rec_type t)
{
	wire_begin(w, buf, cap, run, seq, rec_desc[t].name);
}

/* Decimal of a signed value, as I64 fields and parameters carry it. */
static void i64_text(int64_t v, char out[21])
{
	uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
	char digits[20];
	int n = 0, k = 0;

	do {
		digits[n++] = (char)('0' + u % 10);
		u /= 10;
	} while (u);
	if (v < 0)
		out[k++] = '-';
	while (n)
		out[k++] = digits[--n];
	out[k] = '\0';
}

void rec_write(struct wire_writer *w, enum rec_type t, const void *rec)
{
	const struct rec_desc *d = &rec_desc[t];
	const uint64_t present = *(const uint64_t *)rec;

	for (unsigned i = 0; i < d->nfields; i++) {
		const struct rec_field *f = &d->field[i];
		const void *v = (const char *)rec + f->offset;
		char num[21];

		if (f->need == REC_NEED_OPT && !(present >> i & 1))
			continue;
		switch (f->type) {
		case REC_T_U64:
			if (d->positional)
				wire_add_u64(w, *(const uint64_t *)v);
			else
				wire_add_kv_u64(w, f->key, *(const uint64_t *)v);
			break;
		case REC_T_HEX:
			wire_add_kv_hex(w, f->key, *(const uint64_t *)v);
			break;
		case REC_T_I64:
			i64_text(*(const int64_t *)v, num);
			wire_add_kv_str(w, f->key, num);
			break;
		case REC_T_STR:
		case REC_T_WORD:
			if (d->positional)
				wire_add_token(w, *(const char *const *)v);
			else
				wire_add_kv_str(w, f->key, *(const char *const *)v);
			break;
		}
	}
}

void rec_write_param(struct wire_writer *w, const char *name, int64_t value)
{
	char key[40] = "p.", num[21];

	strncat(key, name, sizeof(key) - 3);
	i64_text(value, num);
	wire_add_kv_str(w, key, num);
}

/* ---- reading -------------------------------------------------------------- */

int rec_parse_i64(const char *s, int64_t *out)
{
	uint64_t u;

	if (*s != '-') {
		if (wire_parse_u64(s, &u) || u > INT64_MAX)
			return -1;
		*out = (int64_t)u;
		return 0;
	}
	/* "-0" is not a spelling of 0: one spelling per value */
	if (wire_parse_u64(s + 1, &u) || !u || u > (uint64_t)INT64_MAX + 1)
		return -1;
	*out = u == (uint64_t)INT64_MAX + 1 ? INT64_MIN : -(int64_t)u;
	return 0;
}

/* The value of field i of d in line l, or NULL when absent. */
static const char *field_text(const struct wire_line *l, const struct rec_desc *d, unsigned i)
{
	if (d->positional)
		return i < l->nfields ? l->field[i] : NULL;
	return wire_field(l, d->field[i].key);
}

/* One field's text into its member; 0 ok, 1 malformed, 2 over the limit. */
static int read_field(const struct rec_field *f, const char *s, void *v, char **text,
		      size_t *left)
{
	uint64_t u;
	size_t len;

	switch (f->type) {
	case REC_T_U64:
	case REC_T_HEX:
		if (f->type == REC_T_U64 ? wire_parse_u64(s, &u) : wire_parse_hex(s, &u))
			return 1;
		*(uint64_t *)v = u;
		return f->limit && u > f->limit ? 2 : 0;
	case REC_T_I64:
		return rec_parse_i64(s, (int64_t *)v) ? 1 : 0;
	case REC_T_WORD:
		len = strlen(s);
		if (!len || strchr(s, '%'))
			return 1;
		*(const char **)v = s;
		return f->limit && len > f->limit ? 2 : 0;
	case REC_T_STR:
		/* unescaping never makes a value longer */
		if (wire_unescape(s, *text, *left))
			return 1;
		*(const char **)v = *text;
		len = strlen(*text);
		*text += len + 1;
		*left -= len + 1;
		return f->limit && len > f->limit ? 2 : 0;
	}
	return 1;
}

int rec_read(const struct wire_line *l, enum rec_type t, void *rec, char *text, size_t cap,
	     struct rec_check *why)
{
	const struct rec_desc *d = &rec_desc[t];
	uint64_t *present = rec;

	*why = (struct rec_check){ 0 };
	memset(rec, 0, d->size);
	for (unsigned i = 0; i < d->nfields; i++) {
		const struct rec_field *f = &d->field[i];
		const char *s = field_text(l, d, i);
		uint64_t bit = UINT64_C(1) << i;

		if (!s) {
			if (f->need == REC_NEED_REQ)
				why->missing |= bit;
			continue;
		}
		switch (read_field(f, s, (char *)rec + f->offset, &text, &cap)) {
		case 0:
			*present |= bit;
			break;
		case 1:
			why->malformed |= bit;
			break;
		default:
			*present |= bit; /* the value is there, for a message */
			why->over |= bit;
			break;
		}
	}
	return why->missing || why->malformed || why->over ? -1 : 0;
}
