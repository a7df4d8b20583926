/*
 * Are two results comparable? meta.json's context read back
 * (context_read.c), compared (context_check.c), and `rvbench compare`
 * warning of every difference, failing with --strict (exit 2).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "commands.h"
#include "context_check.h"
#include "context_read.h"

static char base[] = "/tmp/rvbench-ctx-XXXXXX";
/* The riscv,isa result_dir gives the boot hart (1) in its context. */
static const char *boot_isa = "rv64imafdc_zicsr_zifencei";

/* A result directory: a few samples, and a meta.json that lists them
 * (the readers check samples.csv against it) and whose context has
 * clock clock_hz and firmware flags cflags (context: "null" for none). */
static const char *result_dir(const char *name, const char *clock_hz, const char *cflags,
			      int with_context)
{
	static char dir[4][256];
	static int next;
	char *d = dir[next++ % 4], path[300];

	snprintf(d, sizeof(dir[0]), "%s/%s", base, name);
	mkdir(d, 0700);
	snprintf(path, sizeof(path), "%s/samples.csv", d);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs("run,bench,block,params,hart,group,batch,index,warmup,input,seed,cycles,instret,"
	      "cycles_raw,instret_raw,flags\r\n", f);
	for (int i = 0; i < 20; i++)
		fprintf(f, "00000001,addi100,0,,1,0,1,%d,0,0,0x1,%d,100,106,104,0\r\n", i, 100 + i % 3);
	fclose(f);
	snprintf(path, sizeof(path), "%s/meta.json", d);
	f = fopen(path, "w");
	assert_non_null(f);
	fprintf(f, "{\"tool\": \"rvbench\", \"source\": {\"kind\": \"qemu\", \"qemu_version\": \"7.2.22\", "
		   "\"icount\": \"0\"}, \"status\": \"complete\", \"runs\": [{\"status\": \"complete\", "
		   "\"tag\": \"00000001\", \"benches\": [{\"id\": 0, \"name\": \"addi100\", "
		   "\"warmup\": 0, \"samples\": 20, \"received\": 20, \"status\": \"ok\"}], "
		   "\"header\": {\"model\": \"SiFive HiFive Unleashed A00\", \"hart\": \"1\"}, "
		   "\"context\": ");
	if (with_context)
		fprintf(f, "{\"clock_hz\": %s, \"clock_source\": \"prci-pll\", "
			   "\"l2\": {\"size\": 2097152, \"sets\": 1024, \"block\": 64, \"level\": 2, "
			   "\"ways_enabled\": 16}, \"sbi\": {\"spec_version\": \"1.0\", \"impl_id\": 1, "
			   "\"impl_name\": \"OpenSBI\", \"impl_version\": \"0x10001\", "
			   "\"impl_version_text\": \"1.1\"}, \"harts\": [{\"id\": 0, \"isa\": \"rv64imac\"}, "
			   "{\"id\": 1, \"isa\": \"%s\"}], \"firmware\": {\"version\": "
			   "\"0.1.0\", \"commit\": \"abc\", \"cc\": \"gcc 12.2.0\", \"cflags\": \"%s\"}}",
			clock_hz, boot_isa, cflags);
	else
		fputs("null", f);
	fputs("}], \"written\": \"complete\"}\n", f);
	fclose(f);
	return d;
}

static int setup(void **state)
{
	(void)state;
	return mkdtemp(base) ? 0 : -1;
}

static int teardown(void **state)
{
	char cmd[300];
	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", base);
	return system(cmd) ? -1 : 0;
}

/* context_check's warnings as one string. */
static unsigned check(const struct run_context *a, const struct run_context *b, char *out,
		      size_t n)
{
	FILE *f = fmemopen(out, n, "w");
	assert_non_null(f);
	unsigned k = context_check(f, "compare", a, b);
	fclose(f);
	return k;
}

static void same_context_no_warning(void **state)
{
	struct run_context a, b;
	char err[512], text[2048];
	(void)state;
	assert_int_equal(context_read(result_dir("s1", "1000000000", "-O2", 1), &a, err, sizeof(err)), 0);
	assert_int_equal(context_read(result_dir("s2", "1000000000", "-O2", 1), &b, err, sizeof(err)), 0);
	assert_true(a.found);
	assert_string_equal(a.value[CTX_CLOCK], "1000000000 Hz (prci-pll)");
	assert_string_equal(a.value[CTX_SBI], "OpenSBI (id 1) 1.1, SBI 1.0");
	assert_string_equal(a.value[CTX_CYCLES], "QEMU, icount 0");
	assert_int_equal(check(&a, &b, text, sizeof(text)), 0);
}

static void each_difference_named(void **state)
{
	struct run_context a, b;
	char err[512], text[2048];
	(void)state;
	assert_int_equal(context_read(result_dir("d1", "1000000000", "-O2", 1), &a, err, sizeof(err)), 0);
	assert_int_equal(context_read(result_dir("d2", "33333333", "-O3", 1), &b, err, sizeof(err)), 0);
	assert_int_equal(check(&a, &b, text, sizeof(text)), 2);
	assert_non_null(strstr(text, "warning: different core clock: A 1000000000 Hz (prci-pll), "
				     "B 33333333 Hz (prci-pll)"));
	assert_non_null(strstr(text, "warning: different firmware compile flags: A -O2, B -O3"));
}

