/*
 * rvbench in LAVA: one line of a LAVA job log (host-tools/sources/
 * lava_log.c), the job definitions (host-tools/lava/lava_job.c) and what
 * lavacli answers (lava_show.c).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collector.h"
#include "lava_job.h"
#include "lava_log.h"
#include "lava_show.h"
#include "session.h"
#include "source_lava.h"
#include "lava_fixture.h"
#include "test_main.h"
#include "tmpdir_fixture.h"

/* The log lava-run wrote (tests/fixtures/lava/README.md): 189 records,
 * 110 of them the board's lines, a run of 3 blocks of 1100 samples. */
#define FIXTURE "tests/fixtures/lava/qemu-sifive_u.jsonl"
#define FIXTURE_RECORDS 189
#define FIXTURE_UART 110
#define FIXTURE_SAMPLES 3300

struct line_case {
	const char *line;
	enum lava_rec want;
	const char *msg; /* for LAVA_REC_TARGET */
};

static const struct line_case lines[] = {
	/* the log lava-run prints */
	{ "{\"dt\": \"2026-11-22T21:49:32.109418\", \"lvl\": \"target\", \"msg\": \"@RVB 287ea566 15 S 0 0 512 r h6oeg *2F25\"}",
	  LAVA_REC_TARGET, "@RVB 287ea566 15 S 0 0 512 r h6oeg *2F25" },
	{ "{\"dt\": \"x\", \"lvl\": \"info\", \"msg\": \"start: 0 validate\"}", LAVA_REC_OTHER, NULL },
	/* the board read outside a test action */
	{ "{\"dt\": \"x\", \"lvl\": \"feedback\", \"msg\": \"@RVB 287ea566 30 TRAILER\", \"ns\": \"common\"}",
	  LAVA_REC_TARGET, "@RVB 287ea566 30 TRAILER" },
	{ "{\"dt\": \"x\", \"lvl\": \"input\", \"msg\": \"poweroff\\n\"}", LAVA_REC_OTHER, NULL },
	{ "{\"dt\": \"x\", \"lvl\": \"results\", \"msg\": {\"case\": \"addi100\", \"result\": \"pass\"}}",
	  LAVA_REC_OTHER, NULL },
	/* lavacli jobs logs --raw: a YAML list */
	{ "- {\"dt\": \"x\", \"lvl\": \"target\", \"msg\": \"rvbench: done\"}\r\n", LAVA_REC_TARGET,
	  "rvbench: done" },
	/* YAML escapes that are not JSON's: \e, \x.. */
	{ "{\"dt\": \"x\", \"lvl\": \"target\", \"msg\": \"a\\e[0m\\x41\"}", LAVA_REC_TARGET,
	  "a\x1b[0mA" },
	/* the '"' LAVA escaped ('\"' in the message) comes back as sent, a
	 * backslash of the board's own is kept */
	{ "{\"dt\": \"x\", \"lvl\": \"target\", \"msg\": \"say \\\\\\\"hi\\\\\\\" c:\\\\dir\"}",
	  LAVA_REC_TARGET, "say \"hi\" c:\\dir" },
	{ "{\"dt\": \"x\", \"lvl\": \"target\", \"msg\": \"\"}", LAVA_REC_TARGET, "" },
	{ "", LAVA_REC_BLANK, NULL },
	{ "   \r", LAVA_REC_BLANK, NULL },
	/* damaged: cut, garbled, not LAVA */
	{ "{\"dt\": \"x\", \"lvl\": \"target\", \"msg\": \"@RVB 287ea566 15 S 0 0 5", LAVA_REC_DAMAGED,
	  NULL },
	{ "- {\"dt\": \"x\", \"lvl\": \"tar", LAVA_REC_DAMAGED, NULL },
	{ "@RVB 287ea566 15 S 0 0 512 r h6oeg *2F25", LAVA_REC_DAMAGED, NULL },
	{ "{\"dt\": \"x\", \"msg\": \"no level\"}", LAVA_REC_DAMAGED, NULL },
	{ "{\"dt\": \"x\", \"lvl\": \"target\"}", LAVA_REC_DAMAGED, NULL },
	{ "- just a string", LAVA_REC_DAMAGED, NULL },
	{ "- [1, 2]", LAVA_REC_DAMAGED, NULL },
	{ "{\"lvl\": \"target\", \"msg\": \"a\"} {\"lvl\": \"target\", \"msg\": \"b\"}",
	  LAVA_REC_DAMAGED, NULL },
	{ "- &a {\"lvl\": \"target\", \"msg\": *a}", LAVA_REC_DAMAGED, NULL },
};

