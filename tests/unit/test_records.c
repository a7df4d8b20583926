/*
 * The record table (src/common/records.h): the descriptors agree with the
 * tables, the writer makes the exact bytes of the format, and the reader
 * gives back what the writer wrote and says which field is missing,
 * malformed or over its limit.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "records.h"

/* Writes rec as record t into buf (a whole line, CRC and all). */
static void write_line(char *buf, size_t cap, enum rec_type t, const void *rec)
{
	struct wire_writer w;

	rec_begin(&w, buf, cap, 0x1a2b3c4d, 7, t);
	rec_write(&w, t, rec);
	assert_true(wire_finish(&w) > 0);
}

/* The line in buf up to the space before its CRC. */
static void assert_body(const char *buf, const char *body)
{
	size_t n = strlen(body);
	assert_true(strlen(buf) > n);
	assert_memory_equal(buf, body, n);
	assert_memory_equal(buf + n, " *", 2);
}

static void descriptors_follow_the_tables(void **s)
{
	(void)s;
	assert_int_equal(rec_type_of("BENCH"), REC_BENCH);
	assert_int_equal(rec_type_of("TRAILER"), REC_TRAILER);
	assert_int_equal(rec_type_of("bench"), -1);
	assert_int_equal(rec_type_of("NOPE"), -1);
	for (int t = 0; t < REC_TYPE_COUNT; t++) {
		const struct rec_desc *d = &rec_desc[t];
		uint64_t req = 0;
		assert_int_equal(rec_type_of(d->name), t);
		assert_true(d->nfields > 0 && d->nfields <= 64);
		for (unsigned i = 0; i < d->nfields; i++) {
			if (d->field[i].need == REC_NEED_REQ)
				req |= UINT64_C(1) << i;
			/* offsets: after the presence mask, in table order */
			assert_true(d->field[i].offset >= sizeof(uint64_t));
			assert_true(d->field[i].offset < d->size);
			if (i)
				assert_true(d->field[i].offset > d->field[i - 1].offset);
			for (unsigned j = 0; j < i; j++) /* a key once per record */
				assert_string_not_equal(d->field[i].key, d->field[j].key);
		}
		assert_int_equal(d->required, req);
	}
	assert_int_equal(REC_F_BENCH_id, 0);
	assert_string_equal(rec_desc[REC_BENCH].field[REC_F_BENCH_offset_cycles].key, "offset_cycles");
}

static void words_have_one_name_table(void **s)
{
	(void)s;
	assert_string_equal(rec_block_status_name[REC_STATUS_VERIFY_FAILED], "verify-failed");
	assert_int_equal(REC_WORD(block_status, "timeout"), REC_STATUS_TIMEOUT);
	assert_int_equal(REC_WORD(block_status, "conflicted"), -1);
	assert_int_equal(REC_WORD(hart_state, "online"), REC_HART_ONLINE);
	assert_int_equal(REC_WORD(hart_state, "stopped"), REC_HART_STOPPED);
	assert_int_equal(REC_WORD(verify, "none"), REC_VERIFY_NONE);
	assert_string_equal(rec_encoding_name[REC_ENC_RICE], "r");
	assert_string_equal(rec_overhead_kind_name[REC_OH_TP_TOTAL], "tp-total");
}

static void writer_sends_required_and_present_fields_in_order(void **s)
{
	(void)s;
	char buf[WIRE_LINE_MAX];
	struct rec_end e = { .id = 3, .count = 1100, .verify = "ok", .checksum = 0xbeef };

	write_line(buf, sizeof(buf), REC_END, &e);
	assert_body(buf, "@RVB 1a2b3c4d 7 END id=3 count=1100 verify=ok");
	REC_SET(&e, END, checksum, 0xbeef);
	REC_SET(&e, END, status, "ok");
	REC_SET(&e, END, reason, "a b%");
	write_line(buf, sizeof(buf), REC_END, &e);
	assert_body(buf, "@RVB 1a2b3c4d 7 END id=3 count=1100 verify=ok checksum=0xbeef status=ok"
			 " reason=a%20b%25");
}

