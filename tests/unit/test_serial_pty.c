/*
 * The serial source (host-tools/sources/source_serial.c) on a
 * pseudo-terminal, collecting read-only: it must configure the slave
 * (raw, requested baud), collect the run, keep a partial run on a
 * timeout, and never write a byte to the port: with the pty's default
 * echo left on, or any write, the master would have something to read.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include "console_drive.h"
#include "pty_fixture.h"
#include "session.h"
#include "source.h"
#include "synth.h"
#include "tmpdir_fixture.h"
#include "test_main.h"

static void collect_at(unsigned long baud)
{
	int master, slave;
	char name[256];
	size_t len;
	char *out = board_output(&len, 1);

	int fd = pty_serial(&master, &slave, name, baud);

	struct termios t;
	assert_int_equal(tcgetattr(fd, &t), 0);
	assert_false(t.c_lflag & (ECHO | ICANON | ISIG));
	assert_false(t.c_cflag & HUPCL);
	assert_true(t.c_cflag & CLOCAL);
	assert_int_equal(cfgetispeed(&t), baud == 115200 ? B115200 : B3000000);

	struct session s;
	session_in_tmpdir(&s);

	/* The board: a child writes in small bursts, as a UART would. */
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		board_write(master, out, len);
		_exit(0);
	}
	enum src_end end = source_serial(&s, fd, 10);
	int status;
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	assert_int_equal(end, SRC_END_TRAILER);

	collector_finish(s.c);
	assert_int_equal(s.c->nruns, 1);
	assert_true(s.c->runs[0].complete);
	assert_int_equal(s.c->runs[0].total_received, 66);

	/* uart.log holds exactly the bytes read: a prefix of what was sent
	 * that includes the whole run. */
	char path[128];
	size_t got;
	char *log = file_read(tmpdir_path(path, sizeof(path), tmpdir, "uart.log"), &got);
	assert_true(got <= len);
	assert_true(got >= len - strlen("rvbench: run complete\r\n"));
	assert_memory_equal(log, out, got);
	free(log);

	/* Nothing ever came back out of the port. */
	assert_master_silent(master);

	struct meta_source m = { .kind = "serial", .port = name, .baud = baud, .end = "trailer" };
	FILE *devnull = fopen("/dev/null", "w");
	assert_int_equal(session_finish(&s, &m, devnull), EXIT_COMPLETE);
	fclose(devnull);
	session_free(&s);
	close(slave);
	close(master);
	free(out);
}

static void test_115200(void **state)
{
	(void)state;
	collect_at(115200);
}

static void test_3000000(void **state)
{
	(void)state;
	collect_at(3000000);
}

static void test_timeout_keeps_partial_run(void **state)
{
	(void)state;
	int master, slave;
	char name[256];
	size_t len;
	char *out = board_output(&len, 0);

	int fd = pty_serial(&master, &slave, name, 115200);
	struct session s;
	session_in_tmpdir(&s);
	/* Half a run fits the pty buffer: write it, then go quiet. */
	assert_int_equal(write(master, out, len), (ssize_t)len);
	assert_int_equal(source_serial(&s, fd, 1), SRC_END_TIMEOUT);
	collector_finish(s.c);
	assert_int_equal(s.c->nruns, 1);
	assert_false(s.c->runs[0].complete);
	assert_true(s.c->runs[0].total_received > 0);
	assert_master_silent(master);
	session_free(&s);
	close(slave);
	close(master);
	free(out);
}

static void test_bad_baud_and_port(void **state)
{
	(void)state;
	char err[512];
	assert_false(serial_baud_ok(12345));
	assert_false(serial_baud_ok(4800));
	assert_true(serial_baud_ok(9600));
	assert_true(serial_baud_ok(921600));
	assert_int_equal(serial_open("/dev/null", 12345, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "baud"));
	/* Not a tty. */
	assert_int_equal(serial_open("/dev/null", 115200, err, sizeof(err)), -1);
	assert_int_equal(serial_open("/nonexistent/ttyUSB9", 115200, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "/nonexistent/ttyUSB9"));
}

TEST_MAIN(cmocka_unit_test_setup_teardown(test_115200, tmpdir_setup, tmpdir_teardown),
	  cmocka_unit_test_setup_teardown(test_3000000, tmpdir_setup, tmpdir_teardown),
	  cmocka_unit_test_setup_teardown(test_timeout_keeps_partial_run, tmpdir_setup, tmpdir_teardown),
	  cmocka_unit_test(test_bad_baud_and_port))
