/*
 * The firmware side of the UART stream: human lines and machine records
 * (src/common/wire.h), each written whole to the console. Called only
 * between measurements.
 */
#ifndef RVBENCH_STREAM_H
#define RVBENCH_STREAM_H

#include <stdint.h>

#include "wire.h"

void stream_init(uint32_t run_tag);
/* Starts the next machine record; fill it with wire_add_*(), then send it. */
struct wire_writer *stream_record(const char *type);
void stream_send(void);
/* A human-readable line ("\r\n" is added). */
void stream_say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
