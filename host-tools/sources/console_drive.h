/*
 * The host side of the firmware's UART console (src/session.c): finds its
 * prompt "rvbench> " in the raw byte stream, and sends commands only once
 * it is there.
 *
 *   --exec 'A; B; C'   each command waits for a prompt (the first one for
 *                      the firmware's first prompt, never earlier: a byte
 *                      sent before it would stop U-Boot's autoboot), is
 *                      sent a byte at a time (the next byte after the echo
 *                      of the last, the SiFive UART's RX FIFO holds 8), then
 *                      "\r"; after the last one's prompt the script is done.
 *   --console          the user's input is forwarded as typed, paced the
 *                      same way; Ctrl-] ends the session.
 *
 * Without a struct console (or with CONSOLE_OFF) nothing is ever written.
 * The sources (source_pump.c) call console_rx() with every chunk read,
 * console_user() when the user's input is readable and console_tx()
 * before every wait.
 */
#ifndef RVBENCH_CONSOLE_DRIVE_H
#define RVBENCH_CONSOLE_DRIVE_H

#include <stddef.h>
#include <stdio.h>

#define CONSOLE_PROMPT "rvbench> "
#define CONSOLE_ESCAPE 0x1d /* Ctrl-] */
/* After a byte is written, the next one waits for its echo (any byte back
 * for a control byte), at most this long. */
#define CONSOLE_ECHO_WAIT_MS 50

enum console_mode { CONSOLE_OFF, CONSOLE_EXEC, CONSOLE_INTERACTIVE };

struct console {
	enum console_mode mode;
	int tx_fd;   /* the UART's input (the port, QEMU's stdin pipe); -1: not yet */
	int user_fd; /* interactive: the user's input; -1 none or at EOF */
	FILE *show;  /* the human lines go here; NULL: nowhere */

	/* exec */
	char **cmd;
	size_t ncmd, next;    /* commands, and the next one to send */
	size_t added_exit;    /* 1: the last command is an "exit" we added */
	long cur;             /* the command sent last, -1 none */
	int waiting;          /* cur was sent; its prompt has not come back */
	unsigned long errors; /* error lines the firmware answered with */
	int ended_by_firmware; /* an exit (or a reboot as the last command) was sent */

	/* prompt detection: the prompt starts a line */
	size_t pmatch;
	int at_bol;
	unsigned long prompts;

	/* the received line, for error lines and the display filter */
	char line[256];
	size_t linelen;
	size_t held;       /* display: bytes held at a line start that may be "@RVB " */
	int line_hidden;   /* display: a machine line, hidden to its end */
	int line_decided;  /* display: this line's fate is known */

	/* bytes to send, one at a time */
	char *q;
	size_t qlen, qoff, qcap;
	long long last_tx_ms;
	int echo_pending; /* a byte was written and its echo did not come back yet */
	int echo_want;    /* that echo; -1: any byte */
	int tx_failed;
	int tx_errno;     /* why the write failed (0: a short write) */
	int quit;         /* interactive: Ctrl-] seen; ends once the queue drained */
	int finished;
};

/*
 * mode EXEC: script is the commands, separated by ';' (empty ones
 * skipped); add_exit: send "exit" last unless the last command is exit or
 * reboot. Returns 0, or -1 with err set (EXEC without any command).
 */
int console_init(struct console *k, enum console_mode mode, const char *script, int add_exit,
		 int tx_fd, int user_fd, FILE *show, char *err, size_t errlen);
void console_free(struct console *k);

/* Bytes received from the UART (after they went to the session). */
void console_rx(struct console *k, const char *buf, size_t n, long long now_ms);
/* The user's input is readable: reads and queues it (Ctrl-] quits). */
void console_user(struct console *k);
/* Writes the next byte if it is due. Returns the ms until it should be
 * called again (-1: only after more input). */
long console_tx(struct console *k, long long now_ms);
/* 1 when the session is over: exec done, exit sent, or Ctrl-]. */
int console_finished(const struct console *k);
/* exec: how many of the user's commands were answered (their prompt came
 * back, or they ended the session); 1 when one of them is a "run". */
size_t console_commands_done(const struct console *k);
int console_script_runs(const struct console *k);
/* After the collection (exec): lines on stderr for commands never sent or
 * never answered, and for error answers. */
void console_report(const struct console *k);

/* The user's terminal in raw mode (no-op when fd is not a terminal),
 * output processing kept. Restored by console_tty_restore(), also at exit. */
int console_tty_raw(int fd);
void console_tty_restore(void);

#endif
