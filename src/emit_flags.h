/*
 * The FLAGS records of a run (src/common/records.h): which compiler flags
 * each block's benchmark was built with.
 */
#ifndef RVBENCH_EMIT_FLAGS_H
#define RVBENCH_EMIT_FLAGS_H

#include <stdint.h>

/* Forgets what was sent: the next run names its flags again. */
void emit_flags_reset(void);
/* The id of cflags in this run, its FLAGS records sent first if they were
 * not yet; -1 when there is nothing to name (NULL, or too many). */
int emit_flags(const char *cflags);

#endif
