#include "harts.h"

#include "alarm.h"
#include "csr.h"
#include "layout.h"
#include "sbi.h"
#include "stream.h"
#include "trap.h"

#include <stdio.h>
#include <string.h>

_Static_assert(MAX_HARTS <= 64, "rvbench.harts= selects harts with a 64-bit mask");
_Static_assert(HART_STACK_SIZE % 16 == 0, "each hart's initial sp must be 16-byte aligned");
_Static_assert(TLS_BLOCK_SIZE % TLS_BLOCK_ALIGN == 0,
	       "every hart's TLS block must start TLS_BLOCK_ALIGN-aligned");

extern char secondary_entry[];
extern char __tls_base[], __tls_blocks[], __tdata_size[], __tbss_size[], __tbss_offset[];

/* One mailbox per hart id. The boot hart writes fn/arg then bumps `asked`;
 * the hart runs the job and sets `done` to that number. */
struct mailbox {
	void (*volatile fn)(void *);
	void *volatile arg;
	volatile uint32_t asked;
	volatile uint32_t done;
	volatile uint32_t arrived;
	volatile uint32_t faulted;
	uint64_t scause, sepc, stval;
	void (*volatile ipi_hook)(void);
	void (*volatile fault_hook)(void *);
	void *volatile fault_arg;
	uint64_t busy_cycles, idle_cycles;
};

volatile int harts_abort;

static struct mailbox box[MAX_HARTS];
static struct hart_info info[MAX_HARTS];
static unsigned nharts;
static uint32_t boot_hart;
static uint64_t timebase_hz;

uint32_t harts_self(void)
{
	return (uint32_t)csr_read(sscratch);
}

uint32_t harts_boot(void)
{
	return boot_hart;
}

unsigned harts_count(void)
{
	return nharts;
}

const struct hart_info *harts_get(unsigned i)
{
	if (i >= nharts)
		return NULL;
	struct hart_info *h = &info[i];
	if (h->state == HART_ONLINE) {
		h->busy_cycles = box[h->hartid].busy_cycles;
		h->idle_cycles = box[h->hartid].idle_cycles;
	}
	return h;
}

const struct hart_info *harts_find(uint32_t hartid)
{
	for (unsigned i = 0; i < nharts; i++)
		if (info[i].hartid == hartid)
			return harts_get(i);
	return NULL;
}

static uint64_t ms_ticks(uint32_t ms, uint64_t timebase)
{
	return (uint64_t)ms * (timebase ? timebase : 1000000) / 1000;
}

void harts_set_boot(uint32_t hartid)
{
	boot_hart = hartid;
}

/* Why a hart of the device tree is not asked to start; NULL if it is. */
static const char *skip_reason(const struct platform_hart *ph, uint64_t selection)
{
	if (ph->hartid >= MAX_HARTS)
		return "hart id beyond rvbench's 8 stack slots";
	if (!ph->enabled)
		return "disabled in the device tree";
	/* The FU540's E51 monitor core: HSM would say yes and the hart
	 * would never arrive. */
	if (!ph->s_mode)
		return "no S-mode (no mmu-type)";
	if (selection && !(selection & (1ull << ph->hartid)))
		return "not selected (rvbench.harts=)";
	return NULL;
}

/* Said at boot, so without printf (src/text.h). */
static void say_skipped(const struct hart_info *h)
{
	struct say_line l;
	struct text *t = say_begin(&l);

	text_str(t, "rvbench: hart ");
	text_u64(t, h->hartid);
	text_str(t, " skipped: ");
	text_str(t, h->why);
	say_end(&l);
}

/*
 * Waits for every hart of `pending` (a bit per hart id) to arrive, all
 * together, for at most HARTS_START_TIMEOUT_MS: start-up costs what the
 * slowest hart needs, not a wait per hart. An alarm every HARTS_POLL_US
 * keeps QEMU -icount switching harts while the boot hart spins
 * (src/alarm.h). A hart still asleep in the SBI firmware (OpenSBI 1.1
 * parks it in wfi until its start request) and not yet in S-mode by HSM
 * status gets an IPI at each alarm, which wakes it to see that request.
 */
static void await_arrivals(unsigned long pending, uint64_t timebase)
{
	uint64_t now = read_time();
	uint64_t end = now + ms_ticks(HARTS_START_TIMEOUT_MS, timebase);
	uint64_t poll = ms_ticks(1, timebase) * HARTS_POLL_US / 1000;
	uint64_t next = now + (poll ? poll : 1);

	sbi_send_ipi(pending, 0);
	alarm_set(next);
	while (pending && now < end) {
		for (uint32_t id = 0; id < MAX_HARTS; id++)
			if ((pending >> id) & 1 && box[id].arrived)
				pending &= ~(1ul << id);
		now = read_time();
		if (pending && now >= next) {
			unsigned long asleep = 0;
			for (uint32_t id = 0; id < MAX_HARTS; id++)
				if ((pending >> id) & 1 && sbi_hart_get_status(id) != 0)
					asleep |= 1ul << id;
			if (asleep)
				sbi_send_ipi(asleep, 0);
			next = now + (poll ? poll : 1);
			alarm_set(next);
		}
	}
	alarm_clear();
}