static void writer_spells_signed_values_and_parameters(void **s)
{
	(void)s;
	char buf[WIRE_LINE_MAX];
	struct wire_writer w;
	struct rec_bench b = { .id = 1, .name = "x", .batch = 1 };

	REC_SET(&b, BENCH, offset_cycles, -13);
	rec_begin(&w, buf, sizeof(buf), 1, 2, REC_BENCH);
	rec_write(&w, REC_BENCH, &b);
	rec_write_param(&w, "size", 4096);
	rec_write_param(&w, "shift", -2);
	rec_write_param(&w, "min", INT64_MIN);
	assert_true(wire_finish(&w) > 0);
	assert_body(buf, "@RVB 00000001 2 BENCH id=1 name=x hart=0 group=0 batch=1 warmup=0"
			 " samples=0 input_range=0 oh_cycles=0 oh_instret=0 offset_cycles=-13"
			 " p.size=4096 p.shift=-2 p.min=-9223372036854775808");
}

static void positional_record_has_no_keys(void **s)
{
	(void)s;
	char buf[WIRE_LINE_MAX];
	struct wire_writer w;
	struct rec_s r = { .id = 1, .first = 16, .n = 2, .enc = "d" };
	struct wire_sample a = { 100, 100 }, b = { 7, 8 };

	rec_begin(&w, buf, sizeof(buf), 0xbeef, 3, REC_S);
	rec_write(&w, REC_S, &r);
	wire_add_sample(&w, &a);
	wire_add_sample(&w, &b);
	wire_finish(&w);
	/* the golden line of test_wire.c, CRC computed independently */
	assert_string_equal(buf, "@RVB 0000beef 3 S 1 16 2 d 100,100 7,8 *772A\r\n");

	struct wire_line l;
	struct rec_s got;
	struct rec_check why;
	char text[WIRE_LINE_MAX];
	assert_int_equal(wire_parse(buf, strlen(buf) - 2, &l), WIRE_OK);
	assert_int_equal(rec_read(&l, REC_S, &got, text, sizeof(text), &why), 0);
	assert_int_equal(got.id, 1);
	assert_int_equal(got.first, 16);
	assert_int_equal(got.n, 2);
	assert_string_equal(got.enc, "d");
}

/* Parses the line in buf as record t into rec; returns rec_read's result. */
static int read_line(char *buf, enum rec_type t, void *rec, char *text, struct rec_check *why)
{
	struct wire_line l;
	assert_int_equal(wire_parse(buf, strlen(buf) - 2, &l), WIRE_OK);
	return rec_read(&l, t, rec, text, WIRE_LINE_MAX, why);
}

static void reader_gives_back_what_was_written(void **s)
{
	(void)s;
	char buf[WIRE_LINE_MAX], text[WIRE_LINE_MAX];
	struct rec_check why;
	struct rec_hart h = { .id = 3, .state = "failed" }, got;

	REC_SET(&h, HART, why, "sbi_hart_start: -3 @ 100%");
	REC_SET(&h, HART, waiting, UINT64_MAX);
	write_line(buf, sizeof(buf), REC_HART, &h);
	assert_int_equal(read_line(buf, REC_HART, &got, text, &why), 0);
	assert_int_equal(got.present, REC_BIT(HART, id) | REC_BIT(HART, state) |
					      REC_BIT(HART, why) | REC_BIT(HART, waiting));
	assert_int_equal(got.id, 3);
	assert_string_equal(got.state, "failed");
	assert_string_equal(got.why, "sbi_hart_start: -3 @ 100%");
	assert_true(got.waiting == UINT64_MAX);
	assert_int_equal(got.busy, 0);
}

