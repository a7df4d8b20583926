/*
 * memcpy() and memset() on `size` bytes (8 B .. 1 MiB), at a chosen
 * misalignment, by implementation side by side: the default sweep is over
 * impl=, so one run shows what a C library's choice costs.
 *
 *   impl=0 (byte)     a byte loop, what Debian's picolibc (built for
 *                     size) gives: its loops, instruction for
 *                     instruction (byte_copy, byte_set)
 *   impl=1 (word)     rvbench's own memcpy/memset (src/lib/string.c), the
 *                     one every benchmark and the firmware call: 8-byte
 *                     words, a shifting merge when misaligned
 *   impl=2 (builtin)  memcpy only, aligned: GCC's inline expansion of
 *                     __builtin_memcpy for a size known at compile time
 *                     (one copy per size of builtin_sizes[]; GCC 12
 *                     expands a RISC-V memset inline only for a constant
 *                     byte and a small size, and memset stores the input,
 *                     so memset has no impl=2: it would call impl=1)
 *
 *   memcpy, memset                        both buffers 64-byte aligned
 *   memcpy_misaligned, memset_misaligned  src at +src_off, dst at +dst_off
 *                                         (default 1 and 3: the copy cannot
 *                                         pair up words; a misaligned word
 *                                         access on the U54 traps to M-mode)
 *
 * Every implementation is called through the same function pointer, so
 * they differ by the copy alone. Bytes per cycle = size / cycles: the
 * BENCH record carries p.size next to every sample. A size sweep is one
 * bootarg away (memcpy.size=8,64,4096,1048576, at impl=1 unless memcpy.impl=
 * says otherwise). The same buffers serve every call, so they stay in
 * the caches that hold them (the cold case is mem_latency's): a U54 has
 * a 32 KiB L1 data cache and a 2 MiB L2, and a copy touches 2 x size
 * bytes (source and destination), so memcpy runs from L1 up to 8 KiB
 * (16 KiB fills L1 with no room for anything else) and from L2 up to
 * 512 KiB (1 MiB fills it); memset touches size bytes, twice as far.
 * memset stores a different byte (the input) each call, so no call is
 * redundant; the inputs are drawn in [0, input_range), so its range is
 * 256 to store every byte value, 0xFF too (255 never drew it). verify()
 * checks the bytes landed, and that nothing around them was touched.
 */
#include "rvbench.h"

#include <stdio.h>
#include <string.h>

#define GUARD 64

enum impl { IMPL_BYTE, IMPL_WORD, IMPL_BUILTIN };

typedef void *(*copy_fn)(void *dst, const void *src, size_t n);
typedef void *(*set_fn)(void *dst, int c, size_t n);

struct copy {
	uint8_t *src, *dst; /* already offset */
	size_t size;
	copy_fn copy;
	set_fn set;
};

/*
 * impl=0 is picolibc's own loops (Debian's libc.a, rv64imafdc:
 * memcpy-asm.S and memset.S), instruction for instruction: memcpy 6
 * instructions a byte, memset 4. picolibc's memcpy is not linked (string.c
 * replaces it), and a byte loop in C is not it: GCC made one of 5 a byte
 * (a pointer compare for the count), 20 % below picolibc's, so the asm.
 * tests/system/test_memcpy_byte_loop.sh checks the cost a byte against the
 * libc.a the image is linked with.
 */
static void *byte_copy(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	if (n != 0)
		__asm__ volatile("1:	lb	t2, 0(%1)\n"
				 "	sb	t2, 0(%0)\n"
				 "	addi	%2, %2, -1\n"
				 "	addi	%0, %0, 1\n"
				 "	addi	%1, %1, 1\n"
				 "	bnez	%2, 1b"
				 : "+r"(d), "+r"(s), "+r"(n)
				 :
				 : "t2", "memory");
	return dst;
}

static void *byte_set(void *dst, int c, size_t n)
{
	unsigned char *d = dst;

	if (n != 0)
		__asm__ volatile("1:	sb	%2, 0(%0)\n"
				 "	addi	%1, %1, -1\n"
				 "	addi	%0, %0, 1\n"
				 "	bnez	%1, 1b"
				 : "+r"(d), "+r"(n)
				 : "r"(c)
				 : "memory");
	return dst;
}

