/* The CSV writers (csv_out.h): the fields, samples.csv and tracepoints.csv,
 * whose rows are many and go through a buffer of their own; summary.csv
 * and gaps.csv are csv_summary.c's. Values come only from the collector's
 * model. */
#include "csv_out.h"
#include "csv_events.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>

int csv_field(FILE *f, const char *s)
{
	if (!strpbrk(s, ",\"\r\n"))
		return fputs(s, f) < 0 ? -1 : 0;
	if (putc('"', f) == EOF)
		return -1;
	for (; *s; s++) {
		if (*s == '"' && putc('"', f) == EOF)
			return -1;
		if (putc(*s, f) == EOF)
			return -1;
	}
	return putc('"', f) == EOF ? -1 : 0;
}

const char *csv_bench_name(const struct coll_bench *b, char *buf, size_t len)
{
	if (b->have_header)
		return b->name;
	snprintf(buf, len, "#%u", b->id);
	return buf;
}

/* Does byte c of a parameter's name or value need %XX in the params
 * column? Its separators (';' between parameters, '=' after a name), '%'
 * itself, so that the column reads back as the list it was, and what the
 * wire's %XX escapes can make of a value that no reader takes there: a
 * control byte (results_csv.c refuses one in params, a terminal would act
 * on it) or a byte above 0x7e (maybe not UTF-8, which CSV readers such as
 * pandas decode by default). A value keeps '=' as it is: a name ends at
 * the first one. */
static int param_escaped(unsigned char c, int in_name)
{
	return c < 0x20 || c > 0x7e || c == '%' || c == ';' || (in_name && c == '=');
}

/* s at p, its bytes that need it as %XX (upper-case hex, as the wire);
 * returns the new end. */
static char *param_put(char *p, const char *s, int in_name)
{
	for (const unsigned char *q = (const unsigned char *)s; *q; q++)
		if (param_escaped(*q, in_name))
			p += sprintf(p, "%%%02X", *q);
		else
			*p++ = (char)*q;
	return p;
}

char *csv_bench_params(const struct coll_bench *b)
{
	size_t len = 1;
	for (size_t i = 0; i < b->nparam; i++)
		len += 3 * (strlen(b->param[i].key) + strlen(b->param[i].value)) + 2;
	char *s = coll_xrealloc(NULL, len), *p = s;
	for (size_t i = 0; i < b->nparam; i++) {
		if (i)
			*p++ = ';';
		p = param_put(p, b->param[i].key, 1);
		*p++ = '=';
		p = param_put(p, b->param[i].value, 0);
	}
	*p = '\0';
	return s;
}

int csv_block_start(FILE *f, const struct coll_run *r, const struct coll_bench *b)
{
	char nb[16];

	if (fprintf(f, "%08x,", r->tag) < 0 || csv_field(f, csv_bench_name(b, nb, sizeof(nb))) ||
	    fprintf(f, ",%u,", b->id) < 0)
		return -1;
	char *params = csv_bench_params(b);
	int rc = csv_field(f, params);
	free(params);
	if (rc)
		return -1;
	if (!b->have_header)
		return fputs(",,,", f) < 0 ? -1 : 0;
	return fprintf(f, ",%llu,%llu,%llu", (unsigned long long)b->hart,
		       (unsigned long long)b->group, (unsigned long long)b->batch) < 0 ? -1 : 0;
}

/*
 * "0000".."9999", four characters each, made once. A value below 10000 is
 * one 4-byte copy from its entry, started where its digits start, with no
 * branch on its length: the cycle counts of a tight block straddle 100 at
 * random, and a branch on that mispredicted about every other row.
 */
static char digits4[4 * 10000];

static void digits4_init(void)
{
	if (digits4[1])
		return; /* "0001": made */
	for (unsigned v = 0; v < 10000; v++) {
		digits4[4 * v] = (char)('0' + v / 1000);
		digits4[4 * v + 1] = (char)('0' + v / 100 % 10);
		digits4[4 * v + 2] = (char)('0' + v / 10 % 10);
		digits4[4 * v + 3] = (char)('0' + v % 10);
	}
}

/* Appends v in decimal at p and returns the new end; may write up to 3
 * bytes past it (the row buffer has room: CSV_ROW_MAX). Rows are built by
 * hand because printf per field is most of the cost of a large
 * samples.csv. digits4_init() must have run. */
