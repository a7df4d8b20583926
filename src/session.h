/* The prompt and the interactive UART console (see session.c). */
#ifndef RVBENCH_FW_SESSION_H
#define RVBENCH_FW_SESSION_H

#include <stdint.h>

#include "config.h"

/*
 * Offers the console, then runs: run(c) once when nobody answers the
 * prompt, or as often as the console's `run` command asks. Returns when
 * the session is over (after the run, or on `exit`).
 */
void session_run(struct config *c, const struct config_hooks *h, uint64_t timebase_hz,
		 void (*run)(const struct config *));

#endif
