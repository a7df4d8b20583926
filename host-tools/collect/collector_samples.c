/*
 * Stream decoder, the S records (collector_records.h): a block's samples
 * into its store. The decoder's hot path (docs/performance.md): the
 * header's positions and the id's limit come from the record table, but
 * are read here directly rather than through rec_read(), whose generic
 * loop costs a measurable part of a line of encoding r; the samples go
 * through the one-pass parsers below.
 */
#include "collector_records.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "codec.h"
#include "crc.h"

/* Without its BENCH line a benchmark's size is unknown: a smaller cap
 * than a header may announce. */
#define COLL_HEADERLESS_MAX (1ull << 22)
/* And all of them together, in every run of the stream: a block without
 * a header grows its store to the highest index a line names (its
 * presence bytes written), so 4096 lines of a few bytes each could ask
 * for gigabytes. 2^24 samples is 256 blocks of the firmware's largest
 * (HARNESS_MAX_SAMPLES) whose BENCH lines were all lost. */
#define COLL_HEADERLESS_TOTAL (1ull << 24)

/*
 * Asks the kernel to map the whole pages of a fresh allocation at once
 * (Linux 5.14's MADV_POPULATE_WRITE): one call instead of a page fault
 * every 4 KiB while the samples arrive, about a tenth of the decoding
 * time of a large run. Only a large block is worth it, and only up to
 * 2^22 samples (64 MiB): a header announcing more may be a damaged
 * number, and its pages are left to be touched, or not. Nor is it done
 * past COLL_PREFAULT_TOTAL in all: 4096 BENCH lines announcing 2^22
 * samples each, 150 bytes apiece, would otherwise map 256 GiB that no
 * sample may ever fill. The budget holds the 40 million samples of
 * docs/performance.md's largest stream. Where the kernel refuses, the
 * pages fault in as before.
 */
#define COLL_PREFAULT_TOTAL (1ull << 30)

static void prefault(struct collector *c, void *p, size_t bytes)
{
#ifdef MADV_POPULATE_WRITE
	const uintptr_t page = 4096;
	uintptr_t start = ((uintptr_t)p + page - 1) & ~(page - 1);
	uintptr_t end = ((uintptr_t)p + bytes) & ~(page - 1);
	if (bytes >= (1u << 20) && bytes <= (64u << 20) && end > start &&
	    c->prefaulted + (end - start) <= COLL_PREFAULT_TOTAL) {
		c->prefaulted += end - start;
		(void)madvise((void *)start, end - start, MADV_POPULATE_WRITE);
	}
#else
	(void)c;
	(void)p;
	(void)bytes;
#endif
}

/* Room for samples 0..n-1 of b (limit: its size, when its header came).
 * Returns 0, or -1 when a block without a header would go past the
 * budget of all such blocks (nothing allocated then). */
static int reserve_samples(struct collector *c, struct coll_bench *b, uint64_t n, uint64_t limit)
{
	if (n <= b->ncap)
		return 0;
	if (!b->s && b->have_header && limit) {
		/* The block's size is known: one allocation, never moved, of
		 * calloc's zeroed pages. The samples are only written, and only
		 * the presence bytes, a sixteenth of the size, are read first. */
		if (!(b->s = calloc((size_t)limit, sizeof(*b->s))) ||
		    !(b->present = calloc((size_t)limit, 1))) {
			fputs("rvbench: out of memory\n", stderr);
			abort();
		}
		b->ncap = (size_t)limit;
		prefault(c, b->s, (size_t)limit * sizeof(*b->s));
		return 0;
	}
	size_t cap = b->ncap ? b->ncap : 64;
	while (cap < n)
		cap *= 2;
	if (!b->have_header) {
		if (c->headerless_slots + (cap - b->ncap) > COLL_HEADERLESS_TOTAL)
			return -1;
		c->headerless_slots += cap - b->ncap;
	}
	b->s = coll_xrealloc(b->s, cap * sizeof(*b->s));
	b->present = coll_xrealloc(b->present, cap);
	memset(b->present + b->ncap, 0, cap - b->ncap);
	b->ncap = cap;
	return 0;
}

/* One strict decimal (wire_parse_u64's rules: digits only, no leading
 * zero, no overflow) ending at stop; returns the end or NULL. Up to 19
 * digits cannot overflow, so only a 20-digit value is checked. */
static const char *parse_dec(const char *s, char stop, uint64_t *out)
{
	uint64_t v = 0;
	const char *p = s;
	unsigned d;

	if (*p == '0' && p[1] != stop)
		return NULL;
	while ((d = (unsigned)(unsigned char)*p - '0') <= 9 && p - s < 19) {
		v = v * 10 + d;
		p++;
	}
	if (d <= 9) { /* a 20th digit */
		if (v > (UINT64_MAX - d) / 10)
			return NULL;
		v = v * 10 + d;
		p++;
	}
	if (p == s || *p != stop)
		return NULL;
	*out = v;
	return p;
}

/* "<cycles>,<instret>", exactly what wire_parse_sample() accepts, in one
 * pass (the hot loop of a decimal stream). */
static int parse_pair(const char *s, struct wire_sample *out)
{
	const char *p = parse_dec(s, ',', &out->cycles);
	return p && parse_dec(p + 1, '\0', &out->instret) ? 0 : -1;
}

/* The n samples of an S line of encoding enc into s[]: 0, or -1 with *why
 * set. data: the line's fields after the positional ones. */
