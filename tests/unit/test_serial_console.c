/*
 * Driving the firmware's console over the serial port (a struct console,
 * host-tools/sources/console_drive.c, on a pseudo-terminal): with --exec
 * it writes the commands, and not one byte before the firmware's prompt;
 * without --exec or --console a prompt is no reason to write; --console
 * forwards the user's input up to Ctrl-]. The prompt is found in any
 * chunking, and the script is parsed as documented.
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

static int put(int fd, const char *s)
{
	size_t n = strlen(s);
	return write(fd, s, n) == (ssize_t)n ? 0 : -1;
}

/* The board side: 1 when nothing is readable for ms milliseconds. */
static int quiet_for(int master, int ms)
{
	struct pollfd p = { .fd = master, .events = POLLIN };
	return poll(&p, 1, ms) == 0;
}

/* The board reads one command as the firmware does (echoing each byte)
 * and checks it is want + "\r". Returns 0, or an exit code > 0. */
static int board_read_command(int master, const char *want, int code, int paced)
{
	char got[200];
	size_t n = 0;

	for (;;) {
		struct pollfd p = { .fd = master, .events = POLLIN };
		if (poll(&p, 1, 5000) != 1)
			return code; /* the command never came */
		char c;
		if (read(master, &c, 1) != 1)
			return code + 1;
		if (c == '\r')
			break;
		if (n + 1 >= sizeof(got))
			return code + 2;
		got[n++] = c;
		/* One byte at a time: the next waits for this one's echo. */
		if (paced && n == 1 && !quiet_for(master, 10))
			return code + 3;
		char echo[2] = { c, 0 };
		if (put(master, echo))
			return code + 4;
	}
	got[n] = '\0';
	if (strcmp(got, want))
		return code + 5;
	return put(master, "\r\n") ? code + 4 : 0;
}

/* The board for --exec 'show; bogus; run': a banner with decoys, the
 * prompt, three commands each answered, then it watches the port close. */
static int exec_board(int master, const char *run, size_t runlen)
{
	int rc;

	if (put(master, "\r\nOpenSBI v1.1\r\nU-Boot 2023.01\r\nHit any key to stop autoboot:  2 ") ||
	    put(master, "\r\nrvbench 0.1.0 on SiFive HiFive Unleashed A00\r\n") ||
	    put(master, "a line that mentions rvbench> mid-line\r\n") ||
	    put(master, "rvbench: press a key within 300 ms for the console\r\n"))
		return 10;
	/* Not a byte before the prompt (U-Boot's autoboot would stop). */
	if (!quiet_for(master, 300))
		return 11;
	if (put(master, "rvbench> "))
		return 12;
	/* Each command answered, the next one waiting for the prompt; the
	 * answer to "run" is the run. Exit codes as the board reports them. */
	static const struct {
		const char *cmd;
		int code;	/* board_read_command()'s codes */
		int quiet_rc;	/* 0: no wait; else the code when not quiet */
		const char *answer;
		int answer_rc;
	} dialogue[] = {
		{ "show", 20, 13, "seed=0x1 samples=4 warmup=2 batch=1 counter=plain\r\nrvbench> ", 14 },
		{ "bogus", 30, 0, "error: unknown command 'bogus' (try help)\r\nrvbench> ", 15 },
		{ "run", 40, 16, NULL, 17 },
	};
	for (size_t i = 0; i < sizeof(dialogue) / sizeof(dialogue[0]); i++) {
		if ((rc = board_read_command(master, dialogue[i].cmd, dialogue[i].code, 1)))
			return rc;
		if (dialogue[i].quiet_rc && !quiet_for(master, 150))
			return dialogue[i].quiet_rc;
		if (dialogue[i].answer ? put(master, dialogue[i].answer) :
		    write(master, run, runlen) != (ssize_t)runlen || put(master, "rvbench> "))
			return dialogue[i].answer_rc;
	}
	/* Done: no "exit" on a serial port; the port is closed (EIO). */
	struct pollfd p = { .fd = master, .events = POLLIN };
	if (poll(&p, 1, 5000) != 1)
		return 18;
	char c;
	ssize_t n = read(master, &c, 1);
	if (n != -1 || errno != EIO)
		return 19; /* a byte after the last prompt */
	return 0;
}

