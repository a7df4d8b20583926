/* The host side of the firmware's UART console (console_drive.h). */
#include "console_drive.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "session.h"
#include "term_str.h"
#include "wire.h"

/* The firmware's line buffer holds 159 characters (src/session.c). */
#define COMMAND_MAX 159

static const char prompt[] = CONSOLE_PROMPT;
#define PROMPT_LEN (sizeof(prompt) - 1)

static void push_cmd(struct console *k, const char *s, size_t len)
{
	char **v = realloc(k->cmd, (k->ncmd + 1) * sizeof(*v));
	char *c = malloc(len + 1);

	if (!v || !c)
		abort();
	memcpy(c, s, len);
	c[len] = '\0';
	k->cmd = v;
	k->cmd[k->ncmd++] = c;
}

/* The first word of a command ("run" of "run lpm*"). */
static int verb_is(const char *cmd, const char *verb)
{
	size_t n = strlen(verb);

	while (*cmd == ' ' || *cmd == '\t')
		cmd++;
	return !strncmp(cmd, verb, n) && (!cmd[n] || cmd[n] == ' ' || cmd[n] == '\t');
}

int console_init(struct console *k, enum console_mode mode, const char *script, int add_exit,
		 int tx_fd, int user_fd, FILE *show, char *err, size_t errlen)
{
	memset(k, 0, sizeof(*k));
	k->mode = mode;
	k->tx_fd = tx_fd;
	k->user_fd = mode == CONSOLE_INTERACTIVE ? user_fd : -1;
	k->show = show;
	k->cur = -1;
	k->at_bol = 1;
	if (mode != CONSOLE_EXEC)
		return 0;

	/* Commands are separated by ';' (as the firmware does) or newlines. */
	for (const char *p = script ? script : ""; *p;) {
		size_t len = strcspn(p, ";\n");
		const char *s = p, *e = p + len;
		while (s < e && (*s == ' ' || *s == '\t' || *s == '\r'))
			s++;
		while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
			e--;
		/* The firmware takes printable ASCII and tabs (as spaces), and
		 * refuses a line with any other byte; 0x7f and 0x08 are its
		 * Backspace, which would run another command than the one
		 * given: refused here, before anything is sent. */
		for (const char *c = s; c < e; c++) {
			unsigned char b = (unsigned char)*c;
			if ((b < 0x20 && b != '\t') || b >= 0x7f) {
				char shown[64];
				snprintf(err, errlen, "--exec: byte 0x%02x in '%s': only printable ASCII is sent",
					 b, term_str(s, shown, sizeof(shown)));
				console_free(k);
				return -1;
			}
		}
		if (e - s > COMMAND_MAX) {
			snprintf(err, errlen, "--exec: command longer than %d characters: '%.40s...'",
				 COMMAND_MAX, s);
			console_free(k);
			return -1;
		}
		if (e > s)
			push_cmd(k, s, (size_t)(e - s));
		p += len + (p[len] != '\0');
	}
	if (!k->ncmd) {
		snprintf(err, errlen, "--exec: no command given");
		return -1;
	}
	if (add_exit && !verb_is(k->cmd[k->ncmd - 1], "exit") &&
	    !verb_is(k->cmd[k->ncmd - 1], "reboot")) {
		push_cmd(k, "exit", 4);
		k->added_exit = 1;
	}
	return 0;
}

void console_free(struct console *k)
{
	for (size_t i = 0; i < k->ncmd; i++)
		free(k->cmd[i]);
	free(k->cmd);
	free(k->q);
	k->cmd = NULL;
	k->ncmd = 0;
	k->q = NULL;
	k->qlen = k->qoff = k->qcap = 0;
}

static void enqueue(struct console *k, const char *s, size_t n)
{
	if (k->qoff == k->qlen)
		k->qoff = k->qlen = 0;
	if (k->qlen + n > k->qcap) {
		size_t cap = k->qcap ? k->qcap : 256;
		while (cap < k->qlen + n)
			cap *= 2;
		char *q = realloc(k->q, cap);
		if (!q)
			abort();
		k->q = q;
		k->qcap = cap;
	}
	memcpy(k->q + k->qlen, s, n);
	k->qlen += n;
}

/* A prompt at the start of a line: the firmware reads the next command. */
static void on_prompt(struct console *k)
{
	k->prompts++;
	if (k->mode != CONSOLE_EXEC || k->finished || k->qoff < k->qlen)
		return; /* still sending (a prompt then can only be a new boot's) */
	if (k->cur >= 0 && !k->waiting)
		return;
	k->waiting = 0;
	if (k->next == k->ncmd) {
		k->finished = 1; /* the last command's prompt came back */
		return;
	}
	k->cur = (long)k->next++;
	enqueue(k, k->cmd[k->cur], strlen(k->cmd[k->cur]));
	enqueue(k, "\r", 1);
}

