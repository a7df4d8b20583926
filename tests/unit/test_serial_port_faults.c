/*
 * The serial source (host-tools/sources/source_serial.c) where a real
 * board's port misbehaves: a second reader of the same port (a forgotten
 * `rvbench serial` or picocom: each would get some of the bytes, and
 * both would report gaps with no cause), a port that goes away while the
 * console writes to it (--exec), a read that fails for another reason,
 * and the board's last lines after the trailer.
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
#include <stdio.h>
#include <stdlib.h>
#include <signal.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "console_drive.h"
#include "pty_fixture.h"
#include "session.h"
#include "source.h"
#include "synth.h"
#include "tmpdir_fixture.h"
#include "test_main.h"

/* TIOCEXCL stops a second open only for a process without CAP_SYS_ADMIN:
 * a board's lab runs as root often enough. A second reader must be
 * refused all the same, by name. */
static void test_second_reader_refused(void **state)
{
	(void)state;
	int master, slave;
	char name[256], err[512];

	int fd = pty_serial(&master, &slave, name, 115200);
	int fd2 = serial_open(name, 115200, err, sizeof(err));
	if (fd2 >= 0)
		close(fd2);
	assert_int_equal(fd2, -1);
	assert_non_null(strstr(err, name));
	assert_non_null(strstr(err, "in use"));
	/* The console's read-write open is refused alike. */
	assert_int_equal(serial_open_mode(name, 115200, 1, err, sizeof(err)), -1);
	/* Once the first is closed, the port is free again. */
	close(fd);
	fd2 = serial_open(name, 115200, err, sizeof(err));
	if (fd2 < 0)
		fail_msg("%s", err);
	close(fd2);
	close(slave);
	close(master);
}

/* --exec: the board's prompt, then the command cannot be written. A
 * failed write is no session ended as planned ("done"): the port went
 * away ("port-gone", when the write says EIO, ENXIO or ENODEV, as an
 * unplugged USB adapter's does) or failed ("error", the cause kept for
 * the message naming the port). A socket stands in for the port here:
 * its peer's prompt is read, then the write fails (EPIPE), which no
 * pseudo-terminal does (its master takes writes after the slave closed,
 * and a slave hung up drops the prompt with it). */
static void test_exec_write_failure_is_no_done(void **state)
{
	(void)state;
	int sv[2];
	char err[512];

	assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv), 0);
	struct console k;
	assert_int_equal(console_init(&k, CONSOLE_EXEC, "run", 0, -1, -1, NULL, err, sizeof(err)), 0);
	struct session s;
	session_in_tmpdir(&s);
	static const char prompt[] = "\r\nrvbench> ";
	assert_int_equal(write(sv[1], prompt, strlen(prompt)), (ssize_t)strlen(prompt));
	close(sv[1]); /* gone: the prompt is still to be read */
	void (*old)(int) = signal(SIGPIPE, SIG_IGN);
	enum src_end end = source_serial_console(&s, sv[0], 10, &k);
	signal(SIGPIPE, old);
	assert_int_equal(k.prompts, 1);
	assert_true(k.tx_failed);
	assert_string_equal(src_end_name(end), "error");
	assert_int_equal(s.src_errno, EPIPE);
	session_free(&s);
	console_free(&k);
}

/* A read that fails for a reason other than a hangup: the cause is kept
 * (s->src_errno) for the message naming the port. */
static void test_read_error_cause_kept(void **state)
{
	(void)state;
	int master, slave;
	char name[256];

	assert_int_equal(openpty(&master, &slave, name, NULL, NULL), 0);
	/* Write-only: poll sees the input, read fails with EBADF. */
	int fd = open(name, O_WRONLY | O_NOCTTY | O_CLOEXEC);
	assert_true(fd >= 0);
	struct termios t;
	assert_int_equal(tcgetattr(slave, &t), 0);
	cfmakeraw(&t);
	assert_int_equal(tcsetattr(slave, TCSANOW, &t), 0);
	struct session s;
	session_in_tmpdir(&s);
	assert_int_equal(write(master, "x\n", 2), 2);
	enum src_end end = source_serial(&s, fd, 5);
	assert_int_equal(end, SRC_END_ERROR);
	assert_int_equal(s.src_errno, EBADF);
	session_free(&s);
	close(slave);
	close(master);
}

/* The firmware's last lines come after its trailer ("rvbench: done: ...",
 * the self-checks' tables): uart.log keeps them, as it does from QEMU,
 * when they follow the trailer closely; the collection still ends soon
 * after the trailer, not at the timeout. */
static void test_tail_after_trailer_kept(void **state)
{
	(void)state;
	int master, slave;
	char name[256];
	size_t len;
	char *out = board_output(&len, 1);
	static const char tail[] = "rvbench: done: 2 blocks, 66 samples, all checks passed\r\n";

	int fd = pty_serial(&master, &slave, name, 115200);
	struct session s;
	session_in_tmpdir(&s);
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		board_write(master, out, len);
		usleep(30 * 1000); /* the self-checks' tables take a moment */
		if (write(master, tail, strlen(tail)) != (ssize_t)strlen(tail))
			_exit(1);
		/* Then the board parks, silent, the port still there. */
		sleep(8);
		_exit(0);
	}
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	enum src_end end = source_serial(&s, fd, 20);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	assert_int_equal(end, SRC_END_TRAILER);
	assert_true(t1.tv_sec - t0.tv_sec < 5);

	char path[128];
	size_t got;
	char *log = file_read(tmpdir_path(path, sizeof(path), tmpdir, "uart.log"), &got);
	assert_int_equal(got, len + strlen(tail));
	assert_memory_equal(log, out, len);
	assert_memory_equal(log + len, tail, strlen(tail));
	free(log);
	assert_master_silent(master);
	session_free(&s);
	close(slave);
	close(master);
	free(out);
}

TEST_MAIN(cmocka_unit_test(test_second_reader_refused),
	  cmocka_unit_test_setup_teardown(test_exec_write_failure_is_no_done, tmpdir_setup, tmpdir_teardown),
	  cmocka_unit_test_setup_teardown(test_read_error_cause_kept, tmpdir_setup, tmpdir_teardown),
	  cmocka_unit_test_setup_teardown(test_tail_after_trailer_kept, tmpdir_setup, tmpdir_teardown))