static void test_exec_writes_only_after_prompt(void **state)
{
	(void)state;
	int master, slave;
	char name[256], err[512];
	struct synth_run r = { BOARD_TAG, BOARD_SEED, two_benches, 2, "ok", 0, 0 };
	struct synth_lines l = { 0 };
	size_t runlen;

	synth_run_lines(&r, &l);
	char *run = synth_join(&l, SIZE_MAX, &runlen);
	assert_int_equal(openpty(&master, &slave, name, NULL, NULL), 0);
	int fd = serial_open_mode(name, 115200, 1, err, sizeof(err));
	if (fd < 0)
		fail_msg("%s", err);
	close(slave); /* the host's close then shows as EIO on the master */
	assert_int_equal(fcntl(fd, F_GETFL) & O_ACCMODE, O_RDWR);

	struct console k;
	assert_int_equal(console_init(&k, CONSOLE_EXEC, " show ;bogus;; run ", 0, -1, -1, NULL,
				      err, sizeof(err)), 0);
	assert_int_equal(k.ncmd, 3);
	struct session s;
	session_in_tmpdir(&s);
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		close(fd); /* the board holds no end of the host's port */
		_exit(exec_board(master, run, runlen));
	}
	enum src_end end = source_serial_console(&s, fd, 20, &k);
	int status;
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	assert_int_equal(end, SRC_END_DONE);
	assert_int_equal(console_commands_done(&k), 3);
	assert_int_equal(k.prompts, 4);
	assert_int_equal(k.errors, 1);
	assert_false(k.ended_by_firmware);

	collector_finish(s.c);
	assert_int_equal(s.c->nruns, 1);
	assert_true(s.c->runs[0].complete);
	session_free(&s);
	console_free(&k);
	close(master);
	synth_free(&l);
	free(run);
}

/* A prompt in the stream is no reason to write without --exec/--console:
 * the port stays read-only and silent, and collection ends at the trailer. */
static void test_no_console_no_write_despite_prompt(void **state)
{
	(void)state;
	int master, slave;
	char name[256], err[512];
	size_t len;
	char *out = board_output(&len, 1);

	int fd = pty_serial(&master, &slave, name, 115200);
	assert_int_equal(fcntl(fd, F_GETFL) & O_ACCMODE, O_RDONLY);
	struct console k;
	assert_int_equal(console_init(&k, CONSOLE_OFF, NULL, 0, -1, -1, NULL, err, sizeof(err)), 0);
	struct session s;
	session_in_tmpdir(&s);
	assert_int_equal(put(master, "rvbench: press a key within 300 ms for the console\r\nrvbench> "), 0);
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		usleep(200 * 1000);
		_exit(write(master, out, len) == (ssize_t)len ? 0 : 1);
	}
	assert_int_equal(source_serial_console(&s, fd, 10, &k), SRC_END_TRAILER);
	int status;
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	assert_master_silent(master);
	collector_finish(s.c);
	assert_int_equal(s.c->nruns, 1);
	session_free(&s);
	console_free(&k);
	close(slave);
	close(master);
	free(out);
}

/* --console: the user's input goes out as typed, up to Ctrl-], which
 * ends the session; nothing typed after it is sent. */
static void test_interactive_forwards_until_escape(void **state)
{
	(void)state;
	int master, slave, user[2];
	char name[256], err[512];

	assert_int_equal(openpty(&master, &slave, name, NULL, NULL), 0);
	int fd = serial_open_mode(name, 115200, 1, err, sizeof(err));
	assert_true(fd >= 0);
	close(slave);
	assert_int_equal(pipe(user), 0);
	assert_int_equal(put(user[1], "help\r\x1dnot this"), 0);
	struct console k;
	assert_int_equal(console_init(&k, CONSOLE_INTERACTIVE, NULL, 0, -1, user[0], NULL, err,
				      sizeof(err)), 0);
	struct session s;
	session_in_tmpdir(&s);
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		close(fd);
		int rc = put(master, "rvbench: console (type help)\r\nrvbench> ") ? 1
			 : board_read_command(master, "help", 2, 0);
		if (!rc) {
			char c;
			struct pollfd p = { .fd = master, .events = POLLIN };
			if (poll(&p, 1, 5000) != 1 || read(master, &c, 1) != -1 || errno != EIO)
				rc = 20;
		}
		_exit(rc);
	}
	assert_int_equal(source_serial_console(&s, fd, 10, &k), SRC_END_DONE);
	int status;
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	session_free(&s);
	console_free(&k);
	close(user[0]);
	close(user[1]);
	close(master);
}

