/*
 * rvbench's public benchmark API: everything a benchmark file includes.
 * docs/writing-benchmarks.md walks through it with a complete example.
 *
 * A benchmark is one .c file with one BENCH() line:
 *
 *   static uint64_t run(void *state, uint64_t input) { return input * 3; }
 *   BENCH(my_bench, .run = run, .input_range = 1024);
 *
 * The harness calls run() between two reads of the counters, with an input
 * drawn from the run's LCG before measuring. run() returns a value derived
 * from its work: the harness folds every return value into a checksum
 * (outside the measured interval in per-call mode), so the compiler cannot
 * delete the work, and verify() can check it. setup(), prepare() (before
 * each call) and teardown() run outside the measurement.
 */
#ifndef RVBENCH_H
#define RVBENCH_H

#include <stddef.h>
#include <stdint.h>

#include "lcg.h"
#include "inputs.h"

/* A named integer parameter, settable at run time as NAME.PARAM=VALUE. */
struct bench_param {
	const char *name;
	int64_t def, min, max;
	const char *help;
};

/* What setup(), verify() and teardown() are given. */
struct bench_ctx {
	const struct bench *bench;
	void *state;             /* setup() may set it; run() receives it */
	struct lcg *rng;         /* a stream of its own, seeded from the run's seed */
	const uint64_t *inputs;  /* the prepared per-sample inputs */
	uint32_t ninputs;        /* samples in the block, warmup included; in
				  * setup(), the samples planned (with automatic
				  * warmup, its largest possible count) */
	uint32_t batch;          /* calls per sample: run() ran ninputs * batch times */
	uint32_t ncalls;         /* in setup(): the calls of run() planned,
				  * warmup included (ninputs * batch): what
				  * prepare()'s call index stays below */
	const int64_t *params;   /* values, in the order of bench->params */
	uint32_t input_range;    /* setup() may change it (e.g. from a parameter);
				  * the inputs are made after setup */
	char reason[96];         /* why setup skipped or failed (bench_skip/bench_fail) */
};

/* A parameter swept over values: one block per value, recorded as p.NAME.
 * NAME.PARAM=v1,v2,... at run time replaces the list. */
struct bench_sweep {
	const char *param;
	const int64_t *values;
	unsigned n;
};

struct bench {
	const char *name;
	const char *description;
	/* Optional: prepare ctx->state (tables, buffers) outside the
	 * measurement. Return 0; bench_skip() or bench_fail() otherwise. */
	int (*setup)(struct bench_ctx *ctx);
	/* The code under test: one call per sample (or `batch` calls). */
	uint64_t (*run)(void *state, uint64_t input);
	/* Optional: check the work. checksum is the sum (mod 2^64) of every
	 * run() return value in the block, warmup included. 0 = correct. */
	int (*verify)(const struct bench_ctx *ctx, uint64_t checksum);
	/* Optional: runs before every call of run(), warmup included, with
	 * the call's index in the block (0, 1, ... below ctx->ncalls) and its
	 * input; outside the measured interval, in batches too (each call of
	 * a batch is then timed on its own and the sample is their sum). For
	 * work a call undoes: an in-place sort needs its input back. */
	void (*prepare)(void *state, uint32_t call, uint64_t input);
	/* Optional: undo setup() (the arena is reset by the harness anyway). */
	void (*teardown)(struct bench_ctx *ctx);

	/* Inputs: how the per-sample input array is made (src/common/inputs.h). */
	enum input_kind inputs;
	uint32_t input_range;

	/* Defaults for this benchmark; 0 = the run's (rvbench.samples= ...). */
	uint32_t samples, warmup, batch;

	/* NULL, or an array ending with an entry whose name is NULL. */
	const struct bench_param *params;
	/* Optional: sweep one of the parameters (the working-set size...). */
	struct bench_sweep sweep;

	/* Optional: the work one call does, for throughput figures (bytes
	 * per cycle...): `per_call` units of `unit`, or the value of the
	 * parameter named per_call_param. */
	const char *unit;
	uint32_t per_call;
	const char *per_call_param;

	/* Optional, for a BENCH_SELF_TIMED benchmark whose run() returns its
	 * sample in another unit than the cycle counter's: "tick" (timebase
	 * ticks). Sent in BENCH as sample_unit=, so that no table or plot
	 * calls such samples cycles. Ignored for a benchmark the harness
	 * times: its samples are the counters'. */
	const char *sample_unit;