static void test_lava_log_lines(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(lines) / sizeof(lines[0]); i++) {
		char *msg = (char *)1;
		enum lava_rec r = lava_log_line(lines[i].line, strlen(lines[i].line), &msg);
		if (r != lines[i].want)
			fail_msg("line %zu: got %d, want %d: %s", i, r, lines[i].want, lines[i].line);
		if (lines[i].msg)
			assert_string_equal(msg, lines[i].msg);
		else
			assert_null(msg);
		free(msg);
	}
}

/* A NUL inside a line is damage, whatever surrounds it. */
static void test_lava_log_nul(void **state)
{
	static const char line[] = "{\"dt\": \"x\", \"lvl\": \"target\", \"msg\": \"a\0b\"}";
	char *msg;

	(void)state;
	assert_int_equal(lava_log_line(line, sizeof(line) - 1, &msg), LAVA_REC_DAMAGED);
	assert_null(msg);
}

static void assert_has(const char *text, const char *want)
{
	if (!strstr(text, want))
		fail_msg("missing: %s\nin:\n%s", want, text);
}

static void test_lava_job_qemu(void **state)
{
	struct lava_job_opts o = { .kind = LAVA_QEMU, .image_url = "file:///b/rvbench.elf",
				   .bootargs = "rvbench.seed=0x1 rvbench.run=addi* rvbench.seed=0x2",
				   .smp = 3, .icount_shift = 0, .timeout_min = 7 };

	(void)state;
	assert_null(lava_job_check(&o));
	char *t = job_text(&o);
	assert_has(t, "device_type: \"qemu\"\n");
	assert_has(t, "  arch: riscv64\n  machine: sifive_u\n  cpu: sifive-u54\n  no_kvm: true\n");
	/* the last word wins, as in the firmware */
	assert_has(t, "  rvbench.seed: \"0x2\"\n");
	assert_has(t, "  rvbench.run: \"addi*\"\n");
	assert_has(t, "  rvbench.smp: \"3\"\n  rvbench.icount: \"0\"\n");
	assert_has(t, "        image_arg: \"-kernel {kernel} -smp 3 -icount shift=0,sleep=off -no-reboot "
		      "-append \\\"rvbench.exit=reboot rvbench.listen_ms=0 "
		      "mem_latency_rand.size_kib=4,64,4096 mem_latency_seq.size_kib=4,64,4096 "
		      "rvbench.seed=0x1 rvbench.run=addi* rvbench.seed=0x2\\\"\"\n");
	assert_has(t, "    method: qemu\n    media: tmpfs\n");
	assert_has(t, "- test:\n    timeout: {minutes: 7}\n    monitors:\n    - name: rvbench\n");
	/* the pattern's backslashes escaped once for YAML */
	assert_has(t, "      end: \"@RVB [0-9a-f]{8} [0-9]+ TRAILER [^\\\\r\\\\n]*[\\\\r\\\\n]\"\n");
	assert_has(t, "END id=[0-9]+ [^\\\\r\\\\n]*?status=(?P<result>[a-z-]+)[^\\\\r\\\\n]*"
		      "[\\\\r\\\\n]+(?P<test_case_id>[^\\\\s:\\\\[]+)[:\\\\[]\"\n");
	assert_has(t, "        ok: pass\n        skipped: skip\n        verify-failed: fail\n");
	free(t);

	o.icount_shift = -1;
	o.bootargs = NULL;
	t = job_text(&o);
	assert_has(t, "image_arg: \"-kernel {kernel} -smp 3 -no-reboot -append \\\"rvbench.exit=reboot "
		      "rvbench.listen_ms=0\\\"\"\n");
	assert_has(t, "  rvbench.seed: \"0x5256424e43480001 (default)\"\n");
	assert_has(t, "  rvbench.icount: \"off\"\n");
	free(t);
}

