/*
 * The kernel command line read whole (platform/bootargs.c): a device tree
 * built here with a /chosen/bootargs far longer than 255 bytes, an option
 * straddling byte 255 (where a 256-byte copy used to cut it, the cut word
 * then read as another valid value), and the parser (src/config.c) applying
 * every word of it. A missing or malformed property reads as "", and
 * what was not read is counted: a list of strings (only the first is the
 * command line) or a value with no NUL.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bootargs.h"
#include "config.h"
#include "fdt_fixture.h"
#include "test_main.h"

/* A tree: / { chosen { bootargs = value (n bytes, as given) } }, or no
 * chosen node when value is NULL. */
static struct blob tree(const char *value, size_t n)
{
	size_t cap = 256 + n;
	uint8_t *st = calloc(1, cap);
	size_t k = 0;
	assert_non_null(st);
#define U32(v) (put32(st + k, (v)), k += 4)
	U32(1); /* BEGIN_NODE "" */
	k += 4;
	if (value) {
		U32(1); /* BEGIN_NODE "chosen" */
		memcpy(st + k, "chosen", 7);
		k += 8;
		U32(3); /* PROP */
		U32((uint32_t)n);
		U32(0); /* name: "bootargs" at string offset 0 */
		memcpy(st + k, value, n);
		k = (k + n + 3) & ~(size_t)3;
		U32(2); /* END_NODE */
	}
	U32(2);
	U32(9); /* END */
#undef U32
	static const char strs[] = "bootargs";
	size_t total = 40 + 16 + k + sizeof(strs);
	struct blob b = { calloc(1, total), total };
	assert_non_null(b.p);
	put32(b.p + 0, FDT_MAGIC);
	put32(b.p + 4, (uint32_t)total);
	put32(b.p + 8, 56);
	put32(b.p + 12, (uint32_t)(56 + k));
	put32(b.p + 16, 40);
	put32(b.p + 20, 17);
	put32(b.p + 24, 16);
	put32(b.p + 32, (uint32_t)sizeof(strs));
	put32(b.p + 36, (uint32_t)k);
	memcpy(b.p + 56, st, k);
	memcpy(b.p + 56 + k, strs, sizeof(strs));
	free(st);
	assert_int_equal(fdt_check(b.p, b.size), 0);
	return b;
}

/* platform_bootargs() of the tree in b, through its table of nodes; the
 * bytes it did not read in *unread. */
static const char *bootargs_unread(const struct blob *b, size_t *unread)
{
	struct fdt_index ix;
	assert_int_equal(index_tree(&ix, b->p, b->size), 0);
	*unread = 12345;
	return platform_bootargs(&ix, unread);
}

/* The same, for a tree whose property is read whole. */
static const char *bootargs_of(const struct blob *b)
{
	size_t unread;
	const char *s = bootargs_unread(b, &unread);
	assert_int_equal(unread, 0);
	return s;
}

static char complaints[1024];

static void collect(const char *msg)
{
	strncat(complaints, msg, sizeof(complaints) - strlen(complaints) - 2);
	strcat(complaints, "\n");
}

static const struct config_hooks hooks = { .complain = collect };

static void test_long_bootargs_whole(void **state)
{
	(void)state;
	char args[1200];
	size_t n = (size_t)snprintf(args, sizeof(args), "console=ttyS0");
	/* Foreign words up to byte 236, then the option from byte 237: its
	 * first 255 bytes end in "rvbench.samples=12", a valid other value. */
	while (n < 226)
		n += (size_t)snprintf(args + n, sizeof(args) - n, " pad.x=%zu", n);
	while (n < 236)
		args[n++] = 'y';
	n += (size_t)snprintf(args + n, sizeof(args) - n, " rvbench.samples=1234");
	assert_memory_equal(args + 237, "rvbench.samples=12", 255 - 237);
	/* The rest: more words, and one more option at the very end. */
	while (n < 1000)
		n += (size_t)snprintf(args + n, sizeof(args) - n, " filler.z=%zu", n);
	n += (size_t)snprintf(args + n, sizeof(args) - n, " rvbench.warmup=7");

	struct blob b = tree(args, n + 1);
	const char *got = bootargs_of(&b);
	assert_int_equal(strlen(got), n);
	assert_string_equal(got, args);

	struct config c;
	config_defaults(&c);
	complaints[0] = '\0';
	config_parse_bootargs(&c, got, &hooks);
	assert_string_equal(complaints, "");
	assert_int_equal(c.bad_options, 0);
	assert_int_equal(c.samples, 1234);
	assert_int_equal(c.warmup, 7);
	free(b.p);
}

static void test_missing_or_malformed(void **state)
{
	(void)state;
	struct blob b = tree(NULL, 0);
	assert_string_equal(bootargs_of(&b), "");
	free(b.p);
	size_t unread;
	b = tree("rvbench.samples=5", 17); /* no NUL: not a string, none of it read */
	assert_string_equal(bootargs_unread(&b, &unread), "");
	assert_int_equal(unread, 17);
	free(b.p);
	b = tree("", 1);
	assert_string_equal(bootargs_of(&b), "");
	free(b.p);
	unread = 12345;
	assert_string_equal(platform_bootargs(NULL, &unread), ""); /* no usable tree */
	assert_int_equal(unread, 0);
}

/* bootargs = "rvbench.samples=5", "rvbench.warmup=3"; as dtc writes a list of
 * strings: the first string is the command line, the 17 bytes of the
 * second ("rvbench.warmup=3" and its NUL) are counted as not read. */
static void test_string_list(void **state)
{
	(void)state;
	static const char list[] = "rvbench.samples=5\0rvbench.warmup=3";
	size_t unread;
	struct blob b = tree(list, sizeof(list));
	assert_string_equal(bootargs_unread(&b, &unread), "rvbench.samples=5");
	assert_int_equal(unread, 17);
	free(b.p);
	/* A trailing empty string is a byte not read too. */
	static const char two_nuls[] = "rvbench.samples=5\0";
	b = tree(two_nuls, sizeof(two_nuls));
	assert_string_equal(bootargs_unread(&b, &unread), "rvbench.samples=5");
	assert_int_equal(unread, 1);
	free(b.p);
}

TEST_MAIN(cmocka_unit_test(test_long_bootargs_whole), cmocka_unit_test(test_missing_or_malformed),
	  cmocka_unit_test(test_string_list))