/* GCC expands __builtin_memcpy inline only for a size it knows, and with
 * words only when it knows the alignment: one function per size. */
#define BUILTIN_COPY(n)                                                                   \
	static void *builtin_copy_##n(void *dst, const void *src, size_t size)           \
	{                                                                                 \
		(void)size;                                                               \
		return __builtin_memcpy(__builtin_assume_aligned(dst, 8),                 \
					__builtin_assume_aligned(src, 8), n);             \
	}
BUILTIN_COPY(8)
BUILTIN_COPY(64)
BUILTIN_COPY(256)
BUILTIN_COPY(512)
BUILTIN_COPY(4096)
BUILTIN_COPY(32768)
BUILTIN_COPY(262144)
BUILTIN_COPY(1048576)

static const struct {
	size_t size;
	copy_fn copy;
} builtin_sizes[] = {
	{ 8, builtin_copy_8 },         { 64, builtin_copy_64 },         { 256, builtin_copy_256 },
	{ 512, builtin_copy_512 },     { 4096, builtin_copy_4096 },     { 32768, builtin_copy_32768 },
	{ 262144, builtin_copy_262144 }, { 1048576, builtin_copy_1048576 },
};

#define PARAMS(src_def, dst_def, impl_max, impl_help)                                        \
	{                                                                                     \
		{ "size", 4096, 8, 1 << 20, "bytes per call" },                               \
		{ "src_off", src_def, 0, 63, "source misalignment, bytes" },                  \
		{ "dst_off", dst_def, 0, 63, "destination misalignment, bytes" },             \
		{ "impl", IMPL_WORD, 0, impl_max, impl_help },                                \
		{ NULL, 0, 0, 0, NULL },                                                      \
	}
static const struct bench_param copy_params[] =
	PARAMS(0, 0, IMPL_BUILTIN, "0 byte loop, 1 rvbench's word copy, 2 GCC's inline __builtin_memcpy");
static const struct bench_param copy_misaligned_params[] =
	PARAMS(1, 3, IMPL_WORD, "0 byte loop, 1 rvbench's word copy");
static const struct bench_param set_params[] =
	PARAMS(0, 0, IMPL_WORD, "0 byte loop, 1 rvbench's word memset");
static const struct bench_param set_misaligned_params[] =
	PARAMS(1, 3, IMPL_WORD, "0 byte loop, 1 rvbench's word memset");

/* The implementation impl= names, or a skip when it has none here. */
static int choose_impl(struct bench_ctx *ctx, struct copy *st)
{
	int64_t impl = bench_param(ctx, "impl");

	st->copy = impl == IMPL_BYTE ? byte_copy : memcpy;
	st->set = impl == IMPL_BYTE ? byte_set : memset;
	if (impl != IMPL_BUILTIN)
		return 0;
	if (((uintptr_t)st->src | (uintptr_t)st->dst) & 7)
		return bench_skip(ctx, "impl=2 (builtin) is for 8-byte aligned buffers");
	for (size_t i = 0; i < sizeof(builtin_sizes) / sizeof(builtin_sizes[0]); i++)
		if (builtin_sizes[i].size == st->size) {
			st->copy = builtin_sizes[i].copy;
			return 0;
		}
	return bench_skip(ctx, "impl=2 (builtin) has sizes 8, 64, 256, 512, 4096, 32768, 262144"
			  " and 1048576 only, not %lu", (unsigned long)st->size);
}

static int copy_setup(struct bench_ctx *ctx)
{
	size_t size = (size_t)bench_param(ctx, "size");
	size_t span = size + 3 * GUARD; /* room for the offset, then a guard */
	struct copy *st = bench_alloc(ctx, sizeof(*st), 64);
	uint8_t *src = st ? bench_alloc(ctx, span, 64) : NULL;
	uint8_t *dst = src ? bench_alloc(ctx, span, 64) : NULL;

	if (!dst) {
		return bench_skip(ctx, "2 x %lu bytes do not fit in the arena's %lu",
				  (unsigned long)span, (unsigned long)bench_arena_free());
	}
	for (size_t i = 0; i < span; i++) {
		src[i] = (uint8_t)(lcg_next(ctx->rng) >> 56);
		dst[i] = 0xA5;
	}
	st->src = src + GUARD + bench_param(ctx, "src_off");
	st->dst = dst + GUARD + bench_param(ctx, "dst_off");
	st->size = size;
	ctx->state = st;
	return choose_impl(ctx, st);
}