static void test_lava_job_uboot(void **state)
{
	struct lava_job_opts o = { .kind = LAVA_HIFIVE, .image_url = "http://lab/rvbench.bin",
				   .bootargs = "rvbench.run=crc32", .console = "console=ttySIF0,115200",
				   .tags = "unleashed-01,,fan", .timeout_min = 20 };

	(void)state;
	assert_null(lava_job_check(&o));
	char *t = job_text(&o);
	assert_has(t, "device_type: \"hifive-unleashed-a00\"\n");
	assert_has(t, "tags:\n- \"unleashed-01\"\n- \"fan\"\n");
	assert_has(t, "    to: tftp\n    kernel:\n      url: \"http://lab/rvbench.bin\"\n      type: image\n");
	assert_has(t, "    - \"tftp {KERNEL_ADDR} {KERNEL}\"\n"
		      "    - \"setenv bootargs 'console=ttySIF0,115200 rvbench.listen_ms=0 rvbench.run=crc32'\"\n"
		      "    - \"booti {KERNEL_ADDR} - ${fdtcontroladdr}\"\n");
	assert_null(strstr(t, "context:"));
	free(t);

	o.kind = LAVA_UBOOT;
	o.device_type = NULL;
	assert_non_null(lava_job_check(&o));
	o.device_type = "my-board";
	o.load_addr = "0x84000000";
	o.console = NULL;
	t = job_text(&o);
	assert_has(t, "device_type: \"my-board\"\n");
	assert_has(t, "    - \"tftp 0x84000000 {KERNEL}\"\n"
		      "    - \"setenv bootargs 'rvbench.listen_ms=0 rvbench.run=crc32'\"\n"
		      "    - \"booti 0x84000000 - ${fdtcontroladdr}\"\n");
	free(t);
	o.load_addr = NULL;
	t = job_text(&o);
	assert_has(t, "    - \"tftp ${kernel_addr_r} {KERNEL}\"\n");
	free(t);
}

/* Words the QEMU command line or U-Boot's setenv would change. */
static void test_lava_job_refuses(void **state)
{
	static const char *const bad[] = { "a\"b", "a'b", "a\\b", "{KERNEL}", "a\nb", "caf\xc3\xa9" };
	struct lava_job_opts o = { .kind = LAVA_QEMU, .image_url = "file:///x", .smp = 5,
				   .timeout_min = 20 };

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		o.bootargs = bad[i];
		assert_non_null(lava_job_check(&o));
	}
	o.bootargs = "rvbench.run=addi*,crc32 memcpy.size=64,4096";
	assert_null(lava_job_check(&o));
	o.smp = 9;
	assert_non_null(lava_job_check(&o));
	o.smp = 5;
	o.image_url = NULL;
	assert_non_null(lava_job_check(&o));
}

static void test_lava_answers(void **state)
{
	char ids[4][33];
	struct lava_show s;

	(void)state;
	assert_int_equal(lava_submit_ids("1234\n", ids, 4), 1);
	assert_string_equal(ids[0], "1234");
	assert_int_equal(lava_submit_ids("https://lava.lab/scheduler/job/77\n", ids, 4), 1);
	assert_string_equal(ids[0], "77");
	assert_int_equal(lava_submit_ids("10.0\n10.1\n", ids, 4), 2);
	assert_string_equal(ids[1], "10.1");
	assert_int_equal(lava_submit_ids("Unable to submit job.yaml: <Fault 400>\n", ids, 4), -1);
	assert_int_equal(lava_submit_ids("", ids, 4), 0);
	/* More ids than the array holds: all counted, so that the caller
	 * can make room for every one; the first ones copied. */
	char many[20 * 8] = "";
	for (int i = 0; i < 20; i++)
		snprintf(many + strlen(many), sizeof(many) - strlen(many), "9.%d\n", i);
	assert_int_equal(lava_submit_ids(many, NULL, 0), 20);
	assert_int_equal(lava_submit_ids(many, ids, 4), 20);
	assert_string_equal(ids[3], "9.3");
	assert_true(lava_job_id_ok("5"));
	assert_false(lava_job_id_ok("5."));
	assert_false(lava_job_id_ok("../5"));
	assert_false(lava_job_id_ok(""));

	assert_int_equal(lava_show_parse("{\"id\": 12, \"device\": \"unleashed-01\", \"health\": "
					 "\"Complete\", \"state\": \"Finished\"}",
					 &s),
			 0);
	assert_string_equal(s.device, "unleashed-01");
	assert_string_equal(s.health, "Complete");
	assert_string_equal(s.state, "Finished");
	/* a device name that is not a plain word names no directory */
	assert_int_equal(lava_show_parse("{\"device\": \"../x\", \"health\": \"Complete\"}", &s), 0);
	assert_string_equal(s.device, "");
	assert_int_equal(lava_show_parse("{\"device\": null}", &s), 0);
	assert_string_equal(s.device, "");
	assert_int_equal(lava_show_parse("device: x", &s), -1);
}

