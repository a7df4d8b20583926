/*
 * The wire codec shared by firmware and host: golden lines (CRCs computed
 * independently in Python), round trips, escaping, strict parsing, and
 * that no single-bit corruption of a line is ever accepted as a different
 * line.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "wire.h"

static void writer_makes_golden_sample_line(void **s)
{
	(void)s;
	char buf[WIRE_LINE_MAX];
	struct wire_writer w;
	struct wire_sample a = { 100, 100 }, b = { 7, 8 };

	wire_begin(&w, buf, sizeof(buf), 0xbeef, 3, WIRE_REC_SAMPLES);
	wire_add_u64(&w, 1);
	wire_add_u64(&w, 16);
	wire_add_u64(&w, 2);
	wire_add_token(&w, WIRE_ENC_DECIMAL);
	wire_add_sample(&w, &a);
	wire_add_sample(&w, &b);
	int len = wire_finish(&w);
	assert_string_equal(buf, "@RVB 0000beef 3 S 1 16 2 d 100,100 7,8 *772A\r\n");
	assert_int_equal(len, (int)strlen(buf));
}

static void writer_escapes_strings(void **s)
{
	(void)s;
	char buf[WIRE_LINE_MAX];
	struct wire_writer w;

	wire_begin(&w, buf, sizeof(buf), 0x1a2b3c4d, 0, WIRE_REC_RUN);
	wire_add_kv_u64(&w, "fmt", 1);
	wire_add_kv_str(&w, "model", "SiFive HiFive Unleashed A00");
	wire_add_kv_hex(&w, "seed", 0x1234);
	assert_true(wire_finish(&w) > 0);
	assert_string_equal(buf, "@RVB 1a2b3c4d 0 RUN fmt=1 model=SiFive%20HiFive%20Unleashed%20A00"
				 " seed=0x1234 *AAC2\r\n");

	char out[64];
	struct wire_line l;
	assert_int_equal(wire_parse(buf, strlen(buf) - 2, &l), WIRE_OK);
	assert_int_equal(wire_unescape(wire_field(&l, "model"), out, sizeof(out)), 0);
	assert_string_equal(out, "SiFive HiFive Unleashed A00");

	/* Every awkward byte survives a round trip. */
	const char nasty[] = "a*b%c=d e\tf\x7f\x80\xff,\"g@RVB x";
	wire_begin(&w, buf, sizeof(buf), 1, 1, WIRE_REC_BENCH);
	wire_add_kv_str(&w, "name", nasty);
	assert_true(wire_finish(&w) > 0);
	assert_int_equal(wire_parse(buf, strlen(buf) - 2, &l), WIRE_OK);
	assert_int_equal(wire_unescape(wire_field(&l, "name"), out, sizeof(out)), 0);
	assert_string_equal(out, nasty);
	assert_null(strstr(buf + 1, "@")); /* the prefix cannot appear inside */
}

static void writer_refuses_overflow(void **s)
{
	(void)s;
	char buf[WIRE_LINE_MAX];
	struct wire_writer w;
	struct wire_sample big = { UINT64_MAX, UINT64_MAX };

	wire_begin(&w, buf, sizeof(buf), 1, 1, WIRE_REC_SAMPLES);
	for (int i = 0; i < 40; i++)
		wire_add_sample(&w, &big);
	assert_int_equal(wire_finish(&w), -1);

	/* The largest legal S line fits. */
	wire_begin(&w, buf, sizeof(buf), 0xffffffff, UINT32_MAX, WIRE_REC_SAMPLES);
	wire_add_u64(&w, 4294967295u);
	wire_add_u64(&w, 4294967295u);
	wire_add_u64(&w, WIRE_SAMPLES_PER_LINE);
	wire_add_token(&w, WIRE_ENC_DECIMAL);
	for (int i = 0; i < WIRE_SAMPLES_PER_LINE; i++)
		wire_add_sample(&w, &(struct wire_sample){ 9999999999u, 9999999999u });
	assert_true(wire_finish(&w) > 0);
}

static void parser_accepts_lf_and_crlf(void **s)
{
	(void)s;
	char a[] = "@RVB 0000beef 3 S 1 16 2 d 100,100 7,8 *772A\r";
	char b[] = "@RVB 0000beef 3 S 1 16 2 d 100,100 7,8 *772A";
	struct wire_line l;

	assert_int_equal(wire_parse(a, strlen(a), &l), WIRE_OK);
	assert_int_equal(wire_parse(b, strlen(b), &l), WIRE_OK);
	assert_int_equal(l.run, 0xbeef);
	assert_int_equal(l.seq, 3);
	assert_string_equal(l.type, "S");
	assert_int_equal(l.nfields, 6);
	assert_string_equal(l.field[5], "7,8");
	struct wire_sample smp;
	assert_int_equal(wire_parse_sample(l.field[4], &smp), 0);
	assert_int_equal(smp.cycles, 100);
	assert_int_equal(smp.instret, 100);
}

static enum wire_error parse_copy(const char *text)
{
	char buf[1024];
	struct wire_line l;
	size_t n = strlen(text);
	memcpy(buf, text, n + 1);
	return wire_parse(buf, n, &l);
}

