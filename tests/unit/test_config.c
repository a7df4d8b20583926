/*
 * The firmware's run-time configuration (src/config.c), on the host:
 * every key is range-checked, a bad value is reported by name and changes
 * nothing, settings that constrain each other are checked together, and
 * benchmark parameters are validated through the registry hook.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "config.h"
#include "lcg.h"
#include "rvbench.h"

static char complaints[2048];
static unsigned ncomplaints;

static void collect(const char *msg)
{
	strncat(complaints, msg, sizeof(complaints) - strlen(complaints) - 2);
	strcat(complaints, "\n");
	ncomplaints++;
}

/*
 * A registry: "lpm" (table_size in 1000..500000); "memcpy" (impl 0..2,
 * size 8..1048576, swept over impl by default, as the firmware's);
 * "many" (p0..p39, any 64-bit value); and a benchmark with a name of 64
 * bytes, the longest there may be, and a parameter name longer still.
 */
static const struct bench_param lpm_params[] = { { "table_size", 100000, 1000, 500000, "" }, { 0 } };
static const struct bench_param memcpy_params[] = {
	{ "impl", 1, 0, 2, "" },
	{ "size", 4096, 8, 1 << 20, "" },
	{ NULL },
};
static const int64_t memcpy_impls[] = { 0, 1, 2 };
static struct bench_param many_params[41];
static char many_names[40][4];
#define LONG_BENCH "a_benchmark_name_of_sixty_four_bytes_which_is_the_longest_allowd"
#define LONG_PARAM "a_parameter_name_of_more_than_sixty_four_bytes_which_may_still_be_set"
static const struct bench_param long_params[] = { { LONG_PARAM, 1, 0, 9, "" }, { NULL } };
static const struct bench fake_benches[] = {
	{ .name = "lpm", .params = lpm_params },
	{ .name = "memcpy", .params = memcpy_params, .sweep = { "impl", memcpy_impls, 3 } },
	{ .name = "many", .params = many_params },
	{ .name = LONG_BENCH, .params = long_params },
};
#define MEMCPY (&fake_benches[1])
#define MANY (&fake_benches[2])

static int fake_check(const char *bench, const char *param, int64_t value, const char **name,
		      const char **why)
{
	static char range[96];

	for (unsigned i = 0; i < sizeof(fake_benches) / sizeof(fake_benches[0]); i++) {
		const struct bench *b = &fake_benches[i];
		if (strcmp(bench, b->name))
			continue;
		if (!param) {
			*name = b->name;
			return 0;
		}
		for (const struct bench_param *p = b->params; p->name; p++) {
			if (strcmp(param, p->name))
				continue;
			if (value < p->min || value > p->max) {
				snprintf(range, sizeof(range), "out of range %lld..%lld",
					 (long long)p->min, (long long)p->max);
				*why = range;
				return -1;
			}
			*name = p->name;
			return 0;
		}
		*why = "no such parameter";
		return -1;
	}
	return 1;
}

static const struct config_hooks hooks = { .complain = collect, .check_param = fake_check };

static int reset(void **s)
{
	(void)s;
	complaints[0] = '\0';
	ncomplaints = 0;
	for (unsigned i = 0; i < 40; i++) {
		snprintf(many_names[i], sizeof(many_names[i]), "p%u", i);
		many_params[i] = (struct bench_param){ many_names[i], 0, INT64_MIN, INT64_MAX, "" };
	}
	return 0;
}

static void defaults_and_foreign_words(void **s)
{
	(void)s;
	struct config c;
	config_defaults(&c);
	config_parse_bootargs(&c, "console=ttyS0 root=/dev/vda rvbench net.ifnames=0 x.y=1", &hooks);
	assert_int_equal(c.samples, CONFIG_DEFAULT_SAMPLES);
	assert_int_equal(c.warmup, CONFIG_DEFAULT_WARMUP);
	assert_int_equal(c.batch, 1);
	assert_int_equal(c.groups, 0);
	assert_true(c.seed == LCG_DEFAULT_SEED);
	assert_int_equal(c.counter, COUNTER_PLAIN);
	assert_int_equal(c.exit, EXIT_AUTO);
	assert_int_equal(c.bad_options, 0);
	assert_string_equal(complaints, "");
	assert_true(config_selects(&c, "anything", 0));
	assert_false(config_selects(&c, "a_demo", 1));
}

