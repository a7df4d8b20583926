/*
 * The rvbench UART line format (version WIRE_VERSION, below): the one
 * definition shared by the firmware (which writes it) and the host
 * collector (which reads it).
 * docs/wire-format.md describes the same thing for people; a unit test
 * parses captured firmware output against this header.
 *
 * A machine line:
 *
 *   @RVB <run> <seq> <TYPE> <fields...> *<crc>\r\n
 *
 *   <run>   8 lower-case hex digits, the run tag (same on every line of a run)
 *   <seq>   decimal line number within the run; the RUN line is 0
 *   <TYPE>  one of the record names below
 *   fields  single-space separated; key=value for all records but S and E
 *           (positional)
 *   <crc>   CRC-16/CCITT-FALSE of every byte from '@' up to and including
 *           the space before '*', as 4 upper-case hex digits
 *
 * Anything that is not such a line (boot banners, human summary lines) is
 * ignored by the collector. Values never contain spaces, '*', '%', '@' or
 * bytes outside 0x21..0x7e: such bytes are written as %XX (upper-case hex).
 */
#ifndef RVBENCH_WIRE_H
#define RVBENCH_WIRE_H

#include <stddef.h>
#include <stdint.h>

/* Format 2 added the hardware-event columns (BENCH events=, E and PMU
 * records); a reader still reads format 1 streams, which have none.
 * Format 3: one CPU line may describe a run of alike harts (last=), and a
 * FLAGS line holds up to REC_FLAGS_TEXT_MAX bytes of text, not 96: fewer
 * bytes before the first sample (a format 2 reader would have kept one
 * hart of such a line, or refused the longer text). */
#define WIRE_VERSION 3
#define WIRE_VERSION_MIN 1
#define WIRE_PREFIX "@RVB "
#define WIRE_PREFIX_LEN 5
/* Longest machine line, terminator included; a longer one is rejected. */
#define WIRE_LINE_MAX 512
/* Most fields on one line (after TYPE). */
#define WIRE_FIELDS_MAX 48
/* Samples in one S record of encoding d (encoding r: CODEC_MAX_SAMPLES). */
#define WIRE_SAMPLES_PER_LINE 16

/* Record names. */
#define WIRE_REC_RUN "RUN"         /* run header: format and platform */
#define WIRE_REC_BENCH "BENCH"     /* benchmark header: name, counts, overhead */
#define WIRE_REC_SAMPLES "S"       /* samples: S <bench-id> <first> <n> <enc> <data...> */
#define WIRE_REC_END "END"         /* end of one benchmark: count, verify */
#define WIRE_REC_FAULT "FAULT"     /* a trap: in a benchmark (id=) or fatal */
#define WIRE_REC_OVERHEAD "OVERHEAD" /* the instrumentation's self-check */
#define WIRE_REC_TP "TP"             /* one tracepoint log entry */
#define WIRE_REC_HART "HART"         /* one hart's state and utilisation */
#define WIRE_REC_TRAILER "TRAILER" /* end of run: counts, CRC-32, status */
#define WIRE_REC_FLAGS "FLAGS"     /* a benchmark's compiler flags (BENCH flags=) */

/* Sample encodings in S records (the compact one, "r", is in codec.h). */
#define WIRE_ENC_DECIMAL "d" /* "<cycles_raw>,<instret_raw>" per sample */

/* Per-sample flags (samples.csv "flags" column, a bit set). */
#define SAMPLE_FLAG_CLAMPED_CYCLES 0x1u  /* raw cycles < overhead: net set to 0 */
#define SAMPLE_FLAG_CLAMPED_INSTRET 0x2u /* raw instret < overhead: net set to 0 */
#define SAMPLE_FLAG_PATH_DIFFERS 0x4u    /* net instret != the block's modal instret */
/* raw value of samples.csv's u-th event column (ev.NAME, u = 0..28) < its
 * overhead: net set to 0 */
#define SAMPLE_FLAG_CLAMPED_EVENT(u) (0x8u << (u))

/* One sample as measured: counter deltas as read, overhead not removed. */
struct wire_sample {
	uint64_t cycles;
	uint64_t instret;
};

/* ---- writing a line ------------------------------------------------------ */

struct wire_writer {
	char *buf;
	size_t cap;
	size_t len;
	int overflow; /* set when a field did not fit: the line must not be sent */
};

/* Starts "@RVB <run> <seq> <type>" in buf. */
void wire_begin(struct wire_writer *w, char *buf, size_t cap, uint32_t run,
		uint32_t seq, const char *type);
/* Appends " <text>" verbatim (text must already be a valid token). */
void wire_add_token(struct wire_writer *w, const char *text);
void wire_add_u64(struct wire_writer *w, uint64_t v);
void wire_add_kv_u64(struct wire_writer *w, const char *key, uint64_t v);
void wire_add_kv_hex(struct wire_writer *w, const char *key, uint64_t v);
/* Appends " key=value" with value %XX-escaped. */
void wire_add_kv_str(struct wire_writer *w, const char *key, const char *value);
/* Whether wire_add_kv_str() sends byte c as %XX (three bytes on the line). */
int wire_needs_escape(unsigned char c);
/* v in base 10 or 16 (lower-case digits), at least min_digits (at most
 * WIRE_NUM_MAX) digits, into out without a NUL; returns how many. The
 * records' numbers, and the firmware's printf-free lines (src/text.c). */
#define WIRE_NUM_MAX 20 /* 2^64-1 has 20 decimal digits */
size_t wire_spell(char out[WIRE_NUM_MAX], uint64_t v, unsigned base, int min_digits);
void wire_add_sample(struct wire_writer *w, const struct wire_sample *s);
/* Appends " *XXXX\r\n" and NUL; returns the line length or -1 on overflow. */
int wire_finish(struct wire_writer *w);

/* ---- reading a line ------------------------------------------------------ */

enum wire_error {
	WIRE_OK = 0,
	WIRE_ERR_NOT_MACHINE = 1, /* no "@RVB " prefix: not ours, ignore */
	WIRE_ERR_TOO_LONG,
	WIRE_ERR_BAD_CHAR,
	WIRE_ERR_NO_CRC,
	WIRE_ERR_BAD_CRC,
	WIRE_ERR_SYNTAX,
	WIRE_ERR_COUNT /* number of error kinds */
};

const char *wire_error_name(enum wire_error e);

struct wire_line {
	uint32_t run;
	uint32_t seq;
	const char *type; /* points into the caller's (modified) buffer */
	unsigned nfields;
	const char *field[WIRE_FIELDS_MAX];
};

/*
 * Parses one line in place (buf is modified: fields are NUL-terminated).
 * len excludes the line terminator; a trailing '\r' is allowed. The line
 * must start at the prefix: the caller finds the prefix in a noisy line.
 */
enum wire_error wire_parse(char *buf, size_t len, struct wire_line *out);

/* Looks up key=value among the fields; NULL when absent. */
const char *wire_field(const struct wire_line *l, const char *key);
/* Strict decimal / hex (no sign, no spaces, no overflow); 0 on success. */
int wire_parse_u64(const char *s, uint64_t *out);
int wire_parse_hex(const char *s, uint64_t *out);
/* Undoes %XX escaping into out (cap bytes incl. NUL); 0 on success. */
int wire_unescape(const char *s, char *out, size_t cap);
/* Parses "<cycles>,<instret>"; 0 on success. */
int wire_parse_sample(const char *s, struct wire_sample *out);

#endif