/* The last byte of the queue was written. */
static void on_drained(struct console *k)
{
	if (k->mode != CONSOLE_EXEC || k->cur < 0)
		return;
	k->waiting = 1;
	const char *c = k->cmd[k->cur];
	/* exit ends the session; so does a reboot we will not see through. */
	if (verb_is(c, "exit") || (verb_is(c, "reboot") && k->next == k->ncmd)) {
		k->ended_by_firmware = 1;
		k->finished = 1;
	}
}

static int starts_with(const char *s, const char *p)
{
	return !strncmp(s, p, strlen(p));
}

static void end_line(struct console *k)
{
	size_t n = k->linelen < sizeof(k->line) ? k->linelen : sizeof(k->line) - 1;

	while (n && (k->line[n - 1] == '\r' || k->line[n - 1] == '\n'))
		n--;
	k->line[n] = '\0';
	/* The firmware answers a bad command with an error line; it is no lost
	 * data (the exit status stays as the runs say) but worth a word. */
	if (k->mode == CONSOLE_EXEC && k->waiting && k->cur >= 0 &&
	    (starts_with(k->line, "error: ") || starts_with(k->line, "rvbench: error: "))) {
		k->errors++;
		if (k->show)
			fflush(k->show);
		/* The line came from the wire: escaped, so that it cannot move
		 * the terminal's cursor (as the firmware's other error lines). */
		char shown[sizeof(k->line) * 4];
		rvb_error("console: '%s': %s", k->cmd[k->cur],
			  term_str(k->line + (k->line[0] == 'r' ? strlen("rvbench: ") : 0), shown,
				   sizeof(shown)));
	}
	k->linelen = 0;
}

/* Human lines to k->show; a line starting "@RVB " is held back whole. */
static void show_byte(struct console *k, char c)
{
	if (k->line_hidden) {
		if (c == '\n')
			k->line_hidden = 0;
		return;
	}
	if (!k->line_decided) {
		if (c == WIRE_PREFIX[k->held]) {
			if (++k->held == WIRE_PREFIX_LEN) {
				k->line_hidden = 1;
				k->held = 0;
			}
			return;
		}
		fwrite(WIRE_PREFIX, 1, k->held, k->show);
		k->held = 0;
		k->line_decided = 1;
	}
	fputc(c, k->show);
	if (c == '\n')
		k->line_decided = 0;
}

void console_rx(struct console *k, const char *buf, size_t n, long long now_ms)
{
	(void)now_ms;
	if (!n)
		return;
	for (size_t i = 0; i < n; i++) {
		char c = buf[i];
		/* The echo of the byte sent last (any byte for one the
		 * firmware does not echo as itself). */
		if (k->echo_pending && (k->echo_want < 0 || c == k->echo_want))
			k->echo_pending = 0;
		if (k->show)
			show_byte(k, c);
		if (k->linelen < sizeof(k->line))
			k->line[k->linelen++] = c;
		if (c == '\n') {
			end_line(k);
			k->at_bol = 1;
			k->pmatch = 0;
			continue;
		}
		if (!k->at_bol)
			continue;
		if (c == prompt[k->pmatch]) {
			if (++k->pmatch == PROMPT_LEN) {
				k->at_bol = 0;
				k->pmatch = 0;
				on_prompt(k);
			}
		} else {
			k->at_bol = 0; /* not a prompt line */
			k->pmatch = 0;
		}
	}
	if (k->show)
		fflush(k->show);
}

void console_user(struct console *k)
{
	char buf[256];

	if (k->user_fd < 0)
		return;
	ssize_t n = read(k->user_fd, buf, sizeof(buf));
	if (n < 0 && (errno == EINTR || errno == EAGAIN))
		return;
	if (n <= 0) {
		/* The user's input ended: keep collecting, and say that nothing
		 * more can be typed when it was no terminal (a pipe): nothing
		 * else ends --console. */
		if (!isatty(k->user_fd))
			rvb_error("console: the input ended (it is not a terminal): still collecting; "
				  "Ctrl-C or --timeout ends the session (--exec runs a script and ends)");
		k->user_fd = -1;
		return;
	}
	char *esc = memchr(buf, CONSOLE_ESCAPE, (size_t)n);
	if (esc) {
		n = esc - buf;
		k->quit = 1;
		k->user_fd = -1;
	}
	if (n > 0)
		enqueue(k, buf, (size_t)n);
}