void harts_init(const struct platform *p, uint64_t selection)
{
	boot_hart = (uint32_t)p->boot_hart;
	timebase_hz = p->timebase_hz;
	nharts = 0;
	for (unsigned i = 0; i < p->nharts && nharts < MAX_HARTS; i++) {
		const struct platform_hart *ph = &p->harts[i];
		struct hart_info *h = &info[nharts++];
		*h = (struct hart_info){ .hartid = ph->hartid };
		if (ph->hartid == boot_hart)
			h->state = HART_BOOT;
		else if ((h->why = skip_reason(ph, selection)))
			h->state = HART_SKIPPED;
		else
			h->state = HART_STOPPED;
		if (h->state == HART_SKIPPED)
			say_skipped(h);
	}
	/* Not in the RUN record's list either: say so, not nothing. */
	if (p->harts_beyond)
		stream_say("rvbench: %u more harts in the device tree not used: rvbench keeps "
			   "%u cpu nodes, hart ids below %u first", p->harts_beyond, PLATFORM_MAX_HARTS,
			   MAX_HARTS);
}

/* Out of service for `why` (static, or the hart's own buffer), said. */
static void mark_failed(struct hart_info *h, const char *why)
{
	h->state = HART_FAILED;
	h->why = why;
	stream_say("rvbench: hart %lu FAILED: %s", (unsigned long)h->hartid, why);
}

void harts_start(void)
{
	unsigned long pending = 0;

	/* Every start request first, then one wait for all of them. */
	for (unsigned i = 0; i < nharts; i++) {
		struct hart_info *h = &info[i];
		if (h->state != HART_STOPPED)
			continue;
		if (sbi_hart_start(h->hartid, (unsigned long)(uintptr_t)secondary_entry, 0)) {
			mark_failed(h, "SBI HSM refused to start it");
		} else {
			h->state = HART_ONLINE; /* confirmed below */
			pending |= 1ul << h->hartid;
		}
	}
	if (pending)
		await_arrivals(pending, timebase_hz);
	for (unsigned i = 0; i < nharts; i++) {
		struct hart_info *h = &info[i];
		if ((pending >> h->hartid) & 1 && !box[h->hartid].arrived) {
			static char why[MAX_HARTS][64];
			snprintf(why[h->hartid], sizeof(why[0]),
				 "did not arrive within %u ms (HSM status %ld)", HARTS_START_TIMEOUT_MS,
				 sbi_hart_get_status(h->hartid));
			mark_failed(h, why[h->hartid]);
		}
	}
}

int harts_dispatch(uint32_t hartid, void (*fn)(void *), void *arg)
{
	const struct hart_info *h = harts_find(hartid);

	if (!h || h->state != HART_ONLINE)
		return -1;
	if (box[hartid].done != box[hartid].asked)
		return -1; /* still busy with the last job */
	box[hartid].fn = fn;
	box[hartid].arg = arg;
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	box[hartid].asked++;
	sbi_send_ipi(1ul, hartid); /* wakes it from wfi */
	return 0;
}

void harts_report_late_traps(void)
{
	for (unsigned i = 0; i < nharts; i++) {
		uint32_t h = info[i].hartid;
		if (info[i].state == HART_FAILED && h < MAX_HARTS && box[h].faulted == 1 &&
		    box[h].done == box[h].asked)
			harts_wait(h); /* says it, once */
	}
}

int harts_busy(uint32_t hartid)
{
	return hartid < MAX_HARTS && box[hartid].done != box[hartid].asked;
}

int harts_wait(uint32_t hartid)
{
	struct mailbox *m = &box[hartid];
	uint32_t spins = 0;

	while (m->done != m->asked)
		spin_yield(&spins);
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	if (!m->faulted)
		return 0;
	if (m->faulted == 1) { /* report once */
		m->faulted = 2;
		stream_say("rvbench: hart %lu TRAPPED (scause=0x%llx sepc=0x%llx stval=0x%llx): out of service",
			   (unsigned long)hartid, (unsigned long long)m->scause,
			   (unsigned long long)m->sepc, (unsigned long long)m->stval);
		/* A hart already given up on keeps the reason it was. */
		for (unsigned i = 0; i < nharts; i++)
			if (info[i].hartid == hartid && info[i].state != HART_FAILED) {
				info[i].state = HART_FAILED;
				info[i].why = "trapped in a job";
			}
	}
	return -1;
}