static void valid_options_apply(void **s)
{
	(void)s;
	struct config c;
	config_defaults(&c);
	config_parse_bootargs(&c,
			      "  rvbench.samples=40\trvbench.warmup=auto rvbench.seed=0x1234 "
			      "rvbench.exit=reboot rvbench.run=crc*,addi100 rvbench.counter=fenced "
			      "rvbench.groups=5 rvbench.initial=30 rvbench.delta=1 rvbench.size=30 "
			      "rvbench.batch=8 lpm.table_size=20000 rvbench.lpm.table_size=30000\n",
			      &hooks);
	assert_string_equal(complaints, "");
	assert_int_equal(c.samples, 40);
	assert_int_equal(c.warmup_auto, 1);
	assert_true(c.seed == 0x1234);
	assert_int_equal(c.exit, EXIT_REBOOT);
	assert_int_equal(c.counter, COUNTER_FENCED);
	assert_int_equal(c.groups, 5);
	assert_int_equal(c.initial, 30);
	assert_int_equal(c.size, 30);
	assert_int_equal(c.batch, 8);
	assert_int_equal(c.explicit_keys, CONFIG_SET_SAMPLES | CONFIG_SET_WARMUP | CONFIG_SET_BATCH |
					  CONFIG_SET_INITIAL | CONFIG_SET_DELTA | CONFIG_SET_SIZE);
	assert_int_equal(config_param(&c, "lpm", "table_size", 1000), 30000); /* the later word */
	assert_int_equal(config_param(&c, "lpm", "other", 7), 7);
	assert_int_equal(c.nparams, 1);
	assert_true(config_selects(&c, "crc32", 0));
	assert_true(config_selects(&c, "addi100", 0));
	assert_false(config_selects(&c, "addi10", 0));
	assert_false(config_selects(&c, "empty", 0));
	assert_string_equal(config_exit_name(c.exit), "reboot");
}

/* key=value is refused: counted in bad_options, nothing else changed, and
 * an error line naming the key and the value. */
static void assert_refused(struct config *c, const char *key, const char *value)
{
	struct config before = *c;
	char expect[96];

	complaints[0] = '\0';
	assert_int_equal(config_set(c, key, value, &hooks), -1);
	before.bad_options++;
	assert_memory_equal(c, &before, sizeof(*c));
	snprintf(expect, sizeof(expect), "error: %s=%s: ", key, value);
	assert_non_null(strstr(complaints, expect));
}

static void every_bad_value_is_named_and_changes_nothing(void **s)
{
	(void)s;
	static const char *const bad[][2] = {
		{ "samples", "0" },      { "samples", "12x" },   { "samples", "65536" },
		{ "warmup", "-1" },      { "warmup", "autox" },  { "batch", "0" },
		{ "groups", "65" },      { "initial", "0" },     { "size", "1" },
		{ "seed", "-1" },        { "seed", "" },         { "counter", "rdtsc" },
		{ "exit", "explode" },   { "frobnicate", "1" },  { "run", "" },
		{ "lpm.table_size", "10" }, { "lpm.nope", "5000" }, { "nobench.x", "1" },
		{ "lpm.table_size", "1e4" }, { "budget_ms", "99999999" }, { "console", "2" },
	};
	struct config c;
	config_defaults(&c);
	for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_refused(&c, bad[i][0], bad[i][1]);
		assert_non_null(strstr(complaints, "nothing changed\n"));
		assert_null(strchr(strchr(complaints, '\n') + 1, '\n')); /* one line */
	}
	/* A setting named with its prefix at the console ("set rvbench.samples
	 * 5") reads as BENCH.PARAM of a benchmark "rvbench": the error says
	 * what was meant, not only that there is no such benchmark. */
	assert_refused(&c, "rvbench.samples", "5");
	assert_string_equal(complaints, "error: rvbench.samples=5: no benchmark of that name (a setting"
					" is named without rvbench. here: samples, not rvbench.samples);"
					" nothing changed\n");
	/* and the next valid setting works */
	assert_int_equal(config_set(&c, "samples", "77", &hooks), 0);
	assert_int_equal(c.samples, 77);
}