static uint64_t memcpy_run(void *state, uint64_t input)
{
	const struct copy *st = state;
	(void)input;
	return (uint64_t)(uintptr_t)st->copy(st->dst, st->src, st->size);
}

static uint64_t memset_run(void *state, uint64_t input)
{
	const struct copy *st = state;
	return (uint64_t)(uintptr_t)st->set(st->dst, (int)input, st->size);
}

/* Bytes before and after dst[0..size) still hold the fill. */
static int guards_intact(const struct copy *st)
{
	for (int i = 1; i <= GUARD; i++)
		if (st->dst[-i] != 0xA5 || st->dst[st->size - 1 + (size_t)i] != 0xA5)
			return 0;
	return 1;
}

static int memcpy_verify(const struct bench_ctx *ctx, uint64_t checksum)
{
	const struct copy *st = ctx->state;
	uint64_t calls = (uint64_t)ctx->ninputs * ctx->batch;

	for (size_t i = 0; i < st->size; i++)
		if (st->dst[i] != st->src[i])
			return -1;
	return guards_intact(st) && checksum == calls * (uint64_t)(uintptr_t)st->dst ? 0 : -1;
}

static int memset_verify(const struct bench_ctx *ctx, uint64_t checksum)
{
	const struct copy *st = ctx->state;
	uint8_t last = (uint8_t)ctx->inputs[ctx->ninputs - 1];
	uint64_t calls = (uint64_t)ctx->ninputs * ctx->batch;

	for (size_t i = 0; i < st->size; i++)
		if (st->dst[i] != last)
			return -1;
	return guards_intact(st) && checksum == calls * (uint64_t)(uintptr_t)st->dst ? 0 : -1;
}

/* Side by side at 4 KiB. Under -icount every sample of a block is the
 * same instruction count, so 50 samples (the CI of the mean is [x, x])
 * are already more than the figure needs; on a board they give the
 * median's CI a few samples either side. */
static const int64_t impls_all[] = { IMPL_BYTE, IMPL_WORD, IMPL_BUILTIN };
static const int64_t impls_lib[] = { IMPL_BYTE, IMPL_WORD };
#define IMPL_SWEEP(list) { "impl", list, sizeof(list) / sizeof(list[0]) }
#define COPY_UNIT .unit = "byte", .per_call_param = "size", .samples = 50, .warmup = 5

BENCH(memcpy, .setup = copy_setup, .run = memcpy_run, .verify = memcpy_verify,
      .params = copy_params, .sweep = IMPL_SWEEP(impls_all), COPY_UNIT,
      .description = "memcpy of size= bytes, aligned, by impl= (byte, word, builtin)");
BENCH(memcpy_misaligned, .setup = copy_setup, .run = memcpy_run, .verify = memcpy_verify,
      .params = copy_misaligned_params, .sweep = IMPL_SWEEP(impls_lib), COPY_UNIT,
      .description = "memcpy of size= bytes, src +1, dst +3, by impl= (byte, word)");
BENCH(memset, .setup = copy_setup, .run = memset_run, .verify = memset_verify,
      .input_range = 256, .params = set_params, .sweep = IMPL_SWEEP(impls_lib), COPY_UNIT,
      .description = "memset of size= bytes, aligned, by impl= (byte, word)");
BENCH(memset_misaligned, .setup = copy_setup, .run = memset_run, .verify = memset_verify,
      .input_range = 256, .params = set_misaligned_params, .sweep = IMPL_SWEEP(impls_lib), COPY_UNIT,
      .description = "memset of size= bytes, dst +3, by impl= (byte, word)");
