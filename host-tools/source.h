/*
 * Where the bytes come from. Every source reads, hands each chunk to
 * session_feed() (uart.log, then the decoder) and says why it stopped.
 * None of them ever writes to the device it reads.
 */
#ifndef RVBENCH_SOURCE_H
#define RVBENCH_SOURCE_H

#include "session.h"

enum src_end {
	SRC_END_TRAILER,     /* a run's TRAILER arrived */
	SRC_END_EOF,         /* the stream ended (QEMU exited, file read, port gone) */
	SRC_END_TIMEOUT,     /* --timeout expired */
	SRC_END_INTERRUPTED, /* Ctrl-C or SIGTERM */
	SRC_END_ERROR        /* a read error */
};
const char *src_end_name(enum src_end e);

/*
 * Reads fd into the session until EOF, the timeout (ms, <0: none), a
 * signal, or (stop_at_trailer) a TRAILER accepted after the call started.
 */
enum src_end source_pump(struct session *s, int fd, long timeout_ms, int stop_at_trailer);

/* ---- rvbench qemu ---- */
struct qemu_opts {
	const char *machine;  /* "sifive_u" or "virt" */
	unsigned smp;
	int icount_shift;     /* -1: off */
	const char *bootargs; /* NULL: none */
	const char *memory;   /* NULL: QEMU's default */
	unsigned timeout_s;   /* 0: none */
	const char *image;    /* NULL: no -kernel (the -bios is the whole boot) */
	const char *qemu_args; /* NULL, or extra words appended last (--qemu-args) */
};
/* argv for QEMU (binary from $RVBENCH_QEMU or qemu-system-riscv64);
 * free with qemu_free_argv(). */
char **qemu_build_argv(const struct qemu_opts *o);
void qemu_free_argv(char **argv);
/* Runs QEMU and collects its UART; fills m (argv stays owned by caller).
 * Returns 0, or -1 with err set when QEMU could not be started. */
int source_qemu(struct session *s, const struct qemu_opts *o, char **argv,
		struct meta_source *m, char *err, size_t errlen);

/* ---- rvbench serial ---- */
/* 1 when baud is one of the standard termios rates 9600..3000000. */
int serial_baud_ok(unsigned long baud);
/* Opens and configures the port read-only (raw, 8N1, CLOCAL, no HUPCL,
 * exclusive, DTR/RTS untouched). Returns the fd, or -1 with err set. */
int serial_open(const char *path, unsigned long baud, char *err, size_t errlen);
/* Reads until a TRAILER, the timeout, EOF or a signal, then closes fd. */
enum src_end source_serial(struct session *s, int fd, unsigned timeout_s);

/* ---- rvbench replay ---- */
/* Reads the whole file. Returns 0, or -1 with err set. */
int source_file(struct session *s, const char *path, enum src_end *end, char *err, size_t errlen);

#endif