static void settings_that_do_not_fit_together_are_refused(void **s)
{
	(void)s;
	struct config c;
	config_defaults(&c);
	assert_int_equal(config_set(&c, "samples", "65000", &hooks), 0); /* + 100 warmup: fits */
	assert_int_equal(config_set(&c, "warmup", "600", &hooks), -1);   /* would not */
	assert_non_null(strstr(complaints, "exceed the 65536-sample buffer"));
	assert_int_equal(c.warmup, CONFIG_DEFAULT_WARMUP);
	assert_int_equal(config_set(&c, "warmup", "auto", &hooks), -1); /* auto reserves 2048 */
	assert_int_equal(c.warmup_auto, 0);
	assert_int_equal(config_set(&c, "groups", "64", &hooks), 0);
	assert_int_equal(config_set(&c, "delta", "100000", &hooks), -1); /* last batch too big */
	assert_int_equal(c.delta, 1);
}

static void malformed_words_on_the_command_line(void **s)
{
	(void)s;
	struct config c;
	config_defaults(&c);
	config_parse_bootargs(&c, "rvbench.samples rvbench.samples=0 rvbench.frob=1 lpm.table_size=5", &hooks);
	assert_int_equal(c.bad_options, 4);
	assert_int_equal(ncomplaints, 4);
	assert_non_null(strstr(complaints, "error: rvbench.samples: expected rvbench.KEY=VALUE"));
	assert_non_null(strstr(complaints, "error: frob=1: unknown key"));
	assert_non_null(strstr(complaints, "error: lpm.table_size=5: out of range 1000..500000"));
	assert_int_equal(c.samples, CONFIG_DEFAULT_SAMPLES);

	char args[600] = "rvbench.run=";
	memset(args + strlen(args), 'a', 400);
	config_defaults(&c);
	config_parse_bootargs(&c, args, &hooks);
	assert_int_equal(c.bad_options, 1);
	assert_string_equal(c.run, "");
	assert_non_null(strstr(complaints, "too long"));
	assert_false(config_selects(&c, "anything", 0)); /* not the whole suite */

	/* A benchmark's parameter too long to read is refused whole too (never
	 * cut to its first digits); a foreign long word is left alone. */
	char words[900];
	int n = snprintf(words, sizeof(words), "lpm.table_size=2000");
	memset(words + n, '0', 200); /* 2000 followed by 200 zeros */
	n += 200;
	n += snprintf(words + n, sizeof(words) - (size_t)n, " other.key=");
	memset(words + n, 'b', 300);
	words[n + 300] = '\0';
	config_defaults(&c);
	complaints[0] = '\0';
	config_parse_bootargs(&c, words, &hooks);
	assert_int_equal(c.bad_options, 1);
	assert_string_equal(complaints, "error: a 219-byte rvbench option is too long (at most 191 "
					"bytes): not applied\n");
	assert_int_equal(config_param(&c, "lpm", "table_size", 1000), 1000);
}

static void globs_and_demos(void **s)
{
	(void)s;
	assert_true(config_glob("*", "x"));
	assert_true(config_glob("lpm*", "lpm_lookup"));
	assert_true(config_glob("*_lookup", "lpm_lookup"));
	assert_true(config_glob("a?c", "abc"));
	assert_false(config_glob("a?c", "ac"));
	assert_true(config_glob("*a*b*", "xxaxxbxx"));
	assert_false(config_glob("*a*b", "xxaxxbxx"));
	assert_true(config_glob("", "") && !config_glob("", "x"));

	struct config c;
	config_defaults(&c);
	assert_int_equal(config_set(&c, "run", "*", &hooks), 0);
	assert_true(config_selects(&c, "crc32", 0));
	assert_false(config_selects(&c, "demo_fault", 1)); /* a glob never picks a demo */
	assert_int_equal(config_set(&c, "run", "demo_fault,addi*", &hooks), 0);
	assert_true(config_selects(&c, "demo_fault", 1));
	assert_false(config_selects(&c, "demo_hang", 1));
}

