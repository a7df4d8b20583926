/*
 * The firmware's memcpy, memmove and memset (src/lib/string.c), built here
 * under the names rvb_memcpy... so the host's libc stays in place, against
 * the libc versions: every source and destination offset 0..15 with every
 * length 0..256 (each path: short copies, aligned words, the shifting
 * merge, head and tail bytes), large sizes, memmove overlapping in both
 * directions at every relative alignment, and guard bytes around the
 * destination. The source block ends with the last byte copied, so
 * AddressSanitizer stops any read past its end.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define STRING_NAME(name) rvb_##name
#include "lib/string.c"

#define MAX_OFF 16
#define MAX_LEN 256
#define GUARD 16
#define FILL 0xA5

static unsigned char pattern(size_t i)
{
	return (unsigned char)(i * 131 + (i >> 8) * 7 + 1);
}

/* The destination sits after GUARD + dst_off bytes of FILL and before
 * GUARD more: only its len bytes may change. */
static void check_copy(size_t src_off, size_t dst_off, size_t len)
{
	unsigned char *src = malloc(src_off + len);
	unsigned char *dst = malloc(GUARD + dst_off + len + GUARD);

	assert_non_null(src);
	assert_non_null(dst);
	for (size_t i = 0; i < src_off + len; i++)
		src[i] = pattern(i + len);
	memset(dst, FILL, GUARD + dst_off + len + GUARD);
	void *r = rvb_memcpy(dst + GUARD + dst_off, src + src_off, len);

	assert_ptr_equal(r, dst + GUARD + dst_off);
	for (size_t i = 0; i < GUARD + dst_off; i++)
		assert_int_equal(dst[i], FILL);
	assert_memory_equal(dst + GUARD + dst_off, src + src_off, len);
	for (size_t i = 0; i < GUARD; i++)
		assert_int_equal(dst[GUARD + dst_off + len + i], FILL);
	free(dst);
	free(src);
}

static void memcpy_every_offset_and_length(void **s)
{
	(void)s;
	for (size_t so = 0; so < MAX_OFF; so++)
		for (size_t dof = 0; dof < MAX_OFF; dof++)
			for (size_t len = 0; len <= MAX_LEN; len++)
				check_copy(so, dof, len);
}

static void memcpy_large(void **s)
{
	static const size_t lens[] = { 4096, 65537, 1 << 20, (1 << 20) + 13 };
	static const size_t offs[][2] = { { 0, 0 }, { 1, 3 }, { 7, 1 }, { 8, 0 }, { 5, 5 }, { 0, 6 } };

	(void)s;
	for (size_t l = 0; l < sizeof(lens) / sizeof(lens[0]); l++)
		for (size_t o = 0; o < sizeof(offs) / sizeof(offs[0]); o++)
			check_copy(offs[o][0], offs[o][1], lens[l]);
}

/* In one buffer: src at base + so, dst at base + so + delta; the result
 * must be what libc's memmove makes of an identical buffer. */
static void check_move(unsigned char *a, unsigned char *b, size_t size, size_t so, long delta,
		       size_t len)
{
	for (size_t i = 0; i < size; i++)
		a[i] = b[i] = pattern(i);
	size_t base = 64;
	unsigned char *ra = rvb_memmove(a + base + so + delta, a + base + so, len);
	memmove(b + base + so + delta, b + base + so, len);
	assert_ptr_equal(ra, a + base + so + delta);
	assert_memory_equal(a, b, size);
}

static void memmove_overlap_both_directions(void **s)
{
	size_t size = 64 + MAX_OFF + MAX_LEN + 64;
	unsigned char *a = malloc(size), *b = malloc(size);

	(void)s;
	assert_non_null(a);
	assert_non_null(b);
	for (size_t so = 0; so < MAX_OFF; so++)
		for (long delta = -24; delta <= 24; delta++)
			for (size_t len = 0; len <= MAX_LEN; len++)
				check_move(a, b, size, so, delta, len);
	free(a);
	free(b);
}