static inline __attribute__((always_inline)) char *put_u64(char *p, uint64_t v)
{
	if (v < 10000) {
		unsigned n = 1u + (v >= 10) + (v >= 100) + (v >= 1000);
		/* Reads into the next entry for n < 4: v < 9999 then. */
		memcpy(p, digits4 + 4 * v + 4 - n, 4);
		return p + n;
	}
	/* Groups of four digits, least significant first, then the 1 to 4
	 * leading digits, written first: their spill is overwritten by the
	 * first group. */
	unsigned group[5], ng = 0;
	while (v >= 10000) {
		group[ng++] = (unsigned)(v % 10000);
		v /= 10000;
	}
	unsigned n = 1u + (v >= 10) + (v >= 100) + (v >= 1000);
	memcpy(p, digits4 + 4 * v + 4 - n, 4);
	p += n;
	while (ng) {
		memcpy(p, digits4 + 4 * group[--ng], 4);
		p += 4;
	}
	return p;
}

/* Output in 256 KiB blocks straight to fwrite (one call per block, not
 * per row); a row is at most CSV_ROW_MAX bytes. */
#define CSV_BUF (256u * 1024u)
#define CSV_ROW_MAX 1024u
/* Every 8 MiB, the kernel is asked to start writing the file out
 * (sync_file_range, asynchronous): the device works while the next rows
 * are formatted, and afile_write()'s fsync has little left to wait for. */
#define CSV_WRITEBACK (8u * 1024u * 1024u)
struct obuf {
	FILE *f;
	size_t n;
	int err;
	off_t done, synced; /* bytes handed to f; bytes asked to be written out */
	char buf[CSV_BUF];
};

static void ob_flush(struct obuf *o)
{
	if (o->n && !o->err && fwrite(o->buf, 1, o->n, o->f) != o->n)
		o->err = 1;
	o->done += (off_t)o->n;
	o->n = 0;
	if (!o->err && o->done - o->synced >= (off_t)CSV_WRITEBACK && !fflush(o->f)) {
		/* A hint only: where it is not supported nothing changes. */
		int fd = fileno(o->f);
		if (fd >= 0) /* the whole file: pages already written out are skipped */
			sync_file_range(fd, 0, 0, SYNC_FILE_RANGE_WRITE);
		o->synced = o->done;
	}
}

/* Room for one row: the write position. */
/* A row buffer on f, the header line already written (*err set if that
 * write failed). */
static struct obuf *ob_open(FILE *f, const char *header, int *err)
{
	struct obuf *o = coll_xrealloc(NULL, sizeof(*o));

	digits4_init(); /* for put_u64(), which every row writer uses */
	o->f = f;
	o->n = 0;
	o->err = 0;
	o->done = o->synced = 0;
	*err = fputs(header, f) < 0 || fputs("\r\n", f) < 0 ? -1 : 0;
	return o;
}

static char *ob_row(struct obuf *o)
{
	if (o->n > CSV_BUF - CSV_ROW_MAX)
		ob_flush(o);
	return o->buf + o->n;
}