/* rvbench.events: names checked when set, "none" clears, a bad list
 * changes nothing and is named. */
static void events_are_checked_when_set(void **state)
{
	(void)state;
	struct config c;
	config_defaults(&c);
	assert_string_equal(c.events, "");
	config_parse_bootargs(&c, "rvbench.events=cycles,branch-misses,raw:0x1c01", &hooks);
	assert_string_equal(c.events, "cycles,branch-misses,raw:0x1c01");
	assert_int_equal(c.bad_options, 0);
	assert_int_equal(config_set(&c, "events", "cycles,bogus", &hooks), -1);
	assert_string_equal(c.events, "cycles,branch-misses,raw:0x1c01");
	assert_non_null(strstr(complaints, "events=cycles,bogus: unknown event"));
	assert_int_equal(config_set(&c, "events",
				    "cycles,instructions,cache-misses,branch-misses,ref-cycles", &hooks),
			 -1);
	assert_non_null(strstr(complaints, "at most 4 events"));
	assert_int_equal(config_set(&c, "events", "none", &hooks), 0);
	assert_string_equal(c.events, "");
}

/* Numbers are decimal, or hex after 0x: a leading 0 is no octal prefix
 * (010 was 8), and a value past 64 bits is refused like any value out of
 * range, never clamped to the largest one. */
static void numbers_are_decimal_or_hex_never_octal_never_clamped(void **state)
{
	(void)state;
	struct config c;
	config_defaults(&c);
	config_parse_bootargs(&c, "rvbench.samples=010 rvbench.warmup=0x10 memcpy.size=010000 "
				  "rvbench.batch=08", &hooks);
	assert_string_equal(complaints, "");
	assert_int_equal(c.samples, 10);
	assert_int_equal(c.warmup, 16);
	assert_int_equal(c.batch, 8);
	assert_int_equal(config_param(&c, "memcpy", "size", 0), 10000);

	assert_int_equal(config_set(&c, "seed", "18446744073709551615", &hooks), 0);
	assert_true(c.seed == UINT64_MAX);
	assert_int_equal(config_set(&c, "seed", "0X1234abcd", &hooks), 0);
	assert_true(c.seed == 0x1234abcd);
	static const char *const bad[][2] = {
		{ "seed", "18446744073709551616" }, { "seed", "99999999999999999999999999" },
		{ "seed", "0x10000000000000000" },  { "seed", "0x" },
		{ "seed", "0x1g" },                 { "seed", "+1" },
		{ "samples", "0100000" },           { "samples", "18446744073709551617" },
		{ "lpm.table_size", "99999999999999999999" }, { "many.p0", "9223372036854775808" },
		{ "many.p0", "-9223372036854775809" },        { "many.p0", "--1" },
	};
	for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		assert_refused(&c, bad[i][0], bad[i][1]);
	assert_true(c.seed == 0x1234abcd);
	assert_int_equal(c.bad_options, sizeof(bad) / sizeof(bad[0]));
	config_parse_bootargs(&c, "rvbench.seed=18446744073709551616", &hooks);
	assert_non_null(strstr(complaints, "error: seed=18446744073709551616: expected a whole number"
					   " in 0..2^64-1, decimal or 0x hex; nothing changed"));
	assert_int_equal(config_set(&c, "lpm.table_size", "99999999999999999999", &hooks), -1);
	assert_non_null(strstr(complaints, "lpm.table_size=99999999999999999999: out of range "
					   "1000..500000"));
	assert_int_equal(config_set(&c, "many.p0", "9223372036854775808", &hooks), -1);
	assert_non_null(strstr(complaints, "many.p0=9223372036854775808: out of the 64-bit range"));

	/* the bounds themselves, and hex after a minus */
	assert_int_equal(config_set(&c, "many.p0", "9223372036854775807", &hooks), 0);
	assert_true(config_param(&c, "many", "p0", 0) == INT64_MAX);
	assert_int_equal(config_set(&c, "many.p0", "-9223372036854775808", &hooks), 0);
	assert_true(config_param(&c, "many", "p0", 0) == INT64_MIN);
	assert_int_equal(config_set(&c, "many.p0", "-0x10,010,-0", &hooks), 0);
	const int64_t *v;
	assert_int_equal(config_param_list(&c, "many", "p0", &v), 3);
	assert_true(v[0] == -16 && v[1] == 10 && v[2] == 0);
}