static void memmove_large_overlap(void **s)
{
	static const long deltas[] = { -4096, -13, -8, -1, 1, 3, 8, 4099 };
	size_t len = (1 << 20) + 5, size = len + 2 * 8192;
	unsigned char *a = malloc(size), *b = malloc(size);

	(void)s;
	assert_non_null(a);
	assert_non_null(b);
	for (size_t d = 0; d < sizeof(deltas) / sizeof(deltas[0]); d++)
		for (size_t so = 4096; so < 4096 + 8; so += 3) {
			for (size_t i = 0; i < size; i++)
				a[i] = b[i] = pattern(i);
			rvb_memmove(a + so + deltas[d], a + so, len);
			memmove(b + so + deltas[d], b + so, len);
			assert_memory_equal(a, b, size);
		}
	free(a);
	free(b);
}

/* Without overlap memmove is a copy: the exact-block check applies. */
static void memmove_disjoint(void **s)
{
	(void)s;
	for (size_t so = 0; so < MAX_OFF; so += 3)
		for (size_t dof = 0; dof < MAX_OFF; dof++)
			for (size_t len = 0; len <= MAX_LEN; len += 7) {
				unsigned char *src = malloc(so + len + 1);
				unsigned char *dst = malloc(GUARD + dof + len + GUARD);
				assert_non_null(src);
				assert_non_null(dst);
				for (size_t i = 0; i < so + len; i++)
					src[i] = pattern(i);
				memset(dst, FILL, GUARD + dof + len + GUARD);
				rvb_memmove(dst + GUARD + dof, src + so, len);
				assert_memory_equal(dst + GUARD + dof, src + so, len);
				for (size_t i = 0; i < GUARD + dof; i++)
					assert_int_equal(dst[i], FILL);
				for (size_t i = 0; i < GUARD; i++)
					assert_int_equal(dst[GUARD + dof + len + i], FILL);
				free(dst);
				free(src);
			}
}

static void check_set(size_t off, size_t len, int c)
{
	size_t size = GUARD + off + len + GUARD;
	unsigned char *a = malloc(size), *b = malloc(size);

	assert_non_null(a);
	assert_non_null(b);
	memset(a, FILL, size);
	memset(b, FILL, size);
	void *r = rvb_memset(a + GUARD + off, c, len);
	memset(b + GUARD + off, c, len);
	assert_ptr_equal(r, a + GUARD + off);
	assert_memory_equal(a, b, size);
	free(a);
	free(b);
}

static void memset_every_offset_and_length(void **s)
{
	static const int values[] = { 0, 0x5A, 0xFF, 0x1A5 /* only the low byte counts */ };

	(void)s;
	for (size_t v = 0; v < sizeof(values) / sizeof(values[0]); v++)
		for (size_t off = 0; off < MAX_OFF; off++)
			for (size_t len = 0; len <= MAX_LEN; len++)
				check_set(off, len, values[v]);
}

static void memset_large(void **s)
{
	(void)s;
	check_set(0, 1 << 20, 0x3C);
	check_set(3, (1 << 20) + 7, 0xC3);
	check_set(7, 65537, 0);
}

/*
 * Buffers against unmapped pages: the first or last byte of the source
 * (or of the overlapping memmove's block) sits at the edge of a page whose
 * neighbour is PROT_NONE, at every length 0..300 and every destination
 * alignment, so a read of even one byte outside the buffer (say, a whole
 * word to get at its last bytes) faults. The functions promise no access
 * outside the caller's buffers (string.c's header), so no fault here.
 */
#define EDGE_LEN 300