static int bench_samples(struct obuf *o, const struct coll_run *r, const struct coll_bench *b,
			 const struct csv_event_cols *ev)
{
	char *prefix = NULL, seed[24] = "";
	size_t plen = 0, slen;
	uint64_t *input;

	if (!b->nreceived)
		return 0;
	/* run,bench,block,params,hart,group,batch: built once per block. */
	FILE *pf = open_memstream(&prefix, &plen);
	if (!pf || csv_block_start(pf, r, b) || fclose(pf))
		return -1;
	if (plen + (size_t)ev->n * CSV_EVENT_COL_BYTES > CSV_ROW_MAX / 2) {
		/* A name, or event columns, too long for the row buffer: plain
		 * stdio for this block. */
		ob_flush(o);
		free(prefix);
		return -2;
	}
	if (r->seed_ok)
		snprintf(seed, sizeof(seed), "0x%llx", (unsigned long long)r->seed);
	slen = strlen(seed);
	/* Copied a fixed 32 bytes a step from zero-padded buffers: the row
	 * buffer has room (CSV_ROW_MAX), and the bytes past the end are
	 * overwritten by the next field. */
	size_t pcap = (plen + 31) / 32 * 32;
	char *pad = coll_xrealloc(NULL, pcap ? pcap : 32), spad[32] = { 0 };
	memset(pad, 0, pcap ? pcap : 32);
	memcpy(pad, prefix, plen);
	memcpy(spad, seed, slen);
	size_t n = (size_t)b->max_index + 1;
	input = coll_xrealloc(NULL, n * sizeof(*input));
	size_t known = coll_bench_inputs(r, b, input, n);
	int *evk = csv_event_map(b, ev);
	const uint64_t ohc = b->oh_cycles, ohi = b->oh_instret, warmup = b->warmup;
	const int have_mode = b->have_mode;
	const uint64_t mode = b->mode_instret;
	for (size_t i = 0; i < n; i++) {
		const struct coll_sample *s = &b->s[i];
		if (!b->present[i])
			continue;
		char *row = ob_row(o), *p = row;
		for (size_t k = 0; k < plen; k += 32)
			memcpy(p + k, pad + k, 32);
		p += plen;
		*p++ = ',';
		p = put_u64(p, i);
		if (b->have_header) {
			/* coll_derive(), inlined: the net values, clamp and path flags. */
			unsigned flags = ev->n ? csv_event_flags(b, i, evk, ev->n) : 0; /* hot path */
			uint64_t cyc = 0, ins = 0;
			int wu = i < warmup;
			if (s->cycles_raw < ohc)
				flags |= SAMPLE_FLAG_CLAMPED_CYCLES;
			else
				cyc = s->cycles_raw - ohc;
			if (s->instret_raw < ohi)
				flags |= SAMPLE_FLAG_CLAMPED_INSTRET;
			else
				ins = s->instret_raw - ohi;
			if (!wu && have_mode && ins != mode)
				flags |= SAMPLE_FLAG_PATH_DIFFERS;
			*p++ = ',';
			*p++ = wu ? '1' : '0';
			*p++ = ',';
			if (i < known)
				p = put_u64(p, input[i]);
			*p++ = ',';
			memcpy(p, spad, 32);
			p += slen;
			*p++ = ',';
			p = put_u64(p, cyc);
			*p++ = ',';
			p = put_u64(p, ins);
			*p++ = ',';
			p = put_u64(p, s->cycles_raw);
			*p++ = ',';
			p = put_u64(p, s->instret_raw);
			*p++ = ',';
			p = put_u64(p, flags);
		} else {
			/* Without the BENCH line the overhead and warmup are unknown:
			 * keep the raw values, leave the derived ones empty. */
			p = stpcpy(p, ",,,");
			memcpy(p, seed, slen);
			p += slen;
			p = stpcpy(p, ",,");
			*p++ = ',';
			p = put_u64(p, s->cycles_raw);
			*p++ = ',';
			p = put_u64(p, s->instret_raw);
			*p++ = ',';
		}
		p = csv_event_row(p, b, i, evk, ev->n);
		*p++ = '\r';
		*p++ = '\n';
		o->n += (size_t)(p - row);
	}
	free(evk);
	free(input);
	free(prefix);
	free(pad);
	return o->err ? -1 : 0;
}