/* The values of memcpy's impl and size at each step of its sweep. */
static unsigned sweep_steps(const struct config *c, const struct bench *b, int64_t (*got)[2])
{
	static struct config step;
	struct config_sweep s;
	unsigned n = config_sweep(c, b, &s);

	for (unsigned k = 0; k < n; k++) {
		step = *c;
		assert_int_equal(config_sweep_step(&step, b->name, &s, k), 0);
		got[k][0] = config_param(&step, "memcpy", "impl", -1);
		got[k][1] = config_param(&step, "memcpy", "size", -1);
	}
	return n;
}

/* Lists for two parameters sweep every combination, neither cut to its
 * first value; a list replaces the default sweep, a value of the default
 * sweep's parameter ends it; too many combinations are refused. */
static void lists_of_several_parameters_sweep_every_combination(void **state)
{
	(void)state;
	struct config c;
	int64_t got[8][2];

	config_defaults(&c);
	config_parse_bootargs(&c, "memcpy.size=1024,4096 memcpy.impl=0,1", &hooks);
	assert_int_equal(c.bad_options, 0);
	assert_int_equal(sweep_steps(&c, MEMCPY, got), 4);
	/* the first declared parameter (impl) outermost, whatever the word order */
	const int64_t want[4][2] = { { 0, 1024 }, { 0, 4096 }, { 1, 1024 }, { 1, 4096 } };
	assert_memory_equal(got, want, sizeof(want));

	config_defaults(&c);
	assert_int_equal(sweep_steps(&c, MEMCPY, got), 3); /* the default sweep */
	assert_true(got[0][0] == 0 && got[1][0] == 1 && got[2][0] == 2 && got[2][1] == -1);
	config_parse_bootargs(&c, "memcpy.size=8,64", &hooks); /* replaces it */
	assert_int_equal(sweep_steps(&c, MEMCPY, got), 2);
	assert_true(got[0][0] == -1 && got[0][1] == 8 && got[1][1] == 64);
	config_defaults(&c);
	config_parse_bootargs(&c, "memcpy.impl=2", &hooks);
	struct config_sweep s;
	assert_int_equal(config_sweep(&c, MEMCPY, &s), 0); /* one pass */

	/* 24 x 24 = 576 steps fit; one more list is refused by name, in
	 * either order, and what applied still fits */
	char a[120] = "", b[120] = "";
	for (unsigned i = 0; i < 24; i++) {
		snprintf(a + strlen(a), sizeof(a) - strlen(a), "%s%u", i ? "," : "", i);
		snprintf(b + strlen(b), sizeof(b) - strlen(b), "%s%u", i ? "," : "", 100 + i);
	}
	config_defaults(&c);
	assert_int_equal(config_set(&c, "many.p0", a, &hooks), 0);
	assert_int_equal(config_set(&c, "many.p1", b, &hooks), 0);
	assert_int_equal(config_sweep(&c, MANY, &s), 576);
	complaints[0] = '\0';
	assert_int_equal(config_set(&c, "many.p2", "1,2", &hooks), -1);
	assert_non_null(strstr(complaints, "error: many.p2=1,2: a sweep over every combination of many's"
					   " lists would be more than 576 combinations; nothing changed"));
	assert_int_equal(c.nparams, 2);
	assert_int_equal(config_set(&c, "many.p2", "7", &hooks), 0); /* one value: no more steps */
	assert_int_equal(config_sweep(&c, MANY, &s), 576);
	assert_int_equal(c.bad_options, 1);
}

/* 32 parameters set fill the table: a 33rd is refused, naming the limit,
 * and a default sweep still runs each of its values (it used to run the
 * first one as many times, without a word). */
