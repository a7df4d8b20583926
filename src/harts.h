/*
 * The other harts: started through SBI HSM by the first run that uses them,
 * each with its own stack and TLS block, then parked in `wfi` until the
 * boot hart hands them a job (a function and its argument) and wakes them
 * with an IPI. Until then they stay in the SBI firmware (HSM "stopped").
 */
#ifndef RVBENCH_HARTS_H
#define RVBENCH_HARTS_H

#include <stdint.h>

#include "platform.h"
#include "records.h"

/* How long start-up waits for all the other harts together. */
#define HARTS_START_TIMEOUT_MS 400
/* How often, while waiting, a hart not yet in S-mode is woken again. */
#define HARTS_POLL_US 200

/* The values of the HART record's state word (rec_hart_state_name[]). */
enum hart_state {
	HART_BOOT = REC_HART_BOOT,       /* runs the benchmarks and the console */
	HART_ONLINE = REC_HART_ONLINE,   /* started, waiting for jobs */
	HART_SKIPPED = REC_HART_SKIPPED, /* not selected, disabled in the device tree, or no S-mode */
	HART_FAILED = REC_HART_FAILED,   /* HSM refused to start it, or it never arrived */
	HART_STOPPED = REC_HART_STOPPED  /* can run jobs, not started: no run has used it yet */
};

struct hart_info {
	uint32_t hartid;
	enum hart_state state;
	const char *why; /* for SKIPPED and FAILED */
	/* utilisation, cycles of this hart's own counter */
	uint64_t busy_cycles, idle_cycles;
};

/*
 * Set while the boot hart recovers from a trapped or timed-out block: every
 * wait between harts (barriers, counter exchanges) gives up, so a partner
 * left waiting for the boot hart comes back to its mailbox.
 */
extern volatile int harts_abort;
/* After a block the guard cut short: brings every online hart back to its
 * mailbox (harts_abort), waiting at most timeout_ms; a hart that does not
 * come back is marked FAILED. Returns how many did not: they may still be
 * running the block's code, on its memory. */
unsigned harts_recover(uint32_t timeout_ms, uint64_t timebase_hz);

/* Marks an online hart FAILED for `why` (a static string) and says so:
 * the boot hart gave up on it in the middle of a job. */
void harts_give_up(uint32_t hartid, const char *why);

/* Records which hart boots, first thing: traps are routed by it. */
void harts_set_boot(uint32_t hartid);
/*
 * The table of harts from the device tree, at boot: the boot hart, the
 * selected S-capable ones (all when selection is 0; else a bit per hart
 * id) STOPPED, the others SKIPPED (said on the UART). Nothing is started:
 * a run that uses no other hart (most do not) does not pay for their
 * start-up (docs/performance.md, "Start-up").
 */
void harts_init(const struct platform *p, uint64_t selection);
/* Starts every STOPPED hart, all together (ONLINE, or FAILED, said on the
 * UART); at once when there is none. Not from inside a guarded block: it
 * uses the boot hart's timer. */
void harts_start(void);
unsigned harts_count(void);
const struct hart_info *harts_get(unsigned i);
const struct hart_info *harts_find(uint32_t hartid);
uint32_t harts_boot(void);
/* The hart running the caller (from sscratch, set by boot/entry.S). */
uint32_t harts_self(void);

/* Hands fn(arg) to an online hart and returns at once; -1 if it is not
 * online or still busy with its last job. */
int harts_dispatch(uint32_t hartid, void (*fn)(void *arg), void *arg);
/* Says each trap a hart took after the boot hart gave up on it (it was
 * then still in a job, and parked when it trapped): once, like any. */
void harts_report_late_traps(void);
/* Whether that hart is still in a job (not back at its mailbox, nor parked
 * after a trap). */
int harts_busy(uint32_t hartid);
/* Waits until that hart finished its job; -1 if it trapped instead
 * (reported on the UART; the hart is then out of service). */
int harts_wait(uint32_t hartid);

/*
 * On the calling (secondary) hart: hook runs in the trap handler for each
 * supervisor software interrupt (IPI) while interrupts are enabled there;
 * NULL removes it.
 */
void harts_set_ipi_hook(void (*hook)(void));
/*
 * On the calling (secondary) hart, for the job it runs: hook(arg) runs in
 * the trap handler if the job traps, before the boot hart learns of it,
 * so that what the job shares with other harts (a barrier it would never
 * reach) lets them go on without it. Cleared when the job ends; NULL
 * removes it.
 */
void harts_set_fault_hook(void (*hook)(void *arg), void *arg);
/* A secondary hart's trap: IPIs go to its hook; anything else stops the
 * hart (reported by the boot hart in harts_wait()). */
struct trap_frame;
void harts_secondary_trap(struct trap_frame *f, uint64_t scause, uint64_t stval);

/* The other harts' C entry (boot/entry.S). */
void harts_secondary_main(unsigned long hartid);

#endif