/* The slow path of a block whose row prefix is too long for the buffer. */
static int bench_samples_stdio(FILE *f, const struct coll_run *r, const struct coll_bench *b,
			       const struct csv_event_cols *ev)
{
	char seed[24] = "";
	struct coll_derived d;

	if (r->seed_ok)
		snprintf(seed, sizeof(seed), "0x%llx", (unsigned long long)r->seed);
	size_t n = (size_t)b->max_index + 1;
	uint64_t *input = coll_xrealloc(NULL, n * sizeof(*input));
	size_t known = coll_bench_inputs(r, b, input, n);
	int *evk = csv_event_map(b, ev);
	int rc = 0;
	char *row = coll_xrealloc(NULL, 256 + (size_t)ev->n * CSV_EVENT_COL_BYTES);
	for (size_t i = 0; i < n && !rc; i++) {
		const struct coll_sample *s = &b->s[i];
		char *p = row;
		if (!b->present[i])
			continue;
		coll_derive(r, b, i, &d);
		*p++ = ',';
		p = put_u64(p, i);
		*p++ = ',';
		*p++ = d.warmup ? '1' : '0';
		*p++ = ',';
		if (i < known)
			p = put_u64(p, input[i]);
		p += sprintf(p, ",%s,", seed);
		p = put_u64(p, d.cycles);
		*p++ = ',';
		p = put_u64(p, d.instret);
		*p++ = ',';
		p = put_u64(p, s->cycles_raw);
		*p++ = ',';
		p = put_u64(p, s->instret_raw);
		*p++ = ',';
		p = put_u64(p, d.flags | (b->have_header ? csv_event_flags(b, i, evk, ev->n) : 0));
		p = csv_event_row(p, b, i, evk, ev->n);
		*p++ = '\r';
		*p++ = '\n';
		if (csv_block_start(f, r, b) || fwrite(row, 1, (size_t)(p - row), f) != (size_t)(p - row))
			rc = -1;
	}
	free(row);
	free(evk);
	free(input);
	return rc;
}

int csv_write_samples(FILE *f, const struct collector *c)
{
	int rc;
	struct csv_event_cols ev;
	static const char *const none[] = { "" };
	csv_event_cols(c, &ev);
	char *header = csv_event_header(CSV_SAMPLES_HEADER, &ev, none, 1);
	struct obuf *o = ob_open(f, header, &rc);
	free(header);
	for (size_t i = 0; i < c->nruns && !rc; i++)
		for (size_t j = 0; j < c->runs[i].nbench && !rc; j++) {
			const struct coll_run *r = &c->runs[i];
			rc = bench_samples(o, r, &r->bench[j], &ev);
			if (rc == -2) /* the name does not fit the row buffer */
				rc = bench_samples_stdio(f, r, &r->bench[j], &ev);
		}
	ob_flush(o);
	if (o->err)
		rc = -1;
	free(o);
	csv_event_cols_free(&ev);
	return rc || ferror(f) ? -1 : 0;
}

/* A wire word (at most 15 bytes, no '%' and no space, but a later
 * firmware's may hold any other byte) as a CSV field: quoted when it holds
 * a comma or a quote, its quotes doubled. Fits any row: 2 + 2 * 15. */
static char *put_word(char *p, const char *w)
{
	int quote = strpbrk(w, ",\"\r\n") != NULL;

	if (quote)
		*p++ = '"';
	for (; *w; w++) {
		if (*w == '"')
			*p++ = '"';
		*p++ = *w;
	}
	if (quote)
		*p++ = '"';
	return p;
}

int csv_write_tracepoints(FILE *f, const struct collector *c)
{
	int rc;
	struct obuf *o = ob_open(f, CSV_TRACEPOINTS_HEADER, &rc);
	for (size_t i = 0; i < c->nruns && !rc; i++) {
		const struct coll_run *r = &c->runs[i];
		char tag[9];
		snprintf(tag, sizeof(tag), "%08x", r->tag);
		for (size_t k = 0; k < r->ntp; k++) {
			const struct coll_tp *t = &r->tp[k];
			char *row = ob_row(o), *p = row;
			memcpy(p, tag, 8);
			p += 8;
			*p++ = ',';
			p = put_u64(p, t->key);
			*p++ = ',';
			p = put_u64(p, t->hart);
			*p++ = ',';
			p = put_u64(p, t->start);
			*p++ = ',';
			p = put_u64(p, t->cycles);
			*p++ = ',';
			p = put_u64(p, t->instret);
			*p++ = ',';
			/* Both empty from a firmware that sent neither. */
			if (t->has_block) {
				p = put_u64(p, t->block);
				*p++ = ',';
				p = put_word(p, t->phase);
			} else {
				*p++ = ',';
			}
			*p++ = '\r';
			*p++ = '\n';
			o->n += (size_t)(p - row);
		}
	}
	ob_flush(o);
	if (o->err)
		rc = -1;
	free(o);
	return rc || ferror(f) ? -1 : 0;
}

int csv_tracepoints_writer(FILE *f, void *ctx)
{
	return csv_write_tracepoints(f, ctx);
}

int csv_samples_writer(FILE *f, void *ctx)
{
	return csv_write_samples(f, ctx);
}