/* Replays path into a new session under tmpdir; the stats and the run. */
static void replay(const char *path, struct lava_log_stats *st, int *complete, uint64_t *received)
{
	struct session s;
	char err[256], dir[128];
	enum src_end end;

	snprintf(dir, sizeof(dir), "%s/out", tmpdir);
	assert_int_equal(session_open(&s, dir, NULL, 1, err, sizeof(err)), 0);
	assert_int_equal(source_lava(&s, path, st, &end, err, sizeof(err)), 0);
	assert_int_equal(end, SRC_END_EOF);
	collector_finish(s.c);
	*complete = s.c->nruns == 1 && s.c->runs[0].complete;
	*received = s.c->nruns ? s.c->runs[0].total_received : 0;
	assert_true(s.c->nruns <= 1);
	session_free(&s);
}

static void test_source_lava(void **state)
{
	struct lava_log_stats st;
	int complete;
	uint64_t received;

	(void)state;
	replay(FIXTURE, &st, &complete, &received);
	assert_int_equal(st.records, FIXTURE_RECORDS);
	assert_int_equal(st.target, FIXTURE_UART);
	assert_int_equal(st.damaged, 0);
	assert_true(complete);
	assert_int_equal(received, FIXTURE_SAMPLES);
}

/*
 * The log damaged 60 ways (a byte changed, or the file cut short, at
 * places an LCG picks), under ASan: every line that is not blank is a
 * record or damaged, never both or neither; a damaged line adds no
 * sample; a run is complete only with all its samples.
 */
static void test_source_lava_damaged(void **state)
{
	FILE *in = fopen(FIXTURE, "rb");
	char path[128];
	uint64_t x = 0x5256424e43480001ull;

	(void)state;
	assert_non_null(in);
	assert_int_equal(fseek(in, 0, SEEK_END), 0);
	long len = ftell(in);
	rewind(in);
	char *orig = malloc((size_t)len);
	assert_non_null(orig);
	assert_int_equal(fread(orig, 1, (size_t)len, in), (size_t)len);
	fclose(in);
	snprintf(path, sizeof(path), "%s/damaged.jsonl", tmpdir);

	int incomplete = 0;
	for (int k = 0; k < 60; k++) {
		x = x * 6364136223846793005ull + 1442695040888963407ull;
		size_t at = (size_t)((x >> 33) % (uint64_t)len), n = (size_t)len;
		char *buf = malloc(n);
		assert_non_null(buf);
		memcpy(buf, orig, n);
		int cut = k % 3 == 2;
		if (cut) {
			n = at;
		} else if (buf[at] != '\n') {
			/* printable, never a line end: the lines stay as they were */
			char c = (char)(0x20 + (x >> 20) % 95);
			buf[at] = c == buf[at] ? (c == '#' ? '$' : '#') : c;
		}
		FILE *out = fopen(path, "wb");
		assert_non_null(out);
		assert_int_equal(fwrite(buf, 1, n, out), n);
		assert_int_equal(fclose(out), 0);
		free(buf);

		struct lava_log_stats st;
		int complete;
		uint64_t received;
		replay(path, &st, &complete, &received);
		assert_true(st.target <= FIXTURE_UART);
		assert_true(received <= FIXTURE_SAMPLES);
		if (complete)
			assert_int_equal(received, FIXTURE_SAMPLES);
		if (!cut)
			assert_int_equal(st.records + st.damaged, FIXTURE_RECORDS);
		incomplete += !complete;
	}
	/* some of the damage reached the samples or the trailer */
	assert_true(incomplete > 0);
	free(orig);
}

TEST_MAIN(cmocka_unit_test(test_lava_log_lines),
	  cmocka_unit_test(test_lava_log_nul),
	  cmocka_unit_test(test_lava_job_qemu),
	  cmocka_unit_test(test_lava_job_uboot),
	  cmocka_unit_test(test_lava_job_refuses),
	  cmocka_unit_test(test_lava_answers),
	  cmocka_unit_test_setup_teardown(test_source_lava, tmpdir_setup, tmpdir_teardown),
	  cmocka_unit_test_setup_teardown(test_source_lava_damaged, tmpdir_setup, tmpdir_teardown))
