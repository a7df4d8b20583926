/*
 * rvbench qemu: runs QEMU with the image on the console UART and reads the
 * UART from a pipe. The image is told (bootargs rvbench.exit=reboot; and
 * rvbench.listen_ms=0, since nobody will type at its prompt) to
 * reboot when done, which under -no-reboot makes QEMU exit by itself; we
 * still stop it once the trailer arrived or the timeout expired.
 *
 * Other boot chains (docs/hardware.md) come in through o->qemu_args
 * (`rvbench qemu --qemu-args`): extra QEMU arguments appended
 * last, so their -bios wins over "-bios default" (QEMU keeps the last one).
 * Without an image (o->image NULL) there is no -kernel, and so no -append
 * (QEMU refuses it): the -bios file is the whole boot, like fw_payload.
 * QEMU's stdin is /dev/null and we never write to the UART: a byte sent
 * would stop U-Boot's autoboot. Only with --exec or --console (a struct
 * console) is QEMU's stdin a pipe the console writes to; the bootargs then
 * say rvbench.console=1 instead of listen_ms=0, so the firmware waits at
 * its prompt, and the collection goes on over every run until the console
 * session ends (--exec sends "exit" last, so QEMU exits by itself).
 */
#include "source.h"
#include "qemu_bootargs.h"

#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define QEMU_DEFAULT "qemu-system-riscv64"
/* After the trailer, QEMU normally exits within ~0.1 s (reboot); wait this
 * long for it, so the tail of the UART and its exit status are kept. */
#define QEMU_GRACE_MS 1000
#define QEMU_TERM_MS 2000

static char *dupf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static char *dupf(const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) < 0)
		s = NULL;
	va_end(ap);
	if (!s)
		abort();
	return s;
}

char **qemu_build_argv(const struct qemu_opts *o)
{
	const char *bin = getenv("RVBENCH_QEMU");
	const char *extra = o->qemu_args;
	size_t words = 0;

	for (const char *p = extra ? extra : ""; *p; p++)
		words += *p != ' ' && (p[1] == ' ' || !p[1]);
	char **v = calloc(32 + words, sizeof(*v));
	size_t n = 0;

	if (!v)
		abort();
	v[n++] = dupf("%s", bin && *bin ? bin : QEMU_DEFAULT);
	v[n++] = dupf("-M");
	v[n++] = dupf("%s", o->machine);
	v[n++] = dupf("-smp");
	v[n++] = dupf("%u", o->smp);
	if (o->memory) {
		v[n++] = dupf("-m");
		v[n++] = dupf("%s", o->memory);
	}
	v[n++] = dupf("-display");
	v[n++] = dupf("none");
	v[n++] = dupf("-monitor");
	v[n++] = dupf("none");
	v[n++] = dupf("-serial");
	v[n++] = dupf("stdio");
	v[n++] = dupf("-bios");
	v[n++] = dupf("default");
	if (o->image) {
		v[n++] = dupf("-kernel");
		v[n++] = dupf("%s", o->image);
	}
	v[n++] = dupf("-no-reboot");
	if (o->icount_shift >= 0) {
		/* sleep=off: virtual time never catches up with host time while
		 * harts idle, so a run is repeatable to the bit (the run tag
		 * and every counter), not just its instruction counts. */
		v[n++] = dupf("-icount");
		v[n++] = dupf("shift=%d,sleep=off", o->icount_shift);
	}
	if (o->image) {
		const char *ours = o->console ? QEMU_WORDS_CONSOLE : QEMU_WORDS;
		const char *sweeps = o->icount_shift >= 0 ? QEMU_WORDS_ICOUNT : "";
		v[n++] = dupf("-append");
		if (o->bootargs && *o->bootargs)
			v[n++] = dupf("%s%s %s", ours, sweeps, o->bootargs);
		else
			v[n++] = dupf("%s%s", ours, sweeps);
	}
	/* Split on spaces: no quoting, so no file name with a space. */
	for (const char *p = extra ? extra : ""; *p;) {
		size_t len = strcspn(p, " ");
		if (len)
			v[n++] = dupf("%.*s", (int)len, p);
		p += len + (p[len] == ' ');
	}
	v[n] = NULL;
	return v;
}

void qemu_free_argv(char **argv)
{
	if (!argv)
		return;
	for (size_t i = 0; argv[i]; i++)
		free(argv[i]);
	free(argv);
}

/* Child side: never returns. Reports an exec failure through errfd.
 * infd: QEMU's stdin (the console's pipe), or -1 for /dev/null.
 * logfd: QEMU's stderr (qemu_stderr_forward()), or -1 for ours. */
static void child(char **argv, int infd, int outfd, int errfd, int logfd)
{
	sigset_t none;
	int null = infd >= 0 ? infd : open("/dev/null", O_RDONLY);

	/* Own process group: a Ctrl-C in the terminal reaches rvbench only,
	 * which then stops QEMU and still writes the results. */
	setpgid(0, 0);
	/* And QEMU must not outlive a killed rvbench. */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	signal(SIGPIPE, SIG_DFL); /* ignored by the console's parent; kept by exec */
	signal(SIGHUP, SIG_DFL);
	signal(SIGXFSZ, SIG_DFL); /* ignored by rvbench; kept by exec */
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	if (null < 0 || dup2(null, STDIN_FILENO) < 0 || dup2(outfd, STDOUT_FILENO) < 0 ||
	    (logfd >= 0 && dup2(logfd, STDERR_FILENO) < 0)) {
		int e = errno;
		(void)!write(errfd, &e, sizeof(e));
		_exit(127);
	}
	execvp(argv[0], argv);
	int e = errno;
	(void)!write(errfd, &e, sizeof(e));
	_exit(127);
}

