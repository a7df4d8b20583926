#include "alarm.h"

#include "sbi.h"

void alarm_set(uint64_t at)
{
	sbi_set_timer(at);
}

void alarm_clear(void)
{
	sbi_set_timer(UINT64_MAX); /* also clears a pending timer interrupt */
}
