/*
 * Console selection and the picolibc stdio hook.
 *
 * The driver list is a plain array rather than a linker section: two
 * drivers do not justify linker-script magic, and a missing line here is
 * a visible, greppable omission.
 */
#include "console.h"

#include <stdio.h>
#include <string.h>

#include "fdt_index.h"
#include "sbi.h"
#include "uart.h"

static const struct uart_driver *const drivers[] = {
	&uart_sifive_driver,
	&uart_ns16550_driver,
};

/* Zero-initialised: drv == NULL means the SBI console. */
static struct uart_port port;

/* The driver whose compatible list matches node i, or NULL. */
static const struct uart_driver *match(const struct fdt_index *ix, int i, const char **which)
{
	for (size_t d = 0; d < sizeof(drivers) / sizeof(drivers[0]); d++)
		for (const char *const *c = drivers[d]->compatible; *c; c++)
			if (fdt_index_is_compatible(ix, i, *c)) {
				*which = *c;
				return drivers[d];
			}
	return NULL;
}

static int try_uart(const struct fdt_index *ix)
{
	const void *fdt = ix->fdt;
	int chosen = fdt_index_path(ix, "/chosen");
	if (chosen < 0)
		return chosen;
	const char *path = fdt_prop_string(fdt, fdt_index_off(ix, chosen), "stdout-path");
	if (!path)  /* the name older trees used */
		path = fdt_prop_string(fdt, fdt_index_off(ix, chosen), "linux,stdout-path");
	if (!path)
		return FDT_ERR_NOTFOUND;
	/* Resolves "/soc/serial@10010000" and "serial0:115200n8" alike. */
	int i = fdt_index_path(ix, path);
	if (i < 0)
		return i;
	int node = fdt_index_off(ix, i);
	const char *status = fdt_prop_string(fdt, node, "status");
	if (status && strcmp(status, "okay") != 0 && strcmp(status, "ok") != 0)
		return FDT_ERR_NOTFOUND;

	const char *compat = NULL;
	const struct uart_driver *drv = match(ix, i, &compat);
	if (!drv)
		return FDT_ERR_NOTFOUND;
	uint64_t base;
	int rc = fdt_index_reg(ix, i, 0, &base, NULL);
	if (rc)
		return rc;
	if (base == 0 || base != (uintptr_t)base)
		return FDT_ERR_BADVALUE;

	struct uart_port p = { 0 };
	rc = drv->init(&p, fdt, node, base);
	if (rc)
		return rc;
	p.drv = drv;
	p.compatible = compat;
	/* Bytes already sent through the SBI sit in the same UART's FIFO
	 * (OpenSBI drives it too), so switching now keeps output in order. */
	port = p;
	return 0;
}

void console_init(const struct fdt_index *ix)
{
	memset(&port, 0, sizeof(port));
	if (ix && try_uart(ix) != 0)
		memset(&port, 0, sizeof(port));
}

void console_putc(char c)
{
	if (port.drv)
		port.drv->put(&port, c);
	else
		sbi_console_putchar((unsigned char)c);
}

void console_write(const char *s, size_t n)
{
	while (n--)
		console_putc(*s++);
}

void console_puts(const char *s)
{
	console_write(s, strlen(s));
}

void console_flush(void)
{
	/* The SBI console has no "sent" query; OpenSBI writes each byte to
	 * its UART before returning, so at most its FIFO is still draining. */
	if (port.drv)
		port.drv->flush(&port);
}

int console_getc(void)
{
	return port.drv ? port.drv->get(&port) : sbi_console_getchar();
}

const char *console_name(void)
{
	return port.drv ? port.compatible : "sbi";
}

uint64_t console_base(void)
{
	return port.drv ? port.base : 0;
}

/*
 * picolibc "tinystdio" has no default streams: the application supplies
 * one FILE and the three standard pointers (see picolibc's stdio.h,
 * "Running stdio without malloc()"). Output is not translated ("\n" stays
 * "\n"), matching console_write().
 */
static int stdio_put(char c, FILE *f)
{
	(void)f;
	console_putc(c);
	return (unsigned char)c;
}

/* stdio reads block, as getchar() users expect; console_getc() polls. */
static int stdio_get(FILE *f)
{
	(void)f;
	int c;
	while ((c = console_getc()) < 0)
		;
	return c;
}

static int stdio_flush(FILE *f)
{
	(void)f;
	console_flush();
	return 0;
}

static FILE console_stdio =
	FDEV_SETUP_STREAM(stdio_put, stdio_get, stdio_flush, _FDEV_SETUP_RW);
FILE *const stdin = &console_stdio;
__strong_reference(stdin, stdout);
__strong_reference(stdin, stderr);
