/*
 * Words of ours with no value (src/config.c), each once taken without a
 * word: "rvbench.events=" (an unset shell variable in --bootargs) read as
 * "none", so the run counted no event where events were asked for; and
 * "memcpy.size 4096" (a space for the '=') left memcpy.size at its
 * default, ignored as another program's word, where "rvbench.samples
 * 4096" is refused. Each is now refused by name, counted, and changes
 * nothing; "none" still clears the events.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "config.h"

static char complaints[2048];

static void collect(const char *msg)
{
	strncat(complaints, msg, sizeof(complaints) - strlen(complaints) - 2);
	strcat(complaints, "\n");
}

/* One benchmark, "memcpy", with size in 8..1048576. */
static int fake_check(const char *bench, const char *param, int64_t value, const char **name,
		      const char **why)
{
	static const char *const memcpy_name = "memcpy", *const size = "size";

	if (strcmp(bench, memcpy_name))
		return 1;
	if (!param) {
		*name = memcpy_name;
		return 0;
	}
	if (strcmp(param, size)) {
		*why = "no such parameter";
		return -1;
	}
	if (value < 8 || value > 1048576) {
		*why = "out of range 8..1048576";
		return -1;
	}
	*name = size;
	return 0;
}

static const struct config_hooks hooks = { .complain = collect, .check_param = fake_check };

static int reset(void **state)
{
	(void)state;
	complaints[0] = '\0';
	return 0;
}

static void empty_events_are_refused(void **state)
{
	(void)state;
	struct config c;

	config_defaults(&c);
	config_parse_bootargs(&c, "rvbench.events=branch-misses rvbench.events=", &hooks);
	assert_string_equal(complaints, "error: events=: expected comma-separated event names, or"
					" none; nothing changed\n");
	assert_int_equal(c.bad_options, 1);
	assert_string_equal(c.events, "branch-misses"); /* the earlier word stands */

	/* the console alike; "none" is the way to say none */
	reset(NULL);
	assert_int_equal(config_set(&c, "events", "", &hooks), -1);
	assert_string_equal(c.events, "branch-misses");
	assert_non_null(strstr(complaints, "error: events=: expected"));
	assert_int_equal(config_set(&c, "events", "none", &hooks), 0);
	assert_string_equal(c.events, "");
}

static void a_parameter_without_a_value_is_refused(void **state)
{
	(void)state;
	struct config c;

	config_defaults(&c);
	config_parse_bootargs(&c, "memcpy.size 4096 rvbench.memcpy.size", &hooks);
	assert_string_equal(complaints, "error: memcpy.size: expected BENCH.PARAM=VALUE; nothing changed\n"
					"error: rvbench.memcpy.size: expected rvbench.KEY=VALUE; nothing"
					" changed\n");
	assert_int_equal(c.bad_options, 2);
	assert_int_equal(c.nparams, 0);

	/* Another program's words stay theirs: no benchmark of that name,
	 * or no '.' after the name. */
	reset(NULL);
	config_defaults(&c);
	config_parse_bootargs(&c, "net.ifnames memcpyx.size memcpy quiet .size", &hooks);
	assert_string_equal(complaints, "");
	assert_int_equal(c.bad_options, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(empty_events_are_refused, reset),
		cmocka_unit_test_setup(a_parameter_without_a_value_is_refused, reset),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
