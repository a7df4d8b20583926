/*
 * Stream decoder, the records (collector_records.c, S lines in
 * collector_samples.c): what each kind of machine line puts into the run
 * model once the line passed its CRC, framing and sequence checks
 * (collector_line.c). Each returns NULL, or why the line is invalid: it
 * is then counted and none of its values is kept.
 */
#ifndef RVBENCH_COLLECTOR_RECORDS_H
#define RVBENCH_COLLECTOR_RECORDS_H

#include <stdint.h>
#include <stddef.h>

#include "collector.h"
#include "records.h"
#include "wire.h"

/* Block id's slot, the model grown to hold it (ids below REC_BLOCKS_MAX). */
struct coll_bench *coll_bench_at(struct coll_run *r, uint64_t id);
/* 1 when the RUN line counted the run's blocks (benches=), id is not one
 * of them and no BENCH line came for it. A line of such a block cannot
 * be what is left of a block whose BENCH line was lost (S, END, FAULT and
 * E lines are read without it for that reason): it makes no sense, and
 * taking it would make up blocks below it that never existed, each
 * listed as lost. (A BENCH line beyond the count is read: the count then
 * contradicts the blocks received, a wrong value of its own.) */
int coll_bench_unannounced(const struct coll_run *r, uint64_t id);
/* Notes seq as a line of block b (the highest is kept). */
void coll_note_bench_seq(struct coll_bench *b, uint32_t seq);

const char *coll_rec_run(struct coll_run *r, const struct wire_line *l);
/* BENCH; c: S lines of the block that came before it are checked again
 * (coll_recheck_samples), and those refused then are counted in c. */
const char *coll_rec_bench(struct collector *c, struct coll_run *r, const struct wire_line *l,
			   uint32_t seq);
const char *coll_rec_overhead(struct coll_run *r, const struct wire_line *l, uint32_t seq);
const char *coll_rec_tp(struct coll_run *r, const struct wire_line *l, uint32_t seq);
const char *coll_rec_hart(struct coll_run *r, const struct wire_line *l);
/* FLAGS: a chunk of compiler flags, appended to those of its id. */
const char *coll_rec_flags(struct coll_run *r, const struct wire_line *l);
/* The context lines (collector_context.c). */
const char *coll_rec_ctx(struct coll_run *r, const struct wire_line *l);
const char *coll_rec_cpu(struct coll_run *r, const struct wire_line *l);
const char *coll_rec_build(struct coll_run *r, const struct wire_line *l);
/* bytes: the line's length on the wire, for the bytes-per-sample figure;
 * c: the budget of blocks without a BENCH line (headerless_slots). */
const char *coll_rec_samples(struct collector *c, struct coll_run *r, const struct wire_line *l,
			     uint32_t seq, size_t bytes);
/* b's BENCH line has just been read: each S line of b that came before it
 * and reaches past the count it announces is refused now, as it would
 * have been after it (its samples out, an issue, counted invalid in c). */
void coll_recheck_samples(struct collector *c, struct coll_run *r, struct coll_bench *b);
/* The hardware events (collector_events.c): BENCH's events= and
 * oh_events= into b (NULL, or why the line is invalid); E and PMU lines. */
const char *coll_bench_events(struct coll_bench *b, const struct rec_bench *h);
const char *coll_rec_e(struct coll_run *r, const struct wire_line *l, uint32_t seq);
const char *coll_rec_pmu(struct coll_run *r, const struct wire_line *l);
/* Frees what the events of b hold. */
void coll_bench_events_free(struct coll_bench *b);
/* The run's problems with event samples (collector_finish). */
void coll_check_events(struct coll_run *r, void (*problem)(struct coll_run *, char *));
const char *coll_rec_end(struct coll_run *r, const struct wire_line *l, uint32_t seq);
const char *coll_rec_fault(struct coll_run *r, const struct wire_line *l, uint32_t seq);
const char *coll_rec_trailer(struct collector *c, struct coll_run *r, const struct wire_line *l,
			     uint32_t seq);

#endif
