/*
 * The wire codec: writing and reading machine lines (format in wire.h and
 * docs/wire-format.md). No libc formatting is used, so the firmware and the
 * host produce byte-identical lines and the code has no locale or printf
 * variant to depend on.
 */
#include "wire.h"

#include "crc.h"

#include <string.h>

static const char hex_upper[] = "0123456789ABCDEF";
static const char hex_lower[] = "0123456789abcdef";

/*
 * Every byte goes through put_bytes(), the one place that checks room
 * (keeping it for the CRC suffix " *XXXX\r\n" and the NUL), and numbers
 * are spelled into a buffer first. Not inlined: under QEMU each distinct
 * block of code the firmware runs costs a translation, and the one-byte
 * writer's check, copied into each caller, came to 60 blocks before the
 * first sample; one shared writer of byte runs is 39 blocks fewer
 * (docs/performance.md).
 */
__attribute__((noinline)) static void put_bytes(struct wire_writer *w, const char *s, size_t n)
{
	if (w->len + n + 9 > w->cap || w->len + n + 9 > WIRE_LINE_MAX) {
		w->overflow = 1;
		return;
	}
	for (size_t i = 0; i < n; i++)
		w->buf[w->len + i] = s[i];
	w->len += n;
}

static void put_str(struct wire_writer *w, const char *s)
{
	put_bytes(w, s, strlen(s));
}

size_t wire_spell(char out[WIRE_NUM_MAX], uint64_t v, unsigned base, int min_digits)
{
	char digits[WIRE_NUM_MAX];
	int n = WIRE_NUM_MAX;

	do {
		digits[--n] = hex_lower[v % base];
		v /= base;
	} while (n > 0 && (v || WIRE_NUM_MAX - n < min_digits));
	for (int i = n; i < WIRE_NUM_MAX; i++)
		out[i - n] = digits[i];
	return (size_t)(WIRE_NUM_MAX - n);
}

/* v in the given base (10 or 16), at least min_digits digits. */
__attribute__((noinline)) static void put_num(struct wire_writer *w, uint64_t v,
					      unsigned base, int min_digits)
{
	char digits[WIRE_NUM_MAX];

	put_bytes(w, digits, wire_spell(digits, v, base, min_digits));
}

static void put_dec(struct wire_writer *w, uint64_t v)
{
	put_num(w, v, 10, 1);
}

/* " key=": what every key-value field starts with. */
static void put_key(struct wire_writer *w, const char *key)
{
	put_bytes(w, " ", 1);
	put_str(w, key);
	put_bytes(w, "=", 1);
}

void wire_begin(struct wire_writer *w, char *buf, size_t cap, uint32_t run,
		uint32_t seq, const char *type)
{
	w->buf = buf;
	w->cap = cap;
	w->len = 0;
	w->overflow = 0;
	put_str(w, WIRE_PREFIX);
	put_num(w, run, 16, 8);
	put_bytes(w, " ", 1);
	put_dec(w, seq);
	put_bytes(w, " ", 1);
	put_str(w, type);
}

void wire_add_token(struct wire_writer *w, const char *text)
{
	put_bytes(w, " ", 1);
	put_str(w, text);
}

void wire_add_u64(struct wire_writer *w, uint64_t v)
{
	put_bytes(w, " ", 1);
	put_dec(w, v);
}

void wire_add_kv_u64(struct wire_writer *w, const char *key, uint64_t v)
{
	put_key(w, key);
	put_dec(w, v);
}

void wire_add_kv_hex(struct wire_writer *w, const char *key, uint64_t v)
{
	put_key(w, key);
	put_bytes(w, "0x", 2);
	put_num(w, v, 16, 1);
}

/* '@' too: a value must never contain the line prefix "@RVB ", which
 * the collector looks for to find where a machine line starts. */
int wire_needs_escape(unsigned char c)
{
	return c <= 0x20 || c >= 0x7f || c == '%' || c == '*' || c == '@';
}

void wire_add_kv_str(struct wire_writer *w, const char *key, const char *value)
{
	put_key(w, key);
	/* The plain runs whole, each escape as its three bytes. */
	for (const char *p = value; *p;) {
		size_t n = 0;
		while (p[n] && !wire_needs_escape((unsigned char)p[n]))
			n++;
		put_bytes(w, p, n);
		p += n;
		if (*p) {
			unsigned char c = (unsigned char)*p++;
			char esc[3] = { '%', hex_upper[c >> 4], hex_upper[c & 0xF] };
			put_bytes(w, esc, 3);
		}
	}
}

void wire_add_sample(struct wire_writer *w, const struct wire_sample *s)
{
	put_bytes(w, " ", 1);
	put_dec(w, s->cycles);
	put_bytes(w, ",", 1);
	put_dec(w, s->instret);
}

int wire_finish(struct wire_writer *w)
{
	if (w->overflow)
		return -1;
	/* put_bytes() always left room for these 9 bytes. */
	w->buf[w->len++] = ' ';
	uint16_t crc = crc16_ccitt_false(w->buf, w->len);
	w->buf[w->len++] = '*';
	for (int shift = 12; shift >= 0; shift -= 4)
		w->buf[w->len++] = hex_upper[(crc >> shift) & 0xF];
	w->buf[w->len++] = '\r';
	w->buf[w->len++] = '\n';
	w->buf[w->len] = '\0';
	return (int)w->len;
}

/* ---- reading ------------------------------------------------------------- */

const char *wire_error_name(enum wire_error e)
{
	switch (e) {
	case WIRE_OK: return "ok";
	case WIRE_ERR_NOT_MACHINE: return "not_machine";
	case WIRE_ERR_TOO_LONG: return "too_long";
	case WIRE_ERR_BAD_CHAR: return "bad_char";
	case WIRE_ERR_NO_CRC: return "no_crc";
	case WIRE_ERR_BAD_CRC: return "bad_crc";
	case WIRE_ERR_SYNTAX: return "syntax";
	case WIRE_ERR_COUNT: break;
	}
	return "unknown";
}

