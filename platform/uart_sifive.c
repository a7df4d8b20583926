/*
 * SiFive UART ("sifive,uart0": FU540 UART0/1, QEMU sifive_u). Registers are
 * 32 bits wide (FU540-C000 manual ch. 13; Linux drivers/tty/serial/sifive.c).
 * The earlier boot stage set the baud divisor for its clock: we keep it.
 */
#include "uart.h"

#define TXDATA   0x00   /* write: byte; read: bit 31 = TX FIFO full */
#define RXDATA   0x04   /* read pops: bit 31 = RX FIFO was empty */
#define TXCTRL   0x08
#define IP       0x14
#define DATA_FLAG      (1u << 31)
#define TXCTRL_TXEN    (1u << 0)
#define TXCTRL_TXCNT_SHIFT 16
#define TXCTRL_TXCNT_MASK  (7u << TXCTRL_TXCNT_SHIFT)
#define IP_TXWM        (1u << 0)
#define TX_FIFO_DEPTH  8      /* FU540-C000 manual 13.5 */

static const char *const compatible[] = { "sifive,uart0", 0 };

static int sifive_init(struct uart_port *port, const void *fdt, int node,
                       uint64_t base)
{
	(void)fdt;
	(void)node;
	port->base = (uintptr_t)base;
	uint32_t ctrl = mmio_read32(port->base + TXCTRL);
	/*
	 * ip.txwm is set while the TX FIFO holds fewer than txcnt entries.
	 * With txcnt = 1 it means "FIFO empty", which is what flush polls for.
	 * The interrupt stays off (ie untouched, sie = 0), so this changes
	 * nothing else. Also enable the transmitter if nobody did.
	 */
	ctrl = (ctrl & ~TXCTRL_TXCNT_MASK) | (1u << TXCTRL_TXCNT_SHIFT) | TXCTRL_TXEN;
	mmio_write32(port->base + TXCTRL, ctrl);
	return 0;
}

/*
 * One status read per FIFO's worth of bytes, not one per byte: ip.txwm
 * (txcnt = 1, set in init) says the FIFO is empty, so the next TX_FIFO_DEPTH
 * writes all find room. A status read is an uncached device access on the
 * board and, under QEMU -icount, costs about as much host time as the
 * write itself: it halves the cost of the lines sent before the first
 * sample. Only rvbench writes this UART once it runs (OpenSBI's console
 * is not called while a driver is in use), so the count stays true.
 */
static void sifive_putc(struct uart_port *port, char c)
{
	if (!port->tx_room) {
		while (!(mmio_read32(port->base + IP) & IP_TXWM))
			;
		port->tx_room = TX_FIFO_DEPTH;
	}
	mmio_write32(port->base + TXDATA, (uint8_t)c);
	port->tx_room--;
}

static int sifive_getc(struct uart_port *port)
{
	/* One read both tests and pops, so read exactly once. */
	uint32_t v = mmio_read32(port->base + RXDATA);
	return (v & DATA_FLAG) ? -1 : (int)(v & 0xff);
}

/*
 * Wait until the TX FIFO is empty. The SiFive UART has no "shifter idle"
 * bit, so the last character (10 bit times, ~87 us at 115200) may still
 * be on the wire when this returns.
 */
static void sifive_flush(struct uart_port *port)
{
	while (!(mmio_read32(port->base + IP) & IP_TXWM))
		;
}

const struct uart_driver uart_sifive_driver = {
	.compatible = compatible,
	.init = sifive_init,
	.put = sifive_putc,
	.get = sifive_getc,
	.flush = sifive_flush,
};