/*
 * QEMU's own messages, passed on to our stderr once it is gone, but for
 * the one our stopping it causes ("terminating on signal 15 from pid
 * ..."): that one is ours to say (meta.json's source.end), not noise in
 * the output.
 */
static void qemu_stderr_forward(FILE *log)
{
	char line[1024];

	if (!log)
		return;
	rewind(log);
	while (fgets(line, sizeof(line), log))
		if (!strstr(line, "terminating on signal"))
			fputs(line, stderr);
	fclose(log);
}

static int reap(pid_t pid, long wait_ms, int *status)
{
	for (long waited = 0;; waited += 20) {
		pid_t r = waitpid(pid, status, WNOHANG);
		if (r == pid)
			return 0;
		if (r < 0 && errno != EINTR)
			return -1;
		if (waited >= wait_ms)
			return 1;
		struct timespec ts = { 0, 20 * 1000000L };
		nanosleep(&ts, NULL);
	}
}

int source_qemu(struct session *s, const struct qemu_opts *o, char **argv,
		struct meta_source *m, struct console *k, char *err, size_t errlen)
{
	int out[2], ex[2], in[2] = { -1, -1 }, status = 0, e = 0;

	if (k && k->mode == CONSOLE_OFF)
		k = NULL;
	if (pipe2(out, O_CLOEXEC) || pipe2(ex, O_CLOEXEC) || (k && pipe2(in, O_CLOEXEC))) {
		snprintf(err, errlen, "cannot create a pipe: %s", strerror(errno));
		return -1;
	}
	/* A write after QEMU died must be an EPIPE, not our death. */
	if (k)
		signal(SIGPIPE, SIG_IGN);
	FILE *qerr = tmpfile(); /* NULL: QEMU writes to our stderr */
	pid_t pid = fork();
	if (pid < 0) {
		snprintf(err, errlen, "cannot start %s: %s", argv[0], strerror(errno));
		if (qerr)
			fclose(qerr);
		return -1;
	}
	if (pid == 0)
		child(argv, in[0], out[1], ex[1], qerr ? fileno(qerr) : -1);
	close(out[1]);
	close(ex[1]);
	if (k) {
		close(in[0]);
		k->tx_fd = in[1];
	}
	/* The exec-error pipe closes (read returns 0) when exec succeeded. */
	ssize_t n;
	do
		n = read(ex[0], &e, sizeof(e));
	while (n < 0 && errno == EINTR);
	close(ex[0]);
	if (n == (ssize_t)sizeof(e)) {
		close(out[0]);
		if (k) {
			close(in[1]);
			k->tx_fd = -1;
		}
		waitpid(pid, &status, 0);
		qemu_stderr_forward(qerr);
		snprintf(err, errlen, "cannot run %s: %s%s", argv[0], strerror(e),
			 e == ENOENT ? " (install QEMU or set RVBENCH_QEMU)" : "");
		return -1;
	}

	/* With the console, every run until its session ends. */
	enum src_end end = source_pump_watch(s, out[0], o->timeout_s ? (long)o->timeout_s * 1000 : -1,
					     o->max_time_s ? (long)o->max_time_s * 1000 : -1, !k, k);
	/* EOF on the pipe: QEMU is exiting by itself; give it time to finish. */
	long wait_ms = end == SRC_END_EOF ? QEMU_GRACE_MS : 0;
	/* After a trailer, or the firmware told to exit: the tail, a clean exit.
	 * (Ctrl-] or a finished script without an exit: QEMU is stopped.) */
	int tail = end == SRC_END_TRAILER || (end == SRC_END_DONE && k->ended_by_firmware);
	if (tail && source_pump_console(s, out[0], QEMU_GRACE_MS, 0, k) == SRC_END_EOF)
		wait_ms = QEMU_GRACE_MS;
	if (k) {
		close(in[1]);
		k->tx_fd = -1;
	}

	int rc = reap(pid, wait_ms, &status);
	if (rc == 1) {
		m->stopped_by_us = 1;
		kill(pid, SIGTERM);
		rc = reap(pid, QEMU_TERM_MS, &status);
		if (rc == 1) {
			kill(pid, SIGKILL);
			rc = waitpid(pid, &status, 0) == pid ? 0 : -1;
		}
	}
	/* Whatever QEMU wrote before it died is still in the pipe. */
	if (end != SRC_END_INTERRUPTED)
		source_pump_console(s, out[0], 200, 0, k && console_finished(k) ? k : NULL);
	close(out[0]);
	qemu_stderr_forward(qerr);
	if (rc == 0) {
		m->exit_known = 1;
		m->exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
		m->exit_signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
	}
	m->end = src_end_name(end);
	return 0;
}
