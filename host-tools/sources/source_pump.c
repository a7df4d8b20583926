/* The read loop shared by the QEMU pipe and the serial port (source.h),
 * with the console's writes (console_drive.h) when one is given. */
#include "source.h"

#include "read_nap.h"

#include <errno.h>
#include <poll.h>
#include <time.h>
#include <unistd.h>

const char *src_end_name(enum src_end e)
{
	switch (e) {
	case SRC_END_TRAILER: return "trailer";
	case SRC_END_EOF: return "eof";
	case SRC_END_TIMEOUT: return "timeout";
	case SRC_END_MAX_TIME: return "max-time";
	case SRC_END_INTERRUPTED: return "interrupted";
	case SRC_END_ERROR: return "error";
	case SRC_END_DONE: return "done";
	case SRC_END_GONE: return "port-gone";
	}
	return "unknown";
}

/* A tty whose other end went away reports EIO (a USB adapter pulled, a
 * pty's master closed); some drivers say ENXIO or ENODEV while the
 * device is being removed. */
static int errno_gone(int e)
{
	return e == EIO || e == ENXIO || e == ENODEV;
}

/* The source ended on a failed read or write: its cause kept for the
 * message (session.h), and whether the port went away. */
static enum src_end failed(struct session *s, int e)
{
	s->src_errno = e;
	return errno_gone(e) ? SRC_END_GONE : SRC_END_ERROR;
}

static long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

enum src_end source_pump(struct session *s, int fd, long window_ms, int stop_at_trailer)
{
	return source_pump_console(s, fd, window_ms, stop_at_trailer, NULL);
}

enum src_end source_pump_console(struct session *s, int fd, long window_ms, int stop_at_trailer,
				 struct console *k)
{
	return source_pump_watch(s, fd, -1, window_ms, stop_at_trailer, k);
}

enum src_end source_pump_watch(struct session *s, int fd, long idle_ms, long total_ms,
			       int stop_at_trailer, struct console *k)
{
	unsigned long trailers = s->c->trailers;
	long long start = now_ms();
	long long deadline = total_ms >= 0 ? start + total_ms : -1;
	/* The watchdog on a live device: it counts from the last byte read
	 * (from the start until the first), so a long run that keeps
	 * streaming is never cut, and only a silent one is. */
	long long last_rx = start;
	char buf[4096];

	if (k && k->mode == CONSOLE_OFF)
		k = NULL;
	/* A finished console still sees (and shows) the tail of the stream. */
	int stop_when_done = k && !console_finished(k);
	for (;;) {
		if (session_stop_requested())
			return SRC_END_INTERRUPTED;
		if (stop_at_trailer && s->c->trailers > trailers)
			return SRC_END_TRAILER;
		/* The console writes first (a byte at a time, when due). */
		long wait_ms = k ? console_tx(k, now_ms()) : -1;
		/* A write that failed ended the console: no session ended as
		 * planned, but a port gone or an error, said as such. */
		if (k && k->tx_failed && stop_when_done)
			return failed(s, k->tx_errno ? k->tx_errno : EIO);
		if (stop_when_done && console_finished(k))
			return SRC_END_DONE;
		long long now = now_ms();
		if (deadline >= 0) {
			long long left = deadline - now;
			if (left <= 0)
				return SRC_END_MAX_TIME;
			if (wait_ms < 0 || left < wait_ms)
				wait_ms = (long)left;
		}
		if (idle_ms >= 0) {
			long long left = last_rx + idle_ms - now;
			if (left <= 0)
				return SRC_END_TIMEOUT;
			if (wait_ms < 0 || left < wait_ms)
				wait_ms = (long)left;
		}
		struct timespec ts, *tsp = NULL;
		if (wait_ms >= 0) {
			ts.tv_sec = wait_ms / 1000;
			ts.tv_nsec = (wait_ms % 1000) * 1000000;
			tsp = &ts;
		}
		struct pollfd p[2] = { { .fd = fd, .events = POLLIN },
				       { .fd = k ? k->user_fd : -1, .events = POLLIN } };
		/* ppoll unblocks SIGINT/SIGTERM only while waiting: no lost signal. */
		int rc = ppoll(p, 2, tsp, session_wait_mask());
		if (rc < 0) {
			if (errno == EINTR)
				continue;
			return failed(s, errno);
		}
		if (rc == 0)
			continue; /* the checks of both limits above decide */
		if (k && p[1].fd >= 0 && p[1].revents)
			console_user(k);
		if (!p[0].revents)
			continue;
		ssize_t n = read(fd, buf, sizeof(buf));
		if (n > 0) {
			last_rx = now_ms();
			session_feed(s, buf, (size_t)n);
			if (k)
				console_rx(k, buf, (size_t)n, now_ms());
			/* The error lines so far are the command line's: the
			 * first prompt follows them. */
			if (k && k->prompts && s->fw_errors_at_prompt < 0)
				s->fw_errors_at_prompt = (long)s->fw.count;
			session_progress(s, now_ms(), 0);
			/* Not with a console: each byte it writes waits for
			 * its echo, which a nap would hold back. */
			if (!k)
				read_nap((size_t)n);
			continue;
		}
		if (n == 0)
			return SRC_END_EOF;
		if (errno == EINTR || errno == EAGAIN)
			continue;
		return failed(s, errno);
	}
}