static void page_edges(void **s)
{
	size_t pg = (size_t)sysconf(_SC_PAGESIZE);
	/* guard, source page, guard, destination page, guard */
	unsigned char *m = mmap(NULL, 5 * pg, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	(void)s;
	assert_true(m != MAP_FAILED);
	unsigned char *sp = m + pg, *dp = m + 3 * pg;
	assert_int_equal(mprotect(sp, pg, PROT_READ | PROT_WRITE), 0);
	assert_int_equal(mprotect(dp, pg, PROT_READ | PROT_WRITE), 0);
	for (size_t i = 0; i < pg; i++)
		sp[i] = pattern(i);
	for (size_t len = 0; len <= EDGE_LEN; len++)
		for (size_t doff = 0; doff < 16; doff++) {
			/* source ending at its page's end, then starting at its start */
			const unsigned char *srcs[2] = { sp + pg - len, sp };
			for (int e = 0; e < 2; e++) {
				unsigned char *d = dp + 64 + doff;
				memset(dp, FILL, pg);
				assert_ptr_equal(rvb_memcpy(d, srcs[e], len), d);
				assert_memory_equal(d, srcs[e], len);
				assert_int_equal(d[-1], FILL);
				assert_int_equal(d[len], FILL);
				memset(dp, FILL, pg);
				assert_ptr_equal(rvb_memmove(d, srcs[e], len), d);
				assert_memory_equal(d, srcs[e], len);
				assert_int_equal(d[-1], FILL);
				assert_int_equal(d[len], FILL);
			}
			/* overlapping moves within one page, the block at either
			 * edge: forward (dst below src) ending at the page's end,
			 * backward (dst above src) starting at its start */
			size_t delta = doff + 1;
			if (len + delta <= pg) {
				unsigned char ref[EDGE_LEN + 16];
				unsigned char *src = dp + pg - len;
				for (size_t i = 0; i < pg; i++)
					dp[i] = pattern(i);
				memcpy(ref, src, len);
				rvb_memmove(src - delta, src, len);
				assert_memory_equal(src - delta, ref, len);
				for (size_t i = 0; i < pg; i++)
					dp[i] = pattern(i);
				memcpy(ref, dp, len);
				rvb_memmove(dp + delta, dp, len);
				assert_memory_equal(dp + delta, ref, len);
			}
		}
	munmap(m, 5 * pg);
}

/*
 * Strict aliasing: the functions move memory through 8-byte words, so a
 * caller that sees their bodies (inlined, as in this file, or under LTO)
 * must not be told by type-based alias analysis that a uint64_t access
 * cannot touch its uint32_t fields. Each helper is flattened (every call
 * inlined) and kept from interprocedural propagation (noipa), so GCC sees
 * a store of 7 to b->v[3], the copy's word stores through unknown
 * pointers, and a read of b->v[3]: without may_alias on the word type it
 * returned the 7 (GCC 12 -O2), not the copied value.
 */
struct ints {
	_Alignas(8) uint32_t v[16];
};

__attribute__((flatten, noipa)) static uint32_t copy_then_read(struct ints *pb, const struct ints *pa)
{
	struct ints *b = __builtin_assume_aligned(pb, 8);
	const struct ints *a = __builtin_assume_aligned(pa, 8);

	b->v[3] = 7;
	rvb_memcpy(b, a, sizeof(*b));
	return b->v[3];
}

__attribute__((flatten, noipa)) static uint32_t move_then_read(struct ints *pb, const struct ints *pa)
{
	struct ints *b = __builtin_assume_aligned(pb, 8);
	const struct ints *a = __builtin_assume_aligned(pa, 8);

	b->v[3] = 7;
	rvb_memmove(b, a, sizeof(*b));
	return b->v[3];
}

__attribute__((flatten, noipa)) static uint32_t set_then_read(struct ints *pb)
{
	struct ints *b = __builtin_assume_aligned(pb, 8);

	b->v[3] = 7;
	rvb_memset(b, 0, sizeof(*b));
	return b->v[3];
}

/* And the other way: fields written as uint32_t, then copied as words. */
__attribute__((flatten, noipa)) static uint32_t write_then_copy(struct ints *pb, struct ints *pa)
{
	struct ints *b = __builtin_assume_aligned(pb, 8);
	struct ints *a = __builtin_assume_aligned(pa, 8);

	for (int i = 0; i < 16; i++)
		a->v[i] = 1000 + (uint32_t)i;
	rvb_memcpy(b, a, sizeof(*b));
	return b->v[3];
}

static void word_access_may_alias(void **s)
{
	static struct ints a, b;

	(void)s;
	for (int i = 0; i < 16; i++)
		a.v[i] = 100 + (uint32_t)i;
	assert_int_equal(copy_then_read(&b, &a), 103);
	assert_int_equal(move_then_read(&b, &a), 103);
	assert_int_equal(set_then_read(&b), 0);
	assert_int_equal(write_then_copy(&b, &a), 1003);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(memcpy_every_offset_and_length),
		cmocka_unit_test(memcpy_large),
		cmocka_unit_test(memmove_overlap_both_directions),
		cmocka_unit_test(memmove_large_overlap),
		cmocka_unit_test(memmove_disjoint),
		cmocka_unit_test(memset_every_offset_and_length),
		cmocka_unit_test(memset_large),
		cmocka_unit_test(page_edges),
		cmocka_unit_test(word_access_may_alias),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