static void a_full_table_is_refused_and_sweeps_stay_exact(void **state)
{
	(void)state;
	struct config c;
	char key[16];
	int64_t got[8][2];

	config_defaults(&c);
	for (unsigned i = 0; i < CONFIG_PARAMS_MAX; i++) {
		snprintf(key, sizeof(key), "many.p%u", i);
		assert_int_equal(config_set(&c, key, "5", &hooks), 0);
	}
	assert_int_equal(c.nparams, CONFIG_PARAMS_MAX);
	assert_int_equal(config_set(&c, "many.p0", "6", &hooks), 0); /* a set one: still fine */
	config_parse_bootargs(&c, "memcpy.impl=1", &hooks);
	assert_int_equal(c.bad_options, 1);
	assert_non_null(strstr(complaints, "error: memcpy.impl=1: too many benchmark parameters set"
					   " (at most 32); nothing changed"));
	assert_int_equal(c.nparams, CONFIG_PARAMS_MAX);

	assert_int_equal(sweep_steps(&c, MEMCPY, got), 3);
	for (unsigned k = 0; k < 3; k++)
		assert_true(got[k][0] == (int64_t)k);
	/* past the spare slot, a new parameter is refused, never dropped */
	static struct config step;
	step = c;
	assert_int_equal(config_param_fix(&step, "memcpy", "impl", 0), 0);
	assert_int_equal(config_param_fix(&step, "memcpy", "size", 8), -1);
	assert_int_equal(config_param(&step, "memcpy", "size", -1), -1);
}

/* Names as long as the registry allows them: a 64-byte benchmark name and
 * a longer parameter name; a longer benchmark name is refused by its limit. */
static void long_names_take_parameters(void **state)
{
	(void)state;
	struct config c;

	assert_int_equal(strlen(LONG_BENCH), 64);
	config_defaults(&c);
	config_parse_bootargs(&c, LONG_BENCH "." LONG_PARAM "=5 rvbench." LONG_BENCH "." LONG_PARAM "=6",
			      &hooks);
	assert_string_equal(complaints, "");
	assert_int_equal(config_param(&c, LONG_BENCH, LONG_PARAM, 0), 6);
	assert_int_equal(c.nparams, 1);
	assert_int_equal(config_set(&c, LONG_BENCH "x." LONG_PARAM, "5", &hooks), -1);
	assert_non_null(strstr(complaints, "error: " LONG_BENCH "x." LONG_PARAM "=5: no benchmark of that"
					   " name (names are at most 64 bytes); nothing changed"));
	assert_int_equal(config_set(&c, "lpm.", "5", &hooks), -1);
	assert_non_null(strstr(complaints, "error: lpm.=5: expected BENCH.PARAM"));
}

/* rvbench.run= takes a list as long as a word may be (191 bytes); a
 * refused one selects no benchmark, never every one, whatever the order
 * of the words; the console can then select again. */