/* Two values both unknown, for different reasons ("unknown (replay)",
 * "unknown (fleet)"), are no difference anyone could see: no warning, and
 * --strict does not fail on them; one known against one unknown is. */
static void unknowns_not_different(void **state)
{
	struct run_context a, b;
	char err[512], text[2048];
	(void)state;
	assert_int_equal(context_read(result_dir("u1", "1000000000", "-O2", 1), &a, err, sizeof(err)), 0);
	assert_int_equal(context_read(result_dir("u2", "1000000000", "-O2", 1), &b, err, sizeof(err)), 0);
	snprintf(a.value[CTX_CYCLES], sizeof(a.value[CTX_CYCLES]), "unknown (replay)");
	snprintf(b.value[CTX_CYCLES], sizeof(b.value[CTX_CYCLES]), "unknown (fleet)");
	assert_int_equal(check(&a, &b, text, sizeof(text)), 0);
	snprintf(b.value[CTX_CYCLES], sizeof(b.value[CTX_CYCLES]), "QEMU, icount 0");
	assert_int_equal(check(&a, &b, text, sizeof(text)), 1);
	assert_non_null(strstr(text, "A unknown (replay), B QEMU, icount 0"));
	/* a value that only begins like it is a value */
	snprintf(a.value[CTX_CYCLES], sizeof(a.value[CTX_CYCLES]), "unknownish");
	snprintf(b.value[CTX_CYCLES], sizeof(b.value[CTX_CYCLES]), "unknown");
	assert_int_equal(check(&a, &b, text, sizeof(text)), 1);
}

/* The measuring hart's ISA (another -cpu on virt, another core): named,
 * the boot hart's (1), not hart 0's. */
static void isa_difference_named(void **state)
{
	struct run_context a, b;
	char err[512], text[2048];
	(void)state;
	assert_int_equal(context_read(result_dir("i1", "1000000000", "-O2", 1), &a, err, sizeof(err)), 0);
	boot_isa = "rv64imafdch_zicsr_zifencei_zihintpause_zba_zbb_zbc_zbs";
	assert_int_equal(context_read(result_dir("i2", "1000000000", "-O2", 1), &b, err, sizeof(err)), 0);
	boot_isa = "rv64imafdc_zicsr_zifencei";
	assert_string_equal(a.value[CTX_ISA], "rv64imafdc_zicsr_zifencei");
	assert_int_equal(check(&a, &b, text, sizeof(text)), 1);
	assert_non_null(strstr(text, "warning: different ISA of the measuring hart: A "
				     "rv64imafdc_zicsr_zifencei, B rv64imafdch_zicsr_zifencei_zihintpause_"
				     "zba_zbb_zbc_zbs"));
}

static void older_result_warned(void **state)
{
	struct run_context a, b;
	char err[512], text[2048];
	(void)state;
	assert_int_equal(context_read(result_dir("o1", "1000000000", "-O2", 1), &a, err, sizeof(err)), 0);
	assert_int_equal(context_read(result_dir("o2", "0", "", 0), &b, err, sizeof(err)), 0);
	assert_false(b.found);
	assert_int_equal(check(&a, &b, text, sizeof(text)), 1);
	assert_non_null(strstr(text, "B has no context"));
}

static void malformed_refused(void **state)
{
	struct run_context a;
	char err[512];
	(void)state;
	assert_int_equal(context_read(result_dir("m1", "\"fast\"", "-O2", 1), &a, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "context.clock_hz"));
	assert_int_equal(context_read(result_dir("m2", "-5", "-O2", 1), &a, err, sizeof(err)), -1);
}

static int run_compare(int strict, const char *a, const char *b)
{
	const struct command *cmp = NULL;
	for (size_t i = 0; i < ncommands; i++)
		if (!strcmp(commands[i].name, "compare"))
			cmp = &commands[i];
	assert_non_null(cmp);
	char *argv[] = { "compare", strict ? "--strict" : "--alpha=0.05", (char *)a, (char *)b, NULL };
	/* the table on stdout and the warnings on stderr are not checked here */
	fflush(stdout);
	fflush(stderr);
	int out = dup(1), errfd = dup(2);
	FILE *null = fopen("/dev/null", "w");
	dup2(fileno(null), 1);
	dup2(fileno(null), 2);
	int rc = cmp->run(cmp, 4, argv);
	fflush(stdout);
	fflush(stderr);
	dup2(out, 1);
	dup2(errfd, 2);
	close(out);
	close(errfd);
	fclose(null);
	return rc;
}

static void compare_strict_fails(void **state)
{
	(void)state;
	const char *a = result_dir("c1", "1000000000", "-O2", 1);
	const char *b = result_dir("c2", "1000000000", "-O3", 1);
	assert_int_equal(run_compare(0, a, b), 0); /* a warning only */
	assert_int_equal(run_compare(1, a, b), 2);
	assert_int_equal(run_compare(1, a, a), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(same_context_no_warning), cmocka_unit_test(each_difference_named),
		cmocka_unit_test(older_result_warned), cmocka_unit_test(malformed_refused),
		cmocka_unit_test(unknowns_not_different), cmocka_unit_test(isa_difference_named),
		cmocka_unit_test(compare_strict_fails),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
