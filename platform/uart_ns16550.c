/*
 * 16550-compatible UART ("ns16550a" on QEMU virt, and "ns16550"). Registers
 * are spaced 1 << reg-shift bytes apart and accessed reg-io-width bytes at
 * a time (both from the device tree, defaults 0 and 1). Line settings and
 * the divisor were programmed by the earlier stage: we do not touch them.
 */
#include "uart.h"
#include "fdt.h"

#define THR 0   /* write: transmit holding register */
#define RBR 0   /* read: receive buffer */
#define LSR 5   /* line status */
#define LSR_DR   (1u << 0)   /* a received byte is waiting */
#define LSR_THRE (1u << 5)   /* room for one more byte */
#define LSR_TEMT (1u << 6)   /* holding and shift registers both empty */

static const char *const compatible[] = { "ns16550a", "ns16550", 0 };

static uint32_t reg_read(struct uart_port *port, unsigned reg)
{
	uintptr_t a = port->base + ((uintptr_t)reg << port->reg_shift);
	return port->reg_width == 4 ? mmio_read32(a) : mmio_read8(a);
}

static void reg_write(struct uart_port *port, unsigned reg, uint32_t v)
{
	uintptr_t a = port->base + ((uintptr_t)reg << port->reg_shift);
	if (port->reg_width == 4)
		mmio_write32(a, v);
	else
		mmio_write8(a, (uint8_t)v);
}

static int ns16550_init(struct uart_port *port, const void *fdt, int node,
                        uint64_t base)
{
	uint32_t shift = 0, width = 1;
	int rc = fdt_prop_u32(fdt, node, "reg-shift", &shift);
	if (rc < 0 && rc != FDT_ERR_NOTFOUND)
		return rc;
	rc = fdt_prop_u32(fdt, node, "reg-io-width", &width);
	if (rc < 0 && rc != FDT_ERR_NOTFOUND)
		return rc;
	/* Only byte and word access are wired up; 2 is unheard of here. */
	if (shift > 4 || (width != 1 && width != 4))
		return FDT_ERR_BADVALUE;
	port->base = (uintptr_t)base;
	port->reg_shift = shift;
	port->reg_width = width;
	return 0;
}

static void ns16550_putc(struct uart_port *port, char c)
{
	while (!(reg_read(port, LSR) & LSR_THRE))
		;
	reg_write(port, THR, (uint8_t)c);
}

static int ns16550_getc(struct uart_port *port)
{
	if (!(reg_read(port, LSR) & LSR_DR))
		return -1;
	return (int)(reg_read(port, RBR) & 0xff);
}

/* TEMT, unlike THRE, also covers the shift register: the line is idle. */
static void ns16550_flush(struct uart_port *port)
{
	while (!(reg_read(port, LSR) & LSR_TEMT))
		;
}

const struct uart_driver uart_ns16550_driver = {
	.compatible = compatible,
	.init = ns16550_init,
	.put = ns16550_putc,
	.get = ns16550_getc,
	.flush = ns16550_flush,
};
