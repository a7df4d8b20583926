/*
 * What the serial tests share (test_serial_pty, test_serial_console): the
 * test plays the board on the master side of a pseudo-terminal, the
 * source under test holds the slave. A scratch directory per test for
 * the session's files, the board's output, and the check that nothing
 * came back out of the port.
 */
#ifndef RVBENCH_PTY_FIXTURE_H
#define RVBENCH_PTY_FIXTURE_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <fcntl.h>
#include <pty.h>
#include <stdio.h>
#include <unistd.h>

#include "collector_fixture.h"
#include "session.h"
#include "source.h"
#include "synth.h"
#include "tmpdir_fixture.h"

/* The run tag and seed of the board's run. */
#define BOARD_TAG 0x51e71a10
#define BOARD_SEED 99

/* Banner, a run, then human lines after the trailer (which the source
 * may or may not read before it stops). */
static inline char *board_output(size_t *len, int whole_run)
{
	struct synth_run r = { BOARD_TAG, BOARD_SEED, two_benches, 2, "ok", 0, 0 };
	struct synth_lines l = { 0 };
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);
	synth_run_lines(&r, &l);
	fputs("\r\nOpenSBI v1.1\r\n\x1b[0mPlatform Name : SiFive HiFive Unleashed A00\r\n", f);
	for (size_t i = 0; i < (whole_run ? l.n : l.n / 2); i++)
		fputs(l.line[i], f);
	if (whole_run)
		fputs("rvbench: run complete\r\n", f);
	fclose(f);
	synth_free(&l);
	return buf;
}

static inline void assert_master_silent(int master)
{
	char c;
	int fl = fcntl(master, F_GETFL);
	assert_int_equal(fcntl(master, F_SETFL, fl | O_NONBLOCK), 0);
	ssize_t n = read(master, &c, 1);
	assert_int_equal(n, -1);
	assert_int_equal(errno, EAGAIN);
}

/* A pseudo-terminal (its slave's path into name, 256 bytes) whose slave
 * serial_open() opened read-only at baud: that descriptor. */
static inline int pty_serial(int *master, int *slave, char *name, unsigned long baud)
{
	char err[512];
	assert_int_equal(openpty(master, slave, name, NULL, NULL), 0);
	int fd = serial_open(name, baud, err, sizeof(err));
	if (fd < 0)
		fail_msg("%s", err);
	return fd;
}

/* The board's side, in a child: out[0..len) written into master in small
 * bursts, as a UART delivers them; _exit(1) when a write fails. */
static inline void board_write(int master, const char *out, size_t len)
{
	for (size_t off = 0; off < len; off += 97) {
		size_t n = len - off < 97 ? len - off : 97;
		if (write(master, out + off, n) != (ssize_t)n)
			_exit(1);
		usleep(200);
	}
}

/* A session writing into tmpdir. */
static inline void session_in_tmpdir(struct session *s)
{
	char err[512];
	assert_int_equal(session_open(s, tmpdir, NULL, 1, err, sizeof(err)), 0);
}

#endif
