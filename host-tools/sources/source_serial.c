/*
 * rvbench serial: reads a real board's UART. The port is opened read-only
 * and nothing is ever written to it: one stray byte stops U-Boot's
 * autoboot, and toggling DTR/RTS can reset a board (pyserial #124).
 * Only --exec and --console open it read-write, and then write only the
 * user's commands (--exec: not before the firmware's prompt).
 */
#include "source.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

static const struct {
	unsigned long baud;
	speed_t code;
} rates[] = {
	{ 9600, B9600 },       { 19200, B19200 },     { 38400, B38400 },
	{ 57600, B57600 },     { 115200, B115200 },   { 230400, B230400 },
	{ 460800, B460800 },   { 500000, B500000 },   { 576000, B576000 },
	{ 921600, B921600 },   { 1000000, B1000000 }, { 1152000, B1152000 },
	{ 1500000, B1500000 }, { 2000000, B2000000 }, { 2500000, B2500000 },
	{ 3000000, B3000000 },
};

static int rate_code(unsigned long baud, speed_t *code)
{
	for (size_t i = 0; i < sizeof(rates) / sizeof(rates[0]); i++)
		if (rates[i].baud == baud) {
			*code = rates[i].code;
			return 0;
		}
	return -1;
}

int serial_baud_ok(unsigned long baud)
{
	speed_t code;
	return rate_code(baud, &code) == 0;
}

int serial_open(const char *path, unsigned long baud, char *err, size_t errlen)
{
	return serial_open_mode(path, baud, 0, err, errlen);
}

int serial_open_mode(const char *path, unsigned long baud, int writable, char *err, size_t errlen)
{
	struct termios t, check;
	speed_t code;

	if (rate_code(baud, &code)) {
		snprintf(err, errlen, "unsupported baud rate %lu", baud);
		return -1;
	}
	/* O_NONBLOCK: do not wait for carrier on open; O_NOCTTY: a board's
	 * port must not become our controlling terminal. */
	int fd = open(path, (writable ? O_RDWR : O_RDONLY) | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0) {
		snprintf(err, errlen, "cannot open %s: %s", path, strerror(errno));
		return -1;
	}
	int fl = fcntl(fd, F_GETFL);
	if (fl < 0 || fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) < 0)
		goto fail;
	if (!isatty(fd)) {
		errno = ENOTTY;
		goto fail;
	}
	/* Exclusive: a second reader would steal bytes from us, and each
	 * would report gaps without a cause. TIOCEXCL refuses later opens,
	 * but not a root's (CAP_SYS_ADMIN passes it), and labs run as root:
	 * the lock refuses a second rvbench (or picocom, which takes the same
	 * lock) whoever runs it. A program that opened the port earlier
	 * without either (cat, screen) is not seen. */
	if (flock(fd, LOCK_EX | LOCK_NB) < 0) {
		int e = errno;
		if (e == EWOULDBLOCK)
			snprintf(err, errlen, "%s is in use by another program (another rvbench serial,"
				 " picocom, ...): close it first, or each gets part of the stream", path);
		else
			snprintf(err, errlen, "cannot lock %s: %s", path, strerror(e));
		close(fd);
		return -1;
	}
	if (ioctl(fd, TIOCEXCL) < 0)
		goto fail;
	if (tcgetattr(fd, &t) < 0)
		goto fail;
	cfmakeraw(&t); /* 8N1, no echo (an echo would be a write), no translation */
	t.c_cflag |= CLOCAL | CREAD;
	t.c_cflag &= ~(tcflag_t)(HUPCL | CRTSCTS); /* closing must not drop DTR */
	t.c_iflag &= ~(tcflag_t)(IXON | IXOFF | IXANY); /* XOFF would be a write */
	t.c_cc[VMIN] = 1;
	t.c_cc[VTIME] = 0;
	if (cfsetispeed(&t, code) < 0 || cfsetospeed(&t, code) < 0)
		goto fail;
	if (tcsetattr(fd, TCSANOW, &t) < 0)
		goto fail;
	/* The settings are not restored at the end: the old ones would echo
	 * (a write) any byte that arrived before the close, and kept raw, the
	 * port does not echo in the moment between the next open and its
	 * tcsetattr either (Linux keeps a serial port's settings across
	 * opens). tcsetattr succeeds if any part applied: check the parts we
	 * need. */
	if (tcgetattr(fd, &check) < 0)
		goto fail;
	if (cfgetispeed(&check) != code || (check.c_lflag & (ECHO | ICANON)) ||
	    !(check.c_cflag & CLOCAL) || (check.c_cflag & HUPCL)) {
		snprintf(err, errlen, "%s: the port did not accept raw mode at %lu baud", path, baud);
		close(fd);
		return -1;
	}
	return fd;

fail:
	snprintf(err, errlen, "cannot configure %s: %s", path, strerror(errno));
	close(fd);
	return -1;
}

/*
 * After the trailer, the firmware's last lines (the self-checks' tables,
 * "rvbench: done: ...") follow within a few hundred ms: read on while
 * bytes keep coming, as from QEMU, so that uart.log holds them too, but
 * not for long, so that a board that reboots is not read into its next
 * boot's run. The run is complete whatever happens here.
 */
#define SERIAL_TAIL_IDLE_MS 200
#define SERIAL_TAIL_MAX_MS 1000

static void read_tail(struct session *s, int fd)
{
	for (long spent = 0; spent < SERIAL_TAIL_MAX_MS; spent += SERIAL_TAIL_IDLE_MS) {
		unsigned long long before = s->c->bytes;
		if (source_pump(s, fd, SERIAL_TAIL_IDLE_MS, 0) != SRC_END_MAX_TIME || s->c->bytes == before)
			break;
	}
	s->src_errno = 0; /* a port gone after the trailer lost nothing */
}

enum src_end source_serial(struct session *s, int fd, unsigned timeout_s)
{
	return source_serial_console(s, fd, timeout_s, NULL);
}

enum src_end source_serial_console(struct session *s, int fd, unsigned timeout_s, struct console *k)
{
	return source_serial_limits(s, fd, timeout_s, 0, k);
}

enum src_end source_serial_limits(struct session *s, int fd, unsigned timeout_s, unsigned max_time_s,
				  struct console *k)
{
	int console = k && k->mode != CONSOLE_OFF;

	/* Every run the collector knows began after the port was opened, so
	 * the first trailer ends a run we saw from its RUN line on. With the
	 * console, the runs are the user's: every one until the session ends. */
	if (console)
		k->tx_fd = fd;
	enum src_end end = source_pump_watch(s, fd, timeout_s ? (long)timeout_s * 1000 : -1,
					     max_time_s ? (long)max_time_s * 1000 : -1, !console,
					     console ? k : NULL);
	/* A serial port has no end of file: a read of 0 bytes is a hangup. */
	if (end == SRC_END_EOF)
		end = SRC_END_GONE;
	if (end == SRC_END_TRAILER)
		read_tail(s, fd);
	if (console) {
		/* Our last bytes leave before the port closes. */
		tcdrain(fd);
		k->tx_fd = -1;
	}
	close(fd);
	return end;
}