/* The prompt is found at a line start only, in any chunking; the human
 * lines are shown, the machine lines not. */
static void test_prompt_and_display(void **state)
{
	(void)state;
	static const char in[] = "OpenSBI\r\n@RVB 1 0 RUN fmt=1 *0000\r\n@RV not machine\r\n"
				 "say rvbench> here\r\n@RVB\r\nrvbench> help\r\ncommands:\r\nrvbench> ";
	static const char shown[] = "OpenSBI\r\n@RV not machine\r\nsay rvbench> here\r\n@RVB\r\n"
				    "rvbench> help\r\ncommands:\r\nrvbench> ";
	char err[64];

	for (size_t chunk = 1; chunk <= sizeof(in); chunk += 3) {
		char *buf = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&buf, &len);
		struct console k;
		assert_int_equal(console_init(&k, CONSOLE_INTERACTIVE, NULL, 0, -1, -1, f, err,
					      sizeof(err)), 0);
		for (size_t off = 0; off < sizeof(in) - 1; off += chunk)
			console_rx(&k, in + off, sizeof(in) - 1 - off < chunk ? sizeof(in) - 1 - off : chunk, 0);
		assert_int_equal(k.prompts, 2);
		fclose(f);
		assert_string_equal(buf, shown);
		free(buf);
		console_free(&k);
	}
}

static void test_exec_script_parsing(void **state)
{
	(void)state;
	struct console k;
	char err[256];

	/* qemu adds "exit" unless the script ends the session itself. */
	assert_int_equal(console_init(&k, CONSOLE_EXEC, "set samples 5000; run lpm*", 1, -1, -1, NULL,
				      err, sizeof(err)), 0);
	assert_int_equal(k.ncmd, 3);
	assert_string_equal(k.cmd[0], "set samples 5000");
	assert_string_equal(k.cmd[1], "run lpm*");
	assert_string_equal(k.cmd[2], "exit");
	assert_int_equal(k.added_exit, 1);
	assert_true(console_script_runs(&k));
	console_free(&k);
	assert_int_equal(console_init(&k, CONSOLE_EXEC, "list\nshow; exit", 1, -1, -1, NULL, err,
				      sizeof(err)), 0);
	assert_int_equal(k.ncmd, 3);
	assert_int_equal(k.added_exit, 0);
	assert_false(console_script_runs(&k));
	console_free(&k);
	assert_int_equal(console_init(&k, CONSOLE_EXEC, " ; ;", 1, -1, -1, NULL, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "no command"));
	assert_int_equal(console_init(&k, CONSOLE_EXEC, "run \x1b[A", 1, -1, -1, NULL, err, sizeof(err)),
			 -1);
	char longcmd[200];
	memset(longcmd, 'x', sizeof(longcmd) - 1);
	longcmd[sizeof(longcmd) - 1] = '\0';
	assert_int_equal(console_init(&k, CONSOLE_EXEC, longcmd, 1, -1, -1, NULL, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "longer"));
	/* Bytes the firmware would drop or take as Backspace: the command
	 * run would not be the one given. A tab is a space to it: sent. */
	static const struct {
		const char *script, *err;
	} refused[] = {
		{ "set samples 12\x7f" "3", "--exec: byte 0x7f in 'set samples 12\\x7F3': only printable "
					  "ASCII is sent" },
		{ "set samples 1\xc3\xa9" "00", "--exec: byte 0xc3 in 'set samples 1\xc3\xa9" "00': only "
						 "printable ASCII is sent" },
		{ "run a\bb", "--exec: byte 0x08 in 'run a\\x08b': only printable ASCII is sent" },
	};
	for (size_t i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
		assert_int_equal(console_init(&k, CONSOLE_EXEC, refused[i].script, 1, -1, -1, NULL, err,
					      sizeof(err)),
				 -1);
		assert_string_equal(err, refused[i].err);
	}
	assert_int_equal(console_init(&k, CONSOLE_EXEC, "set\tsamples 500", 1, -1, -1, NULL, err,
				      sizeof(err)),
			 0);
	assert_string_equal(k.cmd[0], "set\tsamples 500");
	console_free(&k);
}

