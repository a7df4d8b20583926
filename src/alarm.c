#include "alarm.h"

#include "csr.h"
#include "sbi.h"

void alarm_set(uint64_t at)
{
	sbi_set_timer(at);
}

void alarm_clear(void)
{
	sbi_set_timer(UINT64_MAX); /* also clears a pending timer interrupt */
}

/*
 * A wfi that returns at once: a supervisor software interrupt of this
 * hart's own is pending and enabled in sie, and sstatus.SIE is off, so it
 * wakes the hart without a trap (the privileged spec lets wfi complete
 * whenever an enabled interrupt is pending). QEMU still stops the hart at
 * the wfi and lets the others run before it goes on. An SSIP that was
 * already pending (an IPI) stays pending.
 */
void alarm_yield(void)
{
	uint64_t status = csr_read(sstatus), enabled = csr_read(sie);
	uint64_t had = csr_read(sip) & SIP_SSIP;

	csr_clear(sstatus, SSTATUS_SIE);
	csr_set(sie, SIE_SSIE);
	csr_set(sip, SIP_SSIP);
	__asm__ volatile("wfi");
	if (!had)
		csr_clear(sip, SIP_SSIP);
	csr_write(sie, enabled);
	csr_set(sstatus, status & SSTATUS_SIE);
}