static void reader_says_what_is_wrong(void **s)
{
	(void)s;
	char buf[WIRE_LINE_MAX], text[WIRE_LINE_MAX];
	struct rec_check why;
	struct rec_tp tp;
	struct rec_trailer tr;
	struct rec_bench b;
	struct wire_writer w;

	/* missing: hart; over: key 16; unknown keys ignored */
	wire_begin(&w, buf, sizeof(buf), 1, 1, "TP");
	wire_add_kv_u64(&w, "key", 16);
	wire_add_kv_u64(&w, "later", 1);
	wire_add_kv_u64(&w, "start", 5);
	wire_add_kv_u64(&w, "cycles", 6);
	wire_add_kv_u64(&w, "instret", 7);
	wire_finish(&w);
	assert_int_equal(read_line(buf, REC_TP, &tp, text, &why), -1);
	assert_int_equal(why.missing, REC_BIT(TP, hart));
	assert_int_equal(why.over, REC_BIT(TP, key));
	assert_int_equal(why.malformed, 0);
	assert_int_equal(tp.start, 5);

	/* malformed: a leading zero, a bad escape; over: a CRC above 32 bits */
	wire_begin(&w, buf, sizeof(buf), 1, 1, "TRAILER");
	wire_add_token(&w, "benches=07");
	wire_add_kv_u64(&w, "samples", 1);
	wire_add_kv_hex(&w, "crc32", UINT64_C(0x100000000));
	wire_add_token(&w, "status=%41");
	wire_finish(&w);
	assert_int_equal(read_line(buf, REC_TRAILER, &tr, text, &why), -1);
	assert_int_equal(why.malformed, REC_BIT(TRAILER, benches) | REC_BIT(TRAILER, status));
	assert_int_equal(why.over, REC_BIT(TRAILER, crc32));
	assert_int_equal(why.missing, 0);

	/* the first of two fields with one key counts; a bad escape in a STR */
	wire_begin(&w, buf, sizeof(buf), 1, 1, "BENCH");
	wire_add_kv_u64(&w, "id", 4096);
	wire_add_token(&w, "name=a%2");
	wire_add_kv_u64(&w, "hart", 1);
	wire_add_kv_u64(&w, "hart", 2);
	wire_finish(&w);
	assert_int_equal(read_line(buf, REC_BENCH, &b, text, &why), -1);
	assert_int_equal(why.over, REC_BIT(BENCH, id));
	assert_int_equal(why.malformed, REC_BIT(BENCH, name));
	assert_int_equal(b.hart, 1);
	assert_int_equal(why.missing, rec_desc[REC_BENCH].required & ~(REC_BIT(BENCH, id) |
		REC_BIT(BENCH, name) | REC_BIT(BENCH, hart)));
}

static void signed_values_have_one_spelling(void **s)
{
	(void)s;
	int64_t v;
	assert_int_equal(rec_parse_i64("-13", &v), 0);
	assert_int_equal(v, -13);
	assert_int_equal(rec_parse_i64("9223372036854775807", &v), 0);
	assert_int_equal(rec_parse_i64("-9223372036854775808", &v), 0);
	assert_true(v == INT64_MIN);
	assert_int_equal(rec_parse_i64("9223372036854775808", &v), -1);
	assert_int_equal(rec_parse_i64("-9223372036854775809", &v), -1);
	assert_int_equal(rec_parse_i64("-0", &v), -1);
	assert_int_equal(rec_parse_i64("+1", &v), -1);
	assert_int_equal(rec_parse_i64("-", &v), -1);
	assert_int_equal(rec_parse_i64("", &v), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(descriptors_follow_the_tables),
		cmocka_unit_test(words_have_one_name_table),
		cmocka_unit_test(writer_sends_required_and_present_fields_in_order),
		cmocka_unit_test(writer_spells_signed_values_and_parameters),
		cmocka_unit_test(positional_record_has_no_keys),
		cmocka_unit_test(reader_gives_back_what_was_written),
		cmocka_unit_test(reader_says_what_is_wrong),
		cmocka_unit_test(signed_values_have_one_spelling),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
