/*
 * Where the bytes come from. Every source reads, hands each chunk to
 * session_feed() (uart.log, then the decoder) and says why it stopped.
 * None of them ever writes to the device it reads, unless given a struct
 * console (--exec, --console: console_drive.h), which writes only what
 * the user asked for.
 */
#ifndef RVBENCH_SOURCE_H
#define RVBENCH_SOURCE_H

#include "console_drive.h"
#include "session.h"

enum src_end {
	SRC_END_TRAILER,     /* a run's TRAILER arrived */
	SRC_END_EOF,         /* the stream ended (QEMU exited, file read) */
	SRC_END_TIMEOUT,     /* --timeout: no byte for that long (the device is silent) */
	SRC_END_INTERRUPTED, /* Ctrl-C or SIGTERM */
	SRC_END_ERROR,       /* a read error */
	SRC_END_DONE,        /* the console session ended (--exec done, exit, Ctrl-]) */
	SRC_END_GONE,        /* the serial port went away (unplugged, hung up) */
	SRC_END_MAX_TIME     /* --max-time (or a window of source_pump) ran out, bytes or not */
};
const char *src_end_name(enum src_end e);

/*
 * Reads fd into the session until EOF, the end of a window of window_ms
 * (<0: none; SRC_END_MAX_TIME, whether bytes came or not), a signal, or
 * (stop_at_trailer) a TRAILER accepted after the call started.
 */
enum src_end source_pump(struct session *s, int fd, long window_ms, int stop_at_trailer);
/* The same with a console k (NULL: none): it sees every chunk read, its
 * bytes are written to k->tx_fd, the user's input k->user_fd is read; ends
 * with SRC_END_DONE once console_finished(k). */
enum src_end source_pump_console(struct session *s, int fd, long window_ms, int stop_at_trailer,
				 struct console *k);
/* The same with both limits of a collection (ms, <0: none): idle_ms of
 * silence on fd (no byte read for that long: SRC_END_TIMEOUT, --timeout)
 * and total_ms in all (SRC_END_MAX_TIME, --max-time). */
enum src_end source_pump_watch(struct session *s, int fd, long idle_ms, long total_ms,
			       int stop_at_trailer, struct console *k);

/* ---- rvbench qemu ---- */
struct qemu_opts {
	const char *machine;  /* "sifive_u" or "virt" */
	unsigned smp;
	int icount_shift;     /* -1: off */
	const char *bootargs; /* NULL: none */
	const char *memory;   /* NULL: QEMU's default */
	unsigned timeout_s;   /* --timeout: seconds without output (0: none) */
	unsigned max_time_s;  /* --max-time: seconds in all (0: none) */
	const char *image;    /* NULL: no -kernel (the -bios is the whole boot) */
	const char *qemu_args; /* NULL, or extra words appended last (--qemu-args) */
	int console;          /* --exec/--console: rvbench.console=1, not listen_ms=0 */
};
/* argv for QEMU (binary from $RVBENCH_QEMU or qemu-system-riscv64);
 * free with qemu_free_argv(). */
char **qemu_build_argv(const struct qemu_opts *o);
void qemu_free_argv(char **argv);
/* Runs QEMU and collects its UART; fills m (argv stays owned by caller).
 * k (NULL: none, QEMU's stdin is /dev/null): QEMU's stdin is a pipe that
 * k writes to; collection goes on over several runs until k is done.
 * Returns 0, or -1 with err set when QEMU could not be started. */
int source_qemu(struct session *s, const struct qemu_opts *o, char **argv,
		struct meta_source *m, struct console *k, char *err, size_t errlen);

/* ---- rvbench serial ---- */
/* 1 when baud is one of the standard termios rates 9600..3000000. */
int serial_baud_ok(unsigned long baud);
/* Opens and configures the port read-only (raw, 8N1, CLOCAL, no HUPCL,
 * exclusive, DTR/RTS untouched). Returns the fd, or -1 with err set. */
int serial_open(const char *path, unsigned long baud, char *err, size_t errlen);
/* The same, read-write when writable (--exec, --console only). */
int serial_open_mode(const char *path, unsigned long baud, int writable, char *err, size_t errlen);
/* Reads until a TRAILER, timeout_s seconds without a byte (0: never),
 * EOF or a signal, then closes fd. */
enum src_end source_serial(struct session *s, int fd, unsigned timeout_s);
/* With a console k (its tx_fd is fd): reads every run until k is done
 * (or the timeout, EOF, a signal), then closes fd. */
enum src_end source_serial_console(struct session *s, int fd, unsigned timeout_s, struct console *k);
/* The same with a limit on the whole collection too: max_time_s seconds
 * (0: none) however busy the port is (--max-time). */
enum src_end source_serial_limits(struct session *s, int fd, unsigned timeout_s, unsigned max_time_s,
				  struct console *k);

/* ---- rvbench replay ---- */
/* Reads the whole file. Returns 0, or -1 with err set. */
int source_file(struct session *s, const char *path, enum src_end *end, char *err, size_t errlen);

#endif
