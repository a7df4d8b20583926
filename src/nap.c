#include "nap.h"

#include "csr.h"
#include "sbi.h"

#define SIE_STIE (1ul << 5)

void nap_until(uint64_t until)
{
	if (read_time() >= until)
		return;
	/* sstatus.SIE is off: the pending timer ends wfi, no trap is taken. */
	sbi_set_timer(until);
	__asm__ volatile("csrs sie, %0" : : "r"(SIE_STIE));
	__asm__ volatile("wfi");
	__asm__ volatile("csrc sie, %0" : : "r"(SIE_STIE));
	sbi_set_timer(UINT64_MAX); /* clears the pending timer interrupt */
}