long console_tx(struct console *k, long long now_ms)
{
	if (k->qoff == k->qlen) {
		if (k->quit)
			k->finished = 1;
		return -1;
	}
	if (k->tx_fd < 0 || k->tx_failed)
		return -1;
	if (k->echo_pending && now_ms - k->last_tx_ms < CONSOLE_ECHO_WAIT_MS)
		return CONSOLE_ECHO_WAIT_MS - (long)(now_ms - k->last_tx_ms);
	ssize_t w = write(k->tx_fd, k->q + k->qoff, 1);
	if (w < 0 && (errno == EINTR || errno == EAGAIN))
		return 5;
	if (w != 1) {
		/* Kept before the message, which may change errno: the source
		 * ends on it (port-gone or error, source_pump.c). */
		k->tx_errno = w < 0 ? errno : 0;
		rvb_error("console: cannot write to the UART: %s",
			  k->tx_errno ? strerror(k->tx_errno) : "short write");
		k->tx_failed = 1;
		k->finished = 1;
		return -1;
	}
	unsigned char sent = (unsigned char)k->q[k->qoff++];
	k->last_tx_ms = now_ms;
	k->echo_pending = 1;
	k->echo_want = sent >= 0x20 && sent < 0x7f ? sent : -1;
	if (k->qoff == k->qlen) {
		k->qoff = k->qlen = 0;
		on_drained(k);
		return k->quit ? 0 : -1;
	}
	return CONSOLE_ECHO_WAIT_MS;
}

int console_finished(const struct console *k)
{
	return k->finished;
}

size_t console_commands_done(const struct console *k)
{
	size_t user = k->ncmd - k->added_exit;
	/* Commands before cur were answered; cur when its prompt came back
	 * (or it ended the session). */
	int cur_done = (k->qoff == k->qlen && !k->waiting) || k->ended_by_firmware;
	size_t done = k->cur < 0 ? 0 : (size_t)k->cur + (size_t)cur_done;

	return done > user ? user : done;
}

int console_script_runs(const struct console *k)
{
	for (size_t i = 0; i < k->ncmd; i++)
		if (verb_is(k->cmd[i], "run"))
			return 1;
	return 0;
}

void console_report(const struct console *k)
{
	if (k->mode != CONSOLE_EXEC)
		return;
	size_t user = k->ncmd - k->added_exit, done = console_commands_done(k);

	if (!k->prompts)
		rvb_error("console: the firmware never showed its prompt '%s' (rvbench.listen_ms=0?): "
			  "no command sent", CONSOLE_PROMPT);
	else if (done < user)
		rvb_error("console: %zu of %zu commands done; '%s' %s", done, user, k->cmd[done],
			  (long)done == k->cur
				  ? (done + 1 < user ? "got no prompt back, and the later ones were not sent"
						     : "got no prompt back")
			  : done + 1 < user ? "and the later ones were not sent"
					    : "was not sent");
	if (k->errors)
		rvb_error("console: %lu command%s answered with an error (see uart.log)", k->errors,
			  k->errors == 1 ? "" : "s");
}

/* ---- the user's terminal ------------------------------------------------------ */

static struct termios saved_tty;
static volatile int saved_fd = -1;

void console_tty_restore(void)
{
	if (saved_fd >= 0) {
		tcsetattr(saved_fd, TCSADRAIN, &saved_tty);
		saved_fd = -1;
	}
}

/* A signal that ends us (SIGINT, SIGTERM, SIGHUP and SIGPIPE stop the
 * collection instead, see session.c, and atexit restores the terminal)
 * must not leave the terminal raw. */
static void restore_and_die(int sig)
{
	if (saved_fd >= 0)
		tcsetattr(saved_fd, TCSANOW, &saved_tty); /* async-signal-safe */
	signal(sig, SIG_DFL);
	raise(sig);
}

int console_tty_raw(int fd)
{
	static int registered;
	struct termios t;

	if (!isatty(fd))
		return 0;
	if (tcgetattr(fd, &saved_tty))
		return -1;
	t = saved_tty;
	cfmakeraw(&t);
	t.c_oflag |= OPOST | ONLCR; /* our own messages still end their lines */
	t.c_cc[VMIN] = 1;
	t.c_cc[VTIME] = 0;
	if (tcsetattr(fd, TCSADRAIN, &t))
		return -1;
	saved_fd = fd;
	if (!registered) {
		registered = 1;
		atexit(console_tty_restore);
		struct sigaction sa;
		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = restore_and_die;
		sigemptyset(&sa.sa_mask);
		sigaction(SIGQUIT, &sa, NULL);
	}
	return 0;
}
