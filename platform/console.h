/*
 * The console: the UART named by /chosen/stdout-path, else the SBI legacy
 * console. Usable before console_init() (it starts on the SBI) and never
 * fails. Bytes go out untranslated: send "\r\n" yourself. printf and
 * friends (picolibc stdio) write here too.
 */
#ifndef RVBENCH_CONSOLE_H
#define RVBENCH_CONSOLE_H

#include <stddef.h>
#include <stdint.h>

struct fdt_index;

/* The UART of the indexed tree, or the SBI's console when ix is NULL (the
 * tree failed its check) or names none that a driver here serves. */
void console_init(const struct fdt_index *ix);

void console_putc(char c);
void console_write(const char *s, size_t n);
void console_puts(const char *s);
/* Block until the transmitter is idle (see uart_sifive.c for the one
 * character it cannot account for), so UART traffic does not overlap a
 * measurement that follows. */
void console_flush(void);
int console_getc(void);            /* -1 when nothing is waiting */

const char *console_name(void);    /* matched compatible, or "sbi" */
uint64_t console_base(void);       /* MMIO base, 0 for the SBI */

#endif