static int hex_value(char c, int upper_only)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	if (!upper_only && c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

int wire_parse_u64(const char *s, uint64_t *out)
{
	uint64_t v = 0;

	if (!*s || (s[0] == '0' && s[1]))
		return -1; /* empty, or a leading zero: one spelling per value */
	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			return -1;
		unsigned d = (unsigned)(*s - '0');
		if (v > (UINT64_MAX - d) / 10)
			return -1;
		v = v * 10 + d;
	}
	*out = v;
	return 0;
}

int wire_parse_hex(const char *s, uint64_t *out)
{
	uint64_t v = 0;
	int digits = 0;

	if (s[0] == '0' && s[1] == 'x')
		s += 2;
	for (; *s; s++) {
		int d = (*s >= 'a' && *s <= 'f') ? *s - 'a' + 10 : (*s >= '0' && *s <= '9') ? *s - '0' : -1;
		if (d < 0 || ++digits > 16)
			return -1;
		v = (v << 4) | (uint64_t)d;
	}
	if (!digits)
		return -1;
	*out = v;
	return 0;
}

int wire_unescape(const char *s, char *out, size_t cap)
{
	size_t n = 0;

	if (!cap)
		return -1;
	while (*s) {
		int c = (unsigned char)*s;
		if (c == '%') {
			int hi = hex_value(s[1], 1);
			int lo = hi < 0 ? -1 : hex_value(s[2], 1);
			if (lo < 0)
				return -1;
			c = hi << 4 | lo;
			if (c == 0)
				return -1;
			s += 3;
		} else {
			s++;
		}
		if (n + 1 >= cap)
			return -1;
		out[n++] = (char)c;
	}
	out[n] = '\0';
	return 0;
}

int wire_parse_sample(const char *s, struct wire_sample *out)
{
	char first[21];
	const char *comma = strchr(s, ',');
	size_t n = comma ? (size_t)(comma - s) : 0;

	if (!comma || n == 0 || n >= sizeof(first))
		return -1;
	memcpy(first, s, n);
	first[n] = '\0';
	if (wire_parse_u64(first, &out->cycles) || wire_parse_u64(comma + 1, &out->instret))
		return -1;
	return 0;
}

const char *wire_field(const struct wire_line *l, const char *key)
{
	size_t klen = strlen(key);

	/* The first byte first: a record reader looks up every key of its
	 * record, so most comparisons fail there, without a call. */
	for (unsigned i = 0; i < l->nfields; i++)
		if (l->field[i][0] == key[0] && !strncmp(l->field[i], key, klen) &&
		    l->field[i][klen] == '=')
			return l->field[i] + klen + 1;
	return NULL;
}

enum wire_error wire_parse(char *buf, size_t len, struct wire_line *out)
{
	if (len && buf[len - 1] == '\r')
		len--;
	if (len < WIRE_PREFIX_LEN || memcmp(buf, WIRE_PREFIX, WIRE_PREFIX_LEN))
		return WIRE_ERR_NOT_MACHINE;
	if (len + 2 > WIRE_LINE_MAX)
		return WIRE_ERR_TOO_LONG;
	for (size_t i = 0; i < len; i++)
		if ((unsigned char)buf[i] < 0x20 || (unsigned char)buf[i] > 0x7e)
			return WIRE_ERR_BAD_CHAR;

	/* " *XXXX" closes every line. */
	if (len < WIRE_PREFIX_LEN + 6 || buf[len - 6] != ' ' || buf[len - 5] != '*')
		return WIRE_ERR_NO_CRC;
	unsigned crc = 0;
	for (size_t i = len - 4; i < len; i++) {
		int d = hex_value(buf[i], 1);
		if (d < 0)
			return WIRE_ERR_NO_CRC;
		crc = crc << 4 | (unsigned)d;
	}
	if (crc16_ccitt_false(buf, len - 5) != crc)
		return WIRE_ERR_BAD_CRC;

	/* Split "<run> <seq> <TYPE> fields..." on single spaces. */
	char *p = buf + WIRE_PREFIX_LEN;
	char *end = buf + len - 6;
	char *tok[3 + WIRE_FIELDS_MAX];
	unsigned ntok = 0;
	*end = '\0';
	while (p < end) {
		char *sp = memchr(p, ' ', (size_t)(end - p));
		if (sp == p || ntok == sizeof(tok) / sizeof(tok[0]))
			return WIRE_ERR_SYNTAX; /* empty token, or too many */
		tok[ntok++] = p;
		if (!sp)
			break;
		*sp = '\0';
		p = sp + 1;
		if (p == end)
			return WIRE_ERR_SYNTAX; /* trailing space */
	}
	if (ntok < 3 || strlen(tok[0]) != 8 || strspn(tok[0], "0123456789abcdef") != 8)
		return WIRE_ERR_SYNTAX;

	uint64_t run, seq;
	if (wire_parse_hex(tok[0], &run) || wire_parse_u64(tok[1], &seq) || seq > UINT32_MAX)
		return WIRE_ERR_SYNTAX;
	for (const char *t = tok[2]; *t; t++)
		if (*t < 'A' || *t > 'Z')
			return WIRE_ERR_SYNTAX;

	out->run = (uint32_t)run;
	out->seq = (uint32_t)seq;
	out->type = tok[2];
	out->nfields = ntok - 3;
	for (unsigned i = 0; i < out->nfields; i++)
		out->field[i] = tok[3 + i];
	return WIRE_OK;
}