static void parser_rejects_malformed(void **s)
{
	(void)s;
	assert_int_equal(parse_copy("OpenSBI v1.1"), WIRE_ERR_NOT_MACHINE);
	assert_int_equal(parse_copy(""), WIRE_ERR_NOT_MACHINE);
	assert_int_equal(parse_copy("@RVB 0000beef 3 S 1 16 2 d 100,100 7,8"), WIRE_ERR_NO_CRC);
	assert_int_equal(parse_copy("@RVB 0000beef 3 S 1 16 2 d 100,100 7,8 *772a"), WIRE_ERR_NO_CRC);
	assert_int_equal(parse_copy("@RVB 0000beef 3 S 1 16 2 d 100,100 7,8 *772B"), WIRE_ERR_BAD_CRC);
	assert_int_equal(parse_copy("@RVB 0000beef 3 S 1 16 2 d 100,100 7,9 *772A"), WIRE_ERR_BAD_CRC);
	assert_int_equal(parse_copy("@RVB 0000beef 3 S 1 16 2 d 100,100\x1b[0m *772A"), WIRE_ERR_BAD_CHAR);

	char longline[WIRE_LINE_MAX + 8];
	memset(longline, 'x', sizeof(longline) - 1);
	memcpy(longline, WIRE_PREFIX, WIRE_PREFIX_LEN);
	longline[sizeof(longline) - 1] = '\0';
	assert_int_equal(parse_copy(longline), WIRE_ERR_TOO_LONG);
}

/* Builds a valid line from body text (CRC appended) and parses it. */
static enum wire_error parse_body(const char *body)
{
	char buf[600];
	struct wire_writer w;
	wire_begin(&w, buf, sizeof(buf), 0, 0, "X");
	/* Replace the whole line by the body, then finish it. */
	size_t n = strlen(body);
	memcpy(buf, body, n);
	w.len = n;
	int len = wire_finish(&w);
	assert_true(len > 2);
	buf[len - 2] = '\0'; /* the parser gets lines without their terminator */
	return parse_copy(buf);
}

static void parser_is_strict_about_syntax(void **s)
{
	(void)s;
	assert_int_equal(parse_body("@RVB 0000beef 3 S 1"), WIRE_OK);
	assert_int_equal(parse_body("@RVB 0000BEEF 3 S 1"), WIRE_ERR_SYNTAX);  /* upper-case tag */
	assert_int_equal(parse_body("@RVB 00beef 3 S 1"), WIRE_ERR_SYNTAX);    /* short tag */
	assert_int_equal(parse_body("@RVB 0x00beef 3 S 1"), WIRE_ERR_SYNTAX);  /* 0x tag */
	assert_int_equal(parse_body("@RVB 0000beef 03 S 1"), WIRE_ERR_SYNTAX); /* leading zero */
	assert_int_equal(parse_body("@RVB 0000beef -3 S 1"), WIRE_ERR_SYNTAX);
	assert_int_equal(parse_body("@RVB 0000beef 4294967296 S 1"), WIRE_ERR_SYNTAX);
	assert_int_equal(parse_body("@RVB 0000beef 3 s 1"), WIRE_ERR_SYNTAX);  /* lower-case type */
	assert_int_equal(parse_body("@RVB 0000beef 3  S 1"), WIRE_ERR_SYNTAX); /* double space */
	assert_int_equal(parse_body("@RVB 0000beef 3"), WIRE_ERR_SYNTAX);      /* no type */

	struct wire_sample smp;
	assert_int_equal(wire_parse_sample("1,2", &smp), 0);
	assert_int_equal(wire_parse_sample("1,", &smp), -1);
	assert_int_equal(wire_parse_sample(",2", &smp), -1);
	assert_int_equal(wire_parse_sample("1;2", &smp), -1);
	assert_int_equal(wire_parse_sample("1,2,3", &smp), -1);
	assert_int_equal(wire_parse_sample("18446744073709551615,0", &smp), 0);
	assert_true(smp.cycles == UINT64_MAX);
	assert_int_equal(wire_parse_sample("18446744073709551616,0", &smp), -1);

	uint64_t v;
	assert_int_equal(wire_parse_hex("0xdeadbeef", &v), 0);
	assert_true(v == 0xdeadbeef);
	assert_int_equal(wire_parse_hex("0x", &v), -1);
	assert_int_equal(wire_parse_hex("0x11112222333344445", &v), -1);
	char out[8];
	assert_int_equal(wire_unescape("a%2", out, sizeof(out)), -1);
	assert_int_equal(wire_unescape("a%00", out, sizeof(out)), -1);
	assert_int_equal(wire_unescape("abcdefgh", out, sizeof(out)), -1); /* no room */
}

/* No single-bit error in a line turns it into a different accepted line. */
static void every_bit_flip_is_caught(void **s)
{
	(void)s;
	const char good[] = "@RVB 0000beef 3 S 1 16 2 d 100,100 7,8 *772A";
	size_t n = strlen(good);
	unsigned accepted = 0;

	for (size_t i = 0; i < n; i++)
		for (int bit = 0; bit < 8; bit++) {
			char buf[sizeof(good)];
			struct wire_line l;
			memcpy(buf, good, sizeof(good));
			buf[i] ^= (char)(1 << bit);
			if (wire_parse(buf, n, &l) == WIRE_OK)
				accepted++;
		}
	assert_int_equal(accepted, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(writer_makes_golden_sample_line),
		cmocka_unit_test(writer_escapes_strings),
		cmocka_unit_test(writer_refuses_overflow),
		cmocka_unit_test(parser_accepts_lf_and_crlf),
		cmocka_unit_test(parser_rejects_malformed),
		cmocka_unit_test(parser_is_strict_about_syntax),
		cmocka_unit_test(every_bit_flip_is_caught),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
