/*
 * Decoding a result directory's uart.log again into the same directory
 * (`replay DIR/uart.log -o DIR`, after a new decoder, say) must not lose
 * what only its meta.json knows: how the stream was collected (QEMU's
 * command, version and -icount, or the serial port) and the device's name.
 * This reads them from the meta.json about to be replaced, or from the
 * meta.json.stale a failed collection set aside; and whether uart.log
 * holds the whole stream (meta.json's "uart_log", written and read here),
 * which must not be lost from one decoding to the next either.
 */
#ifndef RVBENCH_META_KEEP_H
#define RVBENCH_META_KEEP_H

#include <stddef.h>

#include "meta_json.h"

/* dir/meta.json's "uart_log" into l: 0, or 1 when there is no such file
 * or it has no such record (l->known 0). */
int meta_log_load(const char *dir, struct meta_log *l);

struct meta_keep {
	/* The "source" object as JSON text (jansson's, keys in their order);
	 * meta.json then says how this decoding ended beside it
	 * ("decoded_again"). */
	char *source_json;
	/* Copies from it, for the printed summary; NULL when absent. */
	char *kind, *icount;
	char *device_name; /* meta.json's device_name; NULL when null */
	struct meta_log log; /* its "uart_log" (log.known 0: none) */
};

/* 0: read into k (free with meta_keep_free); 1: dir has no meta.json,
 * nothing to keep; -1: a meta.json that cannot be read (err says why). */
int meta_keep_load(const char *dir, struct meta_keep *k, char *err, size_t errlen);
void meta_keep_free(struct meta_keep *k);

#endif