unsigned harts_recover(uint32_t timeout_ms, uint64_t timebase_hz)
{
	int busy = 0;
	unsigned lost = 0;

	for (unsigned i = 0; i < nharts; i++)
		busy |= info[i].state == HART_ONLINE && box[info[i].hartid].done != box[info[i].hartid].asked;
	if (!busy)
		return 0;
	harts_abort = 1;
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	uint64_t end = read_time() + ms_ticks(timeout_ms, timebase_hz);
	for (unsigned i = 0; i < nharts; i++) {
		struct mailbox *m = &box[info[i].hartid];
		if (info[i].state != HART_ONLINE)
			continue;
		/* Yields as every wait between harts does (alarm.h): under
		 * -icount a bare spin kept QEMU's one thread past the
		 * deadline, and a hart on its way back was marked failed. */
		uint32_t spins = 0;
		while (m->done != m->asked && read_time() < end)
			spin_yield(&spins);
		if (m->done != m->asked) {
			lost++;
			mark_failed(&info[i], "did not come back from a job after a benchmark trapped");
		} else if (m->faulted) {
			harts_wait(info[i].hartid); /* reports the trap, marks it failed */
		}
	}
	harts_abort = 0;
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	return lost;
}

void harts_give_up(uint32_t hartid, const char *why)
{
	for (unsigned i = 0; i < nharts; i++)
		if (info[i].hartid == hartid && info[i].state == HART_ONLINE)
			mark_failed(&info[i], why);
}

void harts_set_ipi_hook(void (*hook)(void))
{
	box[harts_self()].ipi_hook = hook;
}

void harts_set_fault_hook(void (*hook)(void *), void *arg)
{
	struct mailbox *m = &box[harts_self() % MAX_HARTS];

	m->fault_hook = NULL;
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	m->fault_arg = arg;
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	m->fault_hook = hook;
}

void harts_secondary_trap(struct trap_frame *f, uint64_t scause, uint64_t stval)
{
	uint32_t self = harts_self();

	if (self >= MAX_HARTS) /* cannot happen: entry.S parks such harts */
		for (;;)
			__asm__ volatile("wfi");
	struct mailbox *m = &box[self];

	if (scause == (SCAUSE_INTERRUPT | IRQ_S_SOFT) && m->ipi_hook) { /* supervisor software interrupt */
		/* Acknowledge first: an IPI sent while the hook runs must stay
		 * pending, not be cleared with this one. */
		csr_clear(sip, SIP_SSIP);
		m->ipi_hook();
		return;
	}
	if (scause == (SCAUSE_INTERRUPT | IRQ_S_SOFT)) {
		csr_clear(sip, SIP_SSIP);
		return;
	}
	m->scause = scause;
	m->sepc = f->sepc;
	m->stval = stval;
	m->faulted = 1;
	/* Before `done`: the boot hart may be waiting at a barrier for this
	 * hart, and would otherwise wait until its watchdog blamed the
	 * whole block on itself (a timeout), the trap lost. */
	if (m->fault_hook) {
		void (*hook)(void *) = m->fault_hook;
		m->fault_hook = NULL; /* once: a trap in it parks the hart */
		hook(m->fault_arg);
	}
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	m->done = m->asked;
	csr_write(sie, 0);
	for (;;)
		__asm__ volatile("wfi");
}

void harts_secondary_main(unsigned long hartid)
{
	struct mailbox *m = &box[hartid];

	/* Our own copy of picolibc's TLS (tp already points at it). */
	char *tls = __tls_blocks + hartid * TLS_BLOCK_SIZE;
	memcpy(tls, __tls_base, (size_t)(uintptr_t)__tdata_size);
	memset(tls + (uintptr_t)__tbss_offset, 0, (size_t)(uintptr_t)__tbss_size);
	csr_write(sscratch, hartid);

	/* SSIE lets an IPI end `wfi`; with sstatus.SIE off no trap is taken. */
	csr_set(sie, SIE_SSIE);
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	m->arrived = 1;
	for (;;) {
		uint64_t idle0 = read_cycle();
		while (m->done == m->asked) {
			__asm__ volatile("wfi");
			csr_clear(sip, SIP_SSIP);
		}
		__atomic_thread_fence(__ATOMIC_SEQ_CST);
		uint64_t busy0 = read_cycle();
		m->idle_cycles += busy0 - idle0;
		m->fn(m->arg);
		m->fault_hook = NULL; /* it belonged to that job */
		m->busy_cycles += read_cycle() - busy0;
		__atomic_thread_fence(__ATOMIC_SEQ_CST);
		m->done = m->asked;
	}
}