static void run_lists_up_to_a_word_and_refused_ones_select_nothing(void **state)
{
	(void)state;
	struct config c;
	char args[600] = "rvbench.run=addi100";

	while (strlen(args) < 191)
		strcat(args, ",x");
	args[191] = '\0';
	config_defaults(&c);
	config_parse_bootargs(&c, args, &hooks);
	assert_string_equal(complaints, "");
	assert_int_equal(strlen(c.run), 191 - strlen("rvbench.run="));
	assert_true(config_selects(&c, "addi100", 0));
	assert_false(config_selects(&c, "crc32", 0));
	char value[200];
	memset(value, 'a', 191);
	value[191] = '\0';
	assert_int_equal(config_set(&c, "run", value, &hooks), 0); /* the console's longest too */

	static const char *const refused[] = {
		"rvbench.run=addi100,xx rvbench.samples=5",  /* 192 bytes once padded below */
		"rvbench.run=", "rvbench.run", "rvbench.run=addi100 rvbench.run=",
		"rvbench.run= rvbench.run=addi100",
	};
	for (unsigned i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
		char line[400];
		snprintf(line, sizeof(line), "%s", refused[i]);
		if (i == 0) { /* the first word 192 bytes: one too many */
			char *sp = strchr(line, ' ');
			memmove(line + 192, sp, strlen(sp) + 1);
			memset(sp, 'y', (size_t)(line + 192 - sp));
		}
		config_defaults(&c);
		complaints[0] = '\0';
		config_parse_bootargs(&c, line, &hooks);
		assert_int_equal(c.bad_options, 1);
		assert_non_null(strstr(complaints, "no benchmark runs\n"));
		assert_false(config_selects(&c, "addi100", 0));
		assert_false(config_selects(&c, "crc32", 0));
		assert_false(config_selects(&c, "demo_fault", 1));
	}
	assert_non_null(strstr(complaints, "error: run=: expected comma-separated benchmark names or globs;"
					   " no benchmark runs"));
	assert_int_equal(c.samples, CONFIG_DEFAULT_SAMPLES);
	config_defaults(&c);
	complaints[0] = '\0';
	snprintf(args, sizeof(args), "rvbench.run=addi100");
	memset(args + strlen(args), ',', 190);
	config_parse_bootargs(&c, args, &hooks);
	assert_non_null(strstr(complaints, "error: a 209-byte rvbench option is too long (at most 191 "
					   "bytes): not applied; no benchmark runs\n"));
	assert_false(config_selects(&c, "addi100", 0));
	assert_int_equal(config_set(&c, "run", "addi*", &hooks), 0);
	assert_true(config_selects(&c, "addi100", 0));
}

/* Settings that depend on each other are checked once every word of the
 * command line is read: their order does not matter, and a combination
 * that does not fit is refused whole (each word named and counted). */
static void dependent_settings_on_the_command_line_whatever_their_order(void **state)
{
	(void)state;
	static const char *const fit[] = {
		"rvbench.samples=65500 rvbench.warmup=0", "rvbench.warmup=0 rvbench.samples=65500",
		"rvbench.delta=100 rvbench.groups=64 rvbench.size=65000 rvbench.warmup=0",
		"rvbench.size=65000 rvbench.warmup=0 rvbench.groups=64 rvbench.delta=100",
	};
	struct config c;

	for (unsigned i = 0; i < sizeof(fit) / sizeof(fit[0]); i++) {
		config_defaults(&c);
		config_parse_bootargs(&c, fit[i], &hooks);
		assert_string_equal(complaints, "");
		assert_int_equal(c.warmup, 0);
		assert_true(c.samples == 65500 || (c.groups == 64 && c.size == 65000 && c.delta == 100));
	}

	static const char *const clash[][2] = {
		{ "rvbench.samples=65500 rvbench.warmup=100 rvbench.batch=8",
		  "rvbench.batch=8 rvbench.warmup=100 rvbench.samples=65500" },
		{ "rvbench.warmup=auto rvbench.samples=64000 rvbench.batch=8",
		  "rvbench.samples=64000 rvbench.batch=8 rvbench.warmup=auto" },
		{ "rvbench.groups=64 rvbench.delta=100000 rvbench.batch=8",
		  "rvbench.delta=100000 rvbench.batch=8 rvbench.groups=64" },
	};
	static const char *const said[] = {
		"error: samples=65500 warmup=100: warmup + samples of one block exceed the 65536-sample"
		" buffer; none of these applied\n",
		"error: samples=64000 warmup=auto: warmup + samples of one block exceed the 65536-sample"
		" buffer; none of these applied\n",
		"error: groups=64 delta=100000: the last group's batch (initial + (groups-1)*delta)"
		" exceeds 1000000; none of these applied\n",
	};
	for (unsigned i = 0; i < sizeof(clash) / sizeof(clash[0]); i++)
		for (unsigned order = 0; order < 2; order++) {
			config_defaults(&c);
			complaints[0] = '\0';
			config_parse_bootargs(&c, clash[i][order], &hooks);
			assert_string_equal(complaints, said[i]);
			assert_int_equal(c.bad_options, 2);
			assert_int_equal(c.samples, CONFIG_DEFAULT_SAMPLES);
			assert_int_equal(c.warmup, CONFIG_DEFAULT_WARMUP);
			assert_int_equal(c.warmup_auto, 0);
			assert_int_equal(c.groups, 0);
			assert_int_equal(c.delta, 1);
			assert_int_equal(c.batch, 8); /* a word of no clash applies */
			assert_int_equal(c.explicit_keys, CONFIG_SET_BATCH);
		}

	/* A key given twice (a matrix point's words after --bootargs) goes
	 * back to its earlier word, not to before the command line; groups=0,
	 * no group sweep, is no cause of a samples clash. */
	config_defaults(&c);
	complaints[0] = '\0';
	config_parse_bootargs(&c, "rvbench.samples=100 rvbench.groups=0 rvbench.samples=65500", &hooks);
	assert_int_equal(c.samples, 100);
	assert_int_equal(c.bad_options, 1);
	assert_string_equal(complaints, "error: samples=65500: warmup + samples of one block exceed "
					"the 65536-sample buffer; none of these applied\n");
}