	unsigned flags;

	/* Set by BENCH(): the compiler flags this file was built with
	 * (recorded with every block, meta.json "cflags"). */
	const char *cflags;
};

/* The flags of the unit being compiled: the build defines it once per
 * benchmark directory (Makefile, bench-unit.mk). */
extern const char rvbench_unit_cflags[];

/* Return values of setup(): 0 ready; BENCH_SKIPPED (use bench_skip) when
 * the benchmark cannot run here but nothing is wrong (a working set larger
 * than RAM); negative (bench_fail) when something is wrong. */
#define BENCH_SKIPPED 1

/* flags */
#define BENCH_DEMO 0x1u /* off unless selected by name (rvbench.run=) */
/* run() times itself: its return value IS the sample (cycles; instret 0),
 * for latencies no pair of reads around a call can see (an IPI arriving on
 * another hart, a timer interrupt). No overhead is subtracted. */
#define BENCH_SELF_TIMED 0x2u
/* The benchmark programs the supervisor timer itself: the watchdog stays
 * off for it, and timer interrupts go to bench_set_timer_hook()'s hook. */
#define BENCH_OWNS_TIMER 0x4u
/* Needs a second hart running at the same time (a partner). Runs only when
 * named, or with rvbench.cross=1: under QEMU -icount the harts run in turn,
 * not together, and such a benchmark would measure the emulator. */
#define BENCH_MULTI_HART 0x8u
/* Runs on the benchmarking hart only, never in a parallel run: it uses
 * something harts do not share safely (picolibc's malloc has no lock; the
 * breakpoint skip is the boot hart's). */
#define BENCH_ONE_HART 0x10u

/*
 * Registers a benchmark: its descriptor goes to a linker section that the
 * harness walks (linker/rvbench.ld.S), so adding a benchmark touches no
 * other file. Benchmarks run in order of name.
 *
 * Names are 1 to 64 bytes of [A-Za-z0-9_.:+-] (a C identifier is: BENCH()
 * refuses a longer one when it compiles; the firmware refuses any other at
 * boot and the host collector refuses it on the wire).
 * Names are unique. The descriptor is a global symbol named after the
 * benchmark, so two benchmarks of the same name do not link: the linker's
 * "multiple definition of `rvbench_bench_X'" means two files (perhaps one
 * in BENCH_DIR and a built-in one) both declare BENCH(X, ...). Should two
 * descriptors of one name reach the image anyway (one made by hand, not
 * with BENCH()), the firmware says "rvbench: error: two benchmarks are
 * named X" at boot and never runs the second.
 */
