/*
 * meta.json: where the data came from and what happened to it (runs, their
 * problems, gaps, rejected lines). Built as a jansson tree and dumped by
 * jansson, as it is read back; every value goes through json_string.h's
 * json_safe_*(): strings valid UTF-8, whole numbers exact in every reader.
 */
#ifndef RVBENCH_META_JSON_H
#define RVBENCH_META_JSON_H

#include <stdio.h>

#include <jansson.h>

#include "collector.h"
#include "json_string.h"

#define ICOUNT_NOTE "cycles are emulated instruction counts (-icount), not hardware cycles"

/* What the source (qemu, serial, replay) reports about itself. */
struct meta_source {
	const char *kind;       /* "qemu", "serial" or "replay" */
	char *const *argv;      /* qemu: the command run (NULL-terminated) */
	const char *machine;    /* qemu */
	const char *icount;     /* qemu: "off" or the shift */
	const char *port;       /* serial */
	unsigned long baud;     /* serial */
	const char *file;       /* replay */
	unsigned timeout_s;     /* --timeout, seconds of silence (0: none) */
	unsigned max_time_s;    /* --max-time, seconds in all (0: none) */
	const char *end;        /* "trailer", "eof", "timeout", "max-time", "interrupted", "error",
				 * "done", "port-gone" */
	int exit_known;         /* qemu: it was reaped */
	int exit_code;          /* qemu: exit status, or -1 if killed */
	int exit_signal;        /* qemu: signal that ended it, or 0 */
	int stopped_by_us;      /* qemu: we sent SIGTERM/SIGKILL */
	const char *qemu_version; /* qemu: what --version said ("7.2.22"), or NULL */
	const char *device_name;  /* --device-name: the board or device, or NULL */
	/* replay of a LAVA job log: its job id (NULL: not given) and what
	 * its lines were (source_lava.h) */
	int lava;
	const char *lava_job;
	unsigned long lava_records, lava_target, lava_damaged;
	/* A decoding in place: the "source" object of the meta.json it
	 * replaces, as JSON text (meta_keep.h), written as it was, then
	 * "decoded_again" with this decoding's end; the other fields above
	 * then only serve the printed summary. NULL otherwise. */
	const char *kept_json;
};

/* Writes meta.json into f: 0, or -1 when out of memory (errno ENOMEM) or
 * on a write error (errno from the write). */
int meta_json_write(FILE *f, const struct collector *c, const struct meta_source *src);
/* Adds "source" (and "decoded_again") to meta (meta_source.c): 0, or -1
 * when out of memory. */
int meta_json_source(json_t *meta, const struct meta_source *s);

/* afile_writer adapter. */
struct meta_ctx {
	const struct collector *c;
	const struct meta_source *src;
};
int meta_json_writer(FILE *f, void *ctx);

/*
 * meta.json's "uart_log": what uart.log holds of the stream the source
 * sent. A uart.log cut short (a full disk while collecting, then room
 * again for the result files; a copy of such a log) says so here, where a
 * later decoding of it looks: decoded again in place, it would replace
 * results decoded from the whole stream with those of the part kept.
 */
struct meta_log {
	int known;                       /* 0: no record (a meta.json of before) */
	int complete;                    /* uart.log holds the whole stream */
	unsigned long long bytes;        /* in uart.log */
	unsigned long long stream_bytes; /* in the stream (bytes when complete) */
	char error[256];                 /* why it was cut; "" when whole or not known */
	/* Read back only: the same meta.json's "bytes_received", what the
	 * results beside it were decoded from (more than bytes when they
	 * were decoded as the stream arrived, before uart.log was cut). */
	unsigned long long decoded;
};

/* meta.json as meta_json_write() writes it, with "uart_log" beside
 * "bytes_received" (log NULL: without); meta_keep.h reads it back. */
struct meta_log_ctx {
	struct meta_ctx mc;
	const struct meta_log *log;
};
int meta_json_log_writer(FILE *f, void *ctx);

#endif