/* What fn writes on stderr, as a string. */
static char *stderr_of(void (*fn)(struct console *), struct console *k)
{
	char path[] = "/tmp/rvbench-stderr-XXXXXX";
	int fd = mkstemp(path), saved = dup(2);
	assert_true(fd >= 0 && saved >= 0);
	unlink(path);
	fflush(stderr);
	dup2(fd, 2);
	fn(k);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	off_t len = lseek(fd, 0, SEEK_END);
	char *text = calloc(1, (size_t)len + 1);
	assert_non_null(text);
	assert_int_equal(pread(fd, text, (size_t)len, 0), len);
	close(fd);
	return text;
}

/* The firmware's prompt, then the script's first command sent whole
 * through a pipe (its echo never comes: each byte waits its time). */
static void first_command_sent(struct console *k, int tx)
{
	long long now = 0;
	console_rx(k, CONSOLE_PROMPT, strlen(CONSOLE_PROMPT), now);
	k->tx_fd = tx;
	while (console_tx(k, now) >= 0)
		now += CONSOLE_ECHO_WAIT_MS;
	assert_true(k->waiting);
}

static void rx_error_line(struct console *k)
{
	/* the command's echo ends the prompt's line, then the answer */
	static const char line[] = "bogus\r\nrvbench: error: bad \x1b[31mRED\x1b]0;title\x07 end\r\n";
	console_rx(k, line, strlen(line), 0);
}

/* An error line answering a command is repeated on stderr with its
 * control bytes escaped: it came from the wire and must not move the
 * terminal's cursor or set its title. */
static void test_error_line_escaped(void **state)
{
	struct console k;
	char err[256];
	int p[2];

	(void)state;
	assert_int_equal(pipe(p), 0);
	assert_int_equal(console_init(&k, CONSOLE_EXEC, "bogus", 0, -1, -1, NULL, err, sizeof(err)),
			 0);
	first_command_sent(&k, p[1]);
	char *text = stderr_of(rx_error_line, &k);
	assert_string_equal(text, "rvbench: console: 'bogus': error: bad \\x1B[31mRED\\x1B]0;title"
				  "\\x07 end\n");
	assert_int_equal(k.errors, 1);
	free(text);
	console_free(&k);
	close(p[0]);
	close(p[1]);
}

/* A command that never gets its prompt back in the middle of a script:
 * the report says the later ones were not sent. */
static void test_report_names_the_unsent(void **state)
{
	struct console k;
	char err[256];
	int p[2];

	(void)state;
	assert_int_equal(pipe(p), 0);
	assert_int_equal(console_init(&k, CONSOLE_EXEC, "run demo_hang; show; run addi*", 0, -1, -1,
				      NULL, err, sizeof(err)),
			 0);
	first_command_sent(&k, p[1]);
	char *text = stderr_of((void (*)(struct console *))console_report, &k);
	assert_string_equal(text, "rvbench: console: 0 of 3 commands done; 'run demo_hang' got no "
				  "prompt back, and the later ones were not sent\n");
	free(text);
	console_free(&k);
	close(p[0]);
	close(p[1]);
}

TEST_MAIN(cmocka_unit_test_setup_teardown(test_exec_writes_only_after_prompt, tmpdir_setup, tmpdir_teardown),
	  cmocka_unit_test_setup_teardown(test_no_console_no_write_despite_prompt, tmpdir_setup, tmpdir_teardown),
	  cmocka_unit_test_setup_teardown(test_interactive_forwards_until_escape, tmpdir_setup, tmpdir_teardown),
	  cmocka_unit_test(test_prompt_and_display),
	  cmocka_unit_test(test_exec_script_parsing), cmocka_unit_test(test_error_line_escaped),
	  cmocka_unit_test(test_report_names_the_unsent))