static int decode_data(int enc, uint64_t n, const char *const *data, unsigned ndata,
		       struct wire_sample *s, const char **why)
{
	if (enc == REC_ENC_DECIMAL) {
		if (n < 1 || n > WIRE_SAMPLES_PER_LINE || ndata != n) {
			*why = "S line whose sample count does not match";
			return -1;
		}
		for (unsigned i = 0; i < n; i++)
			if (parse_pair(data[i], &s[i])) {
				*why = "S line with a bad sample";
				return -1;
			}
	} else if (enc == REC_ENC_RICE) {
		if (n < 1 || n > CODEC_MAX_SAMPLES || ndata != 1) {
			*why = "S line whose sample count does not match";
			return -1;
		}
		if (codec_decode(data[0], s, (unsigned)n)) {
			*why = "S line with a bad sample token";
			return -1;
		}
	} else {
		*why = "S line with an unknown encoding";
		return -1;
	}
	return 0;
}

const char *coll_rec_samples(struct collector *c, struct coll_run *r, const struct wire_line *l,
			     uint32_t seq, size_t bytes)
{
	const char *const *f = l->field;
	struct wire_sample s[CODEC_MAX_SAMPLES];
	uint64_t id, first, n;
	const char *why;

	/* S <block-id> <first-index> <n> <enc> <data...>: U64 fields and a
	 * WORD (one of the encoding names, so no other check is needed). */
	if (l->nfields <= REC_NF_S || wire_parse_u64(f[REC_F_S_id], &id) ||
	    wire_parse_u64(f[REC_F_S_first], &first) || wire_parse_u64(f[REC_F_S_n], &n))
		return "S line with a bad header";
	if (id > REC_FIELD(S, id)->limit)
		return "S line with a bench id out of range";
	if (coll_bench_unannounced(r, id))
		return "S line for a block the RUN line never announced";
	int enc = REC_WORD(encoding, f[REC_F_S_enc]);
	if (decode_data(enc, n, f + REC_NF_S, l->nfields - REC_NF_S, s, &why))
		return why;
	struct coll_bench *b = coll_bench_at(r, id);
	uint64_t limit = b->have_header ? b->warmup + b->samples : COLL_HEADERLESS_MAX;
	if (first > limit || n > limit - first)
		return "S line beyond the benchmark's sample count";
	if (reserve_samples(c, b, first + n, limit))
		return "S line of a block without a BENCH line, past the samples kept for such blocks";
	if (memchr(b->present + first, 1, n))
		return "S line repeating samples already received";
	_Static_assert(sizeof(struct coll_sample) == sizeof(struct wire_sample) &&
			       offsetof(struct coll_sample, instret_raw) ==
				       offsetof(struct wire_sample, instret),
		       "a block's store takes decoded samples as they are");
	memcpy(b->s + first, s, n * sizeof(*s));
	memset(b->present + first, 1, n);
	b->nreceived += n;
	if (first + n - 1 > b->max_index || b->nreceived == n)
		b->max_index = first + n - 1;
	coll_note_bench_seq(b, seq);
	coll_note_use(r, seq, COLL_USE_SAMPLES, (uint32_t)id, first, n);
	if (id <= r->crc_bench)
		coll_crc_advance(r);
	r->s_lines++;
	r->s_lines_enc[enc == REC_ENC_RICE]++;
	r->s_bytes += bytes;
	r->s_samples += n;
	return NULL;
}

/* The S line of seq (samples first..first+n-1 of b), read before b's
 * BENCH line and beyond the limit it announced: refused now as it would
 * have been after it, all of its samples, none of its values kept. The
 * wire figures (s_lines, s_bytes) keep it: they measure what was read. */
static void refuse_early(struct collector *c, struct coll_run *r, struct coll_bench *b,
			 uint32_t seq, uint64_t first, uint64_t n, uint64_t limit)
{
	uint64_t had = 0;

	for (uint64_t i = first; i < first + n && i < b->ncap; i++) {
		had += b->present[i];
		b->present[i] = 0;
	}
	b->nreceived -= had;
	/* Still a line of b: a conflict on its seq marks the block. */
	coll_note_use(r, seq, COLL_USE_SAMPLES, b->id, 0, 0);
	c->rejected[COLL_REJ_INVALID]++;
	r->rejected[COLL_REJ_INVALID]++;
	c->lines_accepted--;
	coll_push_str(&r->issue, &r->nissue,
		      coll_strdupf("seq %u: S line beyond the benchmark's sample count (samples "
				   "%llu-%llu, but its BENCH line, which came later, announced %llu)",
				   seq, (unsigned long long)first, (unsigned long long)(first + n - 1),
				   (unsigned long long)limit));
}

void coll_recheck_samples(struct collector *c, struct coll_run *r, struct coll_bench *b)
{
	uint64_t limit = b->warmup + b->samples;
	struct coll_line_use u;

	/* BENCH first, the firmware's order, leaves nothing to check. */
	if (!b->nreceived || b->max_index < limit)
		return;
	/* Every line of b has a seq up to max_seq (the rare path: the lines
	 * came out of order). */
	for (uint32_t seq = 1; seq <= b->max_seq; seq++)
		if (!coll_use_of(r, seq, &u) && u.block == b->id && u.use == COLL_USE_SAMPLES &&
		    u.n && u.first + u.n > limit)
			refuse_early(c, r, b, seq, u.first, u.n, limit);
	b->max_index = 0;
	for (uint64_t i = limit < b->ncap ? limit : b->ncap; i-- > 0;)
		if (b->present[i]) {
			b->max_index = i;
			break;
		}
	/* The run's CRC-32 cursor may have folded refused samples in: start
	 * it over (it catches up on the next S or END line). */
	r->crc_run = crc32_init();
	r->crc_bench = 0;
	r->crc_next = 0;
}