/* Settings the run will not use are said (config_unused): batch= and
 * samples= in a group sweep, initial=, delta= and size= without one;
 * accepted all the same (nothing counted), as a --matrix over groups=0,N
 * with one size= needs. */
static void settings_a_run_does_not_use_are_said(void **state)
{
	(void)state;
	struct config c;
	char buf[200];

	config_defaults(&c);
	assert_null(config_unused(&c, buf, sizeof(buf)));
	config_parse_bootargs(&c, "rvbench.groups=4 rvbench.initial=2 rvbench.delta=3 rvbench.size=50",
			      &hooks);
	assert_null(config_unused(&c, buf, sizeof(buf))); /* a sweep uses all three */

	config_defaults(&c);
	config_parse_bootargs(&c, "rvbench.samples=500 rvbench.groups=4 rvbench.batch=2", &hooks);
	assert_string_equal(complaints, "");
	assert_int_equal(c.bad_options, 0);
	assert_string_equal(config_unused(&c, buf, sizeof(buf)),
			    "warning: batch= samples= not used: a group sweep's batches are initial +"
			    " g * delta, its samples per group size=");

	config_defaults(&c);
	config_parse_bootargs(&c, "rvbench.size=100 rvbench.delta=5", &hooks);
	assert_int_equal(c.bad_options, 0);
	assert_string_equal(config_unused(&c, buf, sizeof(buf)),
			    "warning: delta= size= not used: they set a group sweep, and groups= is 0");
	/* At the console too, whatever the order: groups= set afterwards
	 * makes them used. */
	assert_int_equal(config_set(&c, "groups", "2", &hooks), 0);
	assert_null(config_unused(&c, buf, sizeof(buf)));
	/* A short buffer is cut, never overrun. */
	assert_int_equal(config_set(&c, "groups", "0", &hooks), 0);
	char small[12];
	assert_string_equal(config_unused(&c, small, sizeof(small)), "warning: de");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(defaults_and_foreign_words, reset),
		cmocka_unit_test_setup(valid_options_apply, reset),
		cmocka_unit_test_setup(every_bad_value_is_named_and_changes_nothing, reset),
		cmocka_unit_test_setup(settings_that_do_not_fit_together_are_refused, reset),
		cmocka_unit_test_setup(malformed_words_on_the_command_line, reset),
		cmocka_unit_test_setup(globs_and_demos, reset),
		cmocka_unit_test_setup(events_are_checked_when_set, reset),
		cmocka_unit_test_setup(numbers_are_decimal_or_hex_never_octal_never_clamped, reset),
		cmocka_unit_test_setup(lists_of_several_parameters_sweep_every_combination, reset),
		cmocka_unit_test_setup(a_full_table_is_refused_and_sweeps_stay_exact, reset),
		cmocka_unit_test_setup(long_names_take_parameters, reset),
		cmocka_unit_test_setup(run_lists_up_to_a_word_and_refused_ones_select_nothing, reset),
		cmocka_unit_test_setup(dependent_settings_on_the_command_line_whatever_their_order, reset),
		cmocka_unit_test_setup(settings_a_run_does_not_use_are_said, reset),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
