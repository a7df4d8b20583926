/*
 * Console UART drivers. Each driver file holds the raw device (polled
 * putc/getc/flush on a base address from the device tree) and the list of
 * `compatible` strings it serves; console.c picks the driver for the
 * /chosen/stdout-path node. Adding a board = one uart_X.c plus one line in
 * console.c's driver table.
 */
#ifndef RVBENCH_UART_H
#define RVBENCH_UART_H

#include <stdint.h>

struct uart_driver;

struct uart_port {
	uintptr_t base;                  /* from the node's "reg" */
	unsigned reg_shift;              /* 16550: register stride = 1 << shift */
	unsigned reg_width;              /* 16550: access size, 1 or 4 bytes */
	const struct uart_driver *drv;   /* NULL: no UART, use the SBI */
	const char *compatible;          /* the string that matched */
	unsigned tx_room;                /* SiFive: TX FIFO slots known free */
};

/* Ops are named put/get, not putc/getc: those are stdio macros. */
struct uart_driver {
	const char *const *compatible;   /* NULL-terminated */
	/* Check/enable the device; 0 or a negative error (then SBI is used). */
	int (*init)(struct uart_port *port, const void *fdt, int node,
	            uint64_t base);
	void (*put)(struct uart_port *port, char c);    /* waits for room */
	int (*get)(struct uart_port *port);             /* -1 if nothing */
	void (*flush)(struct uart_port *port);          /* waits until sent */
};

extern const struct uart_driver uart_sifive_driver;
extern const struct uart_driver uart_ns16550_driver;

/*
 * MMIO: volatile so each access happens, once, in program order. All our
 * accesses go to one device from one hart; the status read that a TX
 * write depends on orders that write (a store cannot be performed before
 * the branch it depends on resolves), so no fences are needed here.
 */
static inline uint32_t mmio_read32(uintptr_t a)
{
	return *(volatile uint32_t *)a;
}

static inline void mmio_write32(uintptr_t a, uint32_t v)
{
	*(volatile uint32_t *)a = v;
}

static inline uint8_t mmio_read8(uintptr_t a)
{
	return *(volatile uint8_t *)a;
}

static inline void mmio_write8(uintptr_t a, uint8_t v)
{
	*(volatile uint8_t *)a = v;
}

#endif
