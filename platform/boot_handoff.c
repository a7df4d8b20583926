/*
 * boot/entry.S calls boot_hart_handoff() when the SBI firmware entered
 * rvbench on a hart whose id has no stack slot (MAX_HARTS, boot/layout.h):
 * the boot goes to another hart (boot_hart_pick()), started by SBI HSM at
 * the boot entry with the same device tree, and this hart stops. Nothing
 * else of rvbench has run: BSS is not cleared and the console is not set
 * up, so this file uses only its own stack, its own TLS block and the
 * SBI console.
 */
#include <stdint.h>
#include <stdio.h>

#include "boot_hart.h"
#include "layout.h"
#include "platform.h"
#include "sbi.h"

/* boot/entry.S runs boot_hart_handoff() on this stack and with this TLS
 * block (tp): every hart's own stack slot is taken by its id, and the
 * boot hart's TLS is in BSS, which the hart taking over clears while this
 * one may still be on its way out. The linker script lays out .noinit.*
 * after BSS, uncleared (src/noinit.h), these last. */
#define BOOT_HANDOFF_STACK_SIZE 4096
__attribute__((section(".noinit.99"), aligned(16))) uint8_t boot_handoff_stack[BOOT_HANDOFF_STACK_SIZE];
const unsigned long boot_handoff_stack_size = BOOT_HANDOFF_STACK_SIZE;
__attribute__((section(".noinit.99"), aligned(TLS_BLOCK_ALIGN))) uint8_t boot_handoff_tls[TLS_BLOCK_SIZE];

void boot_hart_entry(void); /* boot/entry.S */
void boot_hart_handoff(unsigned long hartid, const void *fdt);

static void say(const char *s)
{
	while (*s)
		sbi_console_putchar(*s++);
}

/* Said before the other hart starts: after, both would write at once. */
void boot_hart_handoff(unsigned long hartid, const void *fdt)
{
	char line[200];
	long to = boot_hart_pick(fdt, PLATFORM_FDT_MAX, hartid, MAX_HARTS);
	long rc;

	if (to < 0) {
		snprintf(line, sizeof(line),
			 "rvbench: boot hart %lu is beyond rvbench's %u hart ids, and the device "
			 "tree names no other hart below %u with S-mode to take over: stopped\r\n",
			 hartid, MAX_HARTS, MAX_HARTS);
		say(line);
		/* Nothing else will run: end the machine (QEMU exits) rather
		 * than leave a collector waiting for its timeout. */
		sbi_system_reset(SBI_SRST_SHUTDOWN, SBI_SRST_REASON_FAILURE);
		return;
	}
	snprintf(line, sizeof(line),
		 "rvbench: boot hart %lu is beyond rvbench's %u hart ids: hart %ld takes over\r\n",
		 hartid, MAX_HARTS, to);
	say(line);
	rc = sbi_hart_start((unsigned long)to, (unsigned long)(uintptr_t)boot_hart_entry,
			    (unsigned long)(uintptr_t)fdt);
	if (rc) {
		/* Not the end of the machine: the hart may be busy because
		 * rvbench already runs on it (an SBI firmware that entered
		 * rvbench twice), and that run must go on. */
		snprintf(line, sizeof(line),
			 "rvbench: SBI HSM could not start hart %ld (error %ld): hart %lu parks\r\n",
			 to, rc, hartid);
		say(line);
		return;
	}
	rc = sbi_hart_stop(); /* returns only if the SBI refuses */
	/* The other hart runs rvbench by now: this one parks, and says why
	 * it is still there, between the other's lines. */
	snprintf(line, sizeof(line), "rvbench: hart %lu cannot stop (SBI error %ld): it parks\r\n",
		 hartid, rc);
	say(line);
}
