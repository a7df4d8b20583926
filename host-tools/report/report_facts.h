/*
 * The facts of `rvbench report`'s page from meta.json (report_facts.c),
 * within the report folder only: report_load calls it once the rows and
 * problems are read, since the result's words depend on them.
 */
#ifndef RVBENCH_REPORT_FACTS_H
#define RVBENCH_REPORT_FACTS_H

#include <jansson.h>

#include "report_data.h"

/* The scalar at root.k1.k2... (NULL-terminated keys; an integer key
 * "#0" indexes an array) as text in buf; NULL when absent or null. */
const char *report_jtext(json_t *root, char *buf, size_t len, ...);

/* Appends a fact (dropped when d has no room left). */
void report_fact(struct report_data *d, const char *key, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* The unit of the cycle columns: "instr" under QEMU -icount, else
 * "cycles" (read before the rows, whose rates name it). */
void report_unit(struct report_data *d, json_t *m);

/* meta.json's facts, the result first (d's rows, problems and
 * none_selected read already). */
void report_facts(struct report_data *d, json_t *m);

#endif
