/*
 * samples.csv and summary.csv (RFC 4180: "\r\n" line ends, a field quoted
 * when it holds a comma, a quote, CR or LF, quotes doubled). Rows are in run
 * order (as they appeared), then bench id, then sample index.
 */
#ifndef RVBENCH_CSV_OUT_H
#define RVBENCH_CSV_OUT_H

#include <stdio.h>

#include "collector.h"

/* block: the BENCH id; params: the block's p.* fields, "NAME=value" joined
 * by ';' in record order ("" without any): what tells the blocks of a
 * swept benchmark apart. */
#define CSV_SAMPLES_HEADER \
	"run,bench,block,params,hart,group,batch,index,warmup,input,seed,cycles,instret," \
	"cycles_raw,instret_raw,flags"
/* One row per block. With batch N > 1, min..stddev are per call (a
 * sample's net cycles / N) with 3 decimals. unit, per_call: BENCH's;
 * units_per_cycle = per_call / median cycles per call (4 decimals);
 * reason: END's. */
#define CSV_SUMMARY_HEADER \
	"run,bench,block,params,hart,group,batch,count,min,max,mean,median,p90,p95,p99,mad," \
	"stddev,overhead_cycles,overhead_instret,warmup,instret_median,verify,status," \
	"path_differs,checksum,unit,per_call,units_per_cycle,reason,cflags,sample_unit"
/* Every range of samples that did not arrive (or was never sent). */
#define CSV_GAPS_HEADER "run,block,bench,first,last,count,reason"
/* Every TP record (tracepoint pair), in run order, then as received. */
#define CSV_TRACEPOINTS_HEADER "run,key,hart,start,cycles,instret,id,phase"

/* Writes one field, quoted if needed; returns 0 or -1 on a write error. */
int csv_field(FILE *f, const char *s);
/* The name a benchmark has in the files ("#<id>" without a BENCH line). */
const char *csv_bench_name(const struct coll_bench *b, char *buf, size_t len);

/* The params column of a block: "NAME=value;NAME=value" (malloc'd), a
 * ';', '%', control byte or byte above 0x7e of a name or value (and '='
 * of a name) written as %XX, as on the wire: one reading only, and
 * nothing a reader of the column refuses. */
char *csv_bench_params(const struct coll_bench *b);
/* run,bench,block,params,hart,group,batch: the same on every row of a
 * block (samples.csv, summary.csv). 0, or -1 on a write error. */
int csv_block_start(FILE *f, const struct coll_run *r, const struct coll_bench *b);

/* Both return 0, or -1 on a write error (errno set by stdio). */
int csv_write_samples(FILE *f, const struct collector *c);
int csv_write_summary(FILE *f, const struct collector *c);
int csv_write_gaps(FILE *f, const struct collector *c);
int csv_write_tracepoints(FILE *f, const struct collector *c);

/* afile_writer adapters: ctx is a const struct collector *. */
int csv_samples_writer(FILE *f, void *ctx);
int csv_summary_writer(FILE *f, void *ctx);
int csv_gaps_writer(FILE *f, void *ctx);
int csv_tracepoints_writer(FILE *f, void *ctx);

#endif