#define BENCH(id, ...)                                                           \
	_Static_assert(sizeof(#id) - 1 <= 64,                                     \
		       "benchmark name " #id " is longer than 64 bytes");           \
	extern const struct bench rvbench_bench_##id;                            \
	const struct bench rvbench_bench_##id                                    \
		__attribute__((used, section(".rvbench_bench." #id), aligned(8))) = { \
			.name = #id, .cflags = rvbench_unit_cflags, __VA_ARGS__                                \
		}

/* Makes the compiler believe v is used: the computation stays. */
#define bench_keep(v) __asm__ volatile("" : : "r"(v))
/* Makes the compiler believe all memory is read and written here. */
#define bench_clobber() __asm__ volatile("" : : : "memory")

/* The value of parameter name (one of bench->params), or def if unknown. */
int64_t bench_param(const struct bench_ctx *ctx, const char *name);

/*
 * Memory for setup(): from an arena that is reset after each benchmark.
 * Returns NULL when it does not fit (setup should then fail). align is a
 * power of two; every buffer is at least BENCH_ALIGN-aligned anyway, so
 * a copy into it is as aligned as the dataset it came from can be.
 */
#define BENCH_ALIGN 64
void *bench_alloc(struct bench_ctx *ctx, size_t size, size_t align);
/* Bytes the arena can still give, for sizing working sets. */
size_t bench_arena_free(void);

/* A line on the UART for people ("\r\n" is added), e.g. what setup()
 * found; never from run(). */
void bench_say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* From setup(): the reason goes to the UART and the END record (reason=);
 * return what they return. bench_skip() does not fail the run. A reason
 * longer than ctx->reason holds (95 characters) is cut and ends in "...". */
int bench_skip(struct bench_ctx *ctx, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int bench_fail(struct bench_ctx *ctx, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* ---- entry costs and cross-hart benchmarks ---------------------------- */

/* While on, `ebreak` on the benchmarking hart is stepped over by the trap
 * handler instead of stopping the benchmark (reset after every block). */
void bench_skip_breakpoints(int on);
/* With BENCH_OWNS_TIMER: hook runs in the trap handler on each supervisor
 * timer interrupt (NULL: none). */
void bench_set_timer_hook(void (*hook)(void));

/* A hart other than the benchmarking one: `wanted` if it is online, or the
 * first online one when wanted < 0; -1 when there is none. */
int bench_partner(int64_t wanted);
/* bench_partner() of the benchmark's "partner" parameter; when there is
 * none, says why on the UART (naming the benchmark) and returns -1. */
int bench_choose_partner(const struct bench_ctx *ctx);
/* Runs fn(arg) on that hart; returns at once (0), or -1 if it is not online. */
int bench_partner_start(int hart, void (*fn)(void *arg), void *arg);
/* Waits for it to return; -1 if it trapped instead. */
int bench_partner_wait(int hart);
/*
 * The partner's cycle counter minus ours, measured (NTP style: the
 * exchange with the shortest round trip of 64), not assumed; *rtt gets
 * that round trip. The partner must be idle (not running a job).
 */
int64_t bench_counter_offset(int hart, uint64_t *rtt);

/* ---- tracepoints (seed 004) ------------------------------------------ */

/*
 * TP_START(k) / TP_STOP(k) around any region of any code, nested or
 * interleaved, keys 0..TP_KEYS-1. A STOP logs (key, hart, start cycle,
 * cycles, instret) into a RAM buffer only if its START ran since the last
 * STOP of that key (the seed's conditional logging); the buffer is sent
 * after each benchmark (TP records, tracepoints.csv). Each START/STOP pair
 * adds its own cost: the run's OVERHEAD kind=tp-effective, after its last
 * block, says how much in cycles (an empty pair, measured the seed's way);
 * instret reads outside the cycle reads, so its window also holds them and
 * the stores between: kind=tp-effective-instret (docs/writing-benchmarks.md).
 */
#define TP_KEYS 16
#define TP_MAX_HARTS 8 /* = MAX_HARTS of boot/layout.h (checked when building) */
#define TP_LOG_CAP 4096

struct tp_open {
	uint64_t cycle, instret;
	uint64_t open;
};

struct tp_entry {
	uint32_t key, hart;
	uint64_t start, cycles, instret;
};

extern struct tp_open tp_open_state[TP_MAX_HARTS][TP_KEYS];
extern struct tp_entry tp_log[TP_LOG_CAP];
extern uint32_t tp_log_len;  /* entries used (atomic) */
extern uint32_t tp_dropped;  /* STOPs lost to a full buffer (atomic) */

static inline __attribute__((always_inline)) void TP_START(unsigned key)
{
	unsigned long hart;
	struct tp_open *o;

	__asm__ volatile("csrr %0, sscratch" : "=r"(hart));
	o = &tp_open_state[hart % TP_MAX_HARTS][key % TP_KEYS];
	o->open = 1;
	__asm__ volatile("rdinstret %0" : "=r"(o->instret) : : "memory");
	__asm__ volatile("rdcycle %0" : "=r"(o->cycle) : : "memory");
}

static inline __attribute__((always_inline)) void TP_STOP(unsigned key)
{
	uint64_t c, i;
	unsigned long hart;

	__asm__ volatile("rdcycle %0" : "=r"(c) : : "memory");
	__asm__ volatile("rdinstret %0" : "=r"(i) : : "memory");
	__asm__ volatile("csrr %0, sscratch" : "=r"(hart));
	struct tp_open *o = &tp_open_state[hart % TP_MAX_HARTS][key % TP_KEYS];
	if (!o->open)
		return;
	o->open = 0;
	uint32_t at = __atomic_fetch_add(&tp_log_len, 1, __ATOMIC_RELAXED);
	if (at >= TP_LOG_CAP) {
		__atomic_fetch_add(&tp_dropped, 1, __ATOMIC_RELAXED);
		return;
	}
	tp_log[at] = (struct tp_entry){ key % TP_KEYS, (uint32_t)hart, o->cycle, c - o->cycle,
					i - o->instret };
}

#endif
