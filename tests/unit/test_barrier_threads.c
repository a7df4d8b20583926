/*
 * The harts' barrier (src/barrier.c) under real concurrency: host threads
 * stand in for harts. Under QEMU -icount the harts run in turn and a race
 * between an arrival and a hart leaving (barrier_leave: it trapped in a
 * parallel run) cannot show; here the threads run at once, thousands of
 * rounds. Each round every thread still in it counts itself in before it
 * waits and, once released, finds the round's count complete: no thread
 * passes early, none waits for ever (alarm()), and a thread that leaves,
 * whenever it leaves, releases the others who waited only for it.
 *
 * The firmware's counter read, abort flag and yield are stubbed: the
 * include guards below keep the firmware headers out.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define RVBENCH_CSR_H
#define RVBENCH_HARTS_H
#define RVBENCH_ALARM_H

static inline uint64_t read_cycle(void)
{
	return 0;
}

volatile int harts_abort;

/* The time counter: host nanoseconds. */
static inline uint64_t read_time(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* A hart spins; a thread on a 2-CPU host must give its CPU away now and
 * then, or the one it waits for may not run. */
static inline void spin_yield(uint32_t *spins)
{
	if (++*spins % 64 == 0)
		sched_yield();
}

#include "../../src/barrier.c"

#define THREADS 4
#define ROUNDS 4000

static struct barrier bar;
static unsigned counts[ROUNDS];
static unsigned leave_at[THREADS]; /* the round a thread leaves in; ROUNDS: never */
static unsigned early; /* releases that found their round short */

static unsigned expected(unsigned round)
{
	unsigned n = 0;
	for (unsigned t = 0; t < THREADS; t++)
		n += round < leave_at[t];
	return n;
}

static void *thread_main(void *arg)
{
	unsigned t = (unsigned)(uintptr_t)arg;
	uint32_t sense = 0;

	for (unsigned r = 0; r < ROUNDS; r++) {
		if (r == leave_at[t]) {
			barrier_leave(&bar);
			return NULL;
		}
		__atomic_fetch_add(&counts[r], 1, __ATOMIC_RELAXED);
		barrier_wait(&bar, &sense);
		if (__atomic_load_n(&counts[r], __ATOMIC_RELAXED) != expected(r))
			__atomic_fetch_add(&early, 1, __ATOMIC_RELAXED);
	}
	return NULL;
}

static void run_threads(void)
{
	pthread_t th[THREADS];

	memset(counts, 0, sizeof(counts));
	early = 0;
	barrier_init(&bar, THREADS);
	alarm(60); /* a deadlock fails the test instead of hanging it */
	for (unsigned t = 0; t < THREADS; t++)
		assert_int_equal(pthread_create(&th[t], NULL, thread_main, (void *)(uintptr_t)t), 0);
	for (unsigned t = 0; t < THREADS; t++)
		assert_int_equal(pthread_join(th[t], NULL), 0);
	alarm(0);
	assert_int_equal(early, 0);
	for (unsigned r = 0; r < ROUNDS; r++)
		if (counts[r] != expected(r)) {
			fprintf(stderr, "round %u: %u arrivals, %u expected\n", r, counts[r], expected(r));
			fail();
		}
}

static void all_stay(void **state)
{
	(void)state;
	for (unsigned t = 0; t < THREADS; t++)
		leave_at[t] = ROUNDS;
	run_threads();
}

/* One thread leaves at the very start, before anyone arrives (n drops, no
 * release), one in the middle (the others may already be waiting: its
 * leave releases them), one near the end; the last stays to the end. */
static void threads_leave(void **state)
{
	(void)state;
	leave_at[0] = 0;
	leave_at[1] = ROUNDS / 2;
	leave_at[2] = ROUNDS - 3;
	leave_at[3] = ROUNDS;
	run_threads();
}

/* Every thread but one leaves in the same round: each leave races the
 * others' arrivals and leaves; the one left goes on alone. */
static void leaves_race(void **state)
{
	(void)state;
	for (unsigned k = 0; k < 20; k++) {
		for (unsigned t = 0; t + 1 < THREADS; t++)
			leave_at[t] = 100 + k;
		leave_at[THREADS - 1] = ROUNDS;
		run_threads();
	}
}

/* ---- barrier_wait_until(): a hart that never comes ---------------------- */

static unsigned gave_up;

static void leave_for_the_missing(void *arg)
{
	gave_up++;
	barrier_leave(arg);
}

static unsigned passed[2];

/* Thread 0 waits with a deadline, thread 1 without; a third hart of the
 * barrier never arrives. Past the deadline thread 0 leaves for it, once;
 * both go through, and through 100 more rounds, now of two (with no
 * deadline: one that has passed gives up on whoever is not there yet). */
static void *deadline_main(void *arg)
{
	unsigned t = (unsigned)(uintptr_t)arg;
	uint32_t sense = 0;

	if (t == 0)
		barrier_wait_until(&bar, &sense, read_time() + 50000000u, leave_for_the_missing, &bar);
	else
		barrier_wait(&bar, &sense);
	passed[t]++;
	for (unsigned r = 0; r < 100; r++) {
		if (t == 0)
			barrier_wait_until(&bar, &sense, UINT64_MAX, leave_for_the_missing, &bar);
		else
			barrier_wait(&bar, &sense);
		passed[t]++;
	}
	return NULL;
}

static void deadline_leaves_for_a_hart_that_never_comes(void **state)
{
	(void)state;
	pthread_t th[2];
	uint64_t t0 = read_time();

	gave_up = 0;
	passed[0] = passed[1] = 0;
	barrier_init(&bar, 3);
	alarm(60);
	for (unsigned t = 0; t < 2; t++)
		assert_int_equal(pthread_create(&th[t], NULL, deadline_main, (void *)(uintptr_t)t), 0);
	for (unsigned t = 0; t < 2; t++)
		assert_int_equal(pthread_join(th[t], NULL), 0);
	alarm(0);
	/* once, and not before the deadline */
	assert_int_equal(gave_up, 1);
	assert_true(read_time() - t0 >= 50000000u);
	assert_int_equal(passed[0], 101);
	assert_int_equal(passed[1], 101);
	assert_int_equal(BARRIER_N(bar.state), 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(all_stay),
		cmocka_unit_test(threads_leave),
		cmocka_unit_test(leaves_race),
		cmocka_unit_test(deadline_leaves_for_a_hart_that_never_comes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
