/*
 * The stream decoder: turns the raw UART bytes into runs, benchmarks and
 * samples. It is a pure library (no I/O, no clock), so the sources (QEMU,
 * serial port, replay file) and the writers (CSV, JSON, summary) stay apart
 * and the unit tests can drive it with any byte sequence.
 *
 *   struct collector *c = collector_new();
 *   collector_feed(c, bytes, n);   // any number of times, any chunking
 *   collector_finish(c);           // end of stream: checks every run
 *   ... read c->runs[...] ...
 *   collector_free(c);
 *
 * Feeding the same bytes in any chunking gives the same model: the framing
 * gives what a byte-at-a-time state machine would (it scans a line at a
 * time with memchr, carrying a cut line or prefix over to the next read),
 * and nothing depends on read sizes.
 *
 * A value reaches the model only from a line whose CRC and syntax are right
 * and whose content makes sense; everything else is counted by reason.
 */
#ifndef RVBENCH_COLLECTOR_H
#define RVBENCH_COLLECTOR_H

#include <stddef.h>
#include <stdint.h>

#include "pmu_events.h"
#include "records.h"
#include "wire.h"

/* Why a line was not used. The first WIRE_ERR_COUNT match enum wire_error. */
enum coll_reject {
	COLL_REJ_UNTERMINATED = WIRE_ERR_COUNT, /* final line without a newline */
	COLL_REJ_DUPLICATE,                     /* same run, seq and bytes again */
	COLL_REJ_CONFLICT,                      /* same run and seq, other bytes */
	COLL_REJ_ORPHAN,                        /* run tag without a RUN header */
	COLL_REJ_INVALID,                       /* well-formed but meaningless */
	COLL_REJ_COUNT
};

/* Name of a reason, as used in meta.json ("bad_crc", "duplicate", ...). */
const char *coll_reject_name(unsigned reason);
/* Reasons worth reporting, in report order (WIRE_OK/NOT_MACHINE left out). */
extern const unsigned coll_reject_order[];
extern const size_t coll_reject_norder;

/* One key=value of a RUN line, value unescaped. */
struct coll_kv {
	char *key;
	char *value;
};

/* The layout of struct wire_sample: a block's samples are one array of
 * little-endian words on the usual host, which the run's CRC-32 reads as is. */
struct coll_sample {
	uint64_t cycles_raw;
	uint64_t instret_raw;
};

/* A FAULT record: the trap that ended a block, or the run. */
struct coll_fault {
	int have;
	char kind[16];
	int kind_word; /* enum rec_fault_kind; -1: a later firmware's kind */
	uint64_t scause, sepc, stval;
};

struct coll_gap {
	uint32_t bench;
	uint64_t first, last; /* inclusive sample indices */
	const char *reason;   /* static string */
	int open_end;         /* the block's size is unknown (its BENCH line
			       * never arrived): from first on, last unknown */
};

/* A block: one benchmark at one batch size (docs/wire-format.md, BENCH). */
struct coll_bench {
	uint32_t id;
	int have_header; /* BENCH line arrived: the fields below are valid */
	char *name;
	uint64_t hart, group, batch;
	uint64_t warmup, samples, input_range;
	uint64_t oh_cycles, oh_instret;
	unsigned input_kind;  /* enum input_kind */
	uint64_t inputs_n;
	uint32_t inputs_block; /* whose seed made the inputs: this id, or the
				* boot hart's block in a parallel run */
	int warmup_auto;      /* 1: warmup=auto found the length */
	int warmup_converged; /* with warmup_auto: 0 when the cap was hit; -1 unknown */
	char oh_method[16];   /* "" when not sent */
	struct coll_kv *param; /* p.NAME fields: key NAME, value unescaped */
	size_t nparam;
	char *unit;           /* BENCH unit= (unescaped, "byte", "load"); NULL when not sent */
	int have_per_call;    /* BENCH per_call= arrived */
	uint64_t per_call;    /* units of work one call does */
	char *sample_unit;    /* BENCH sample_unit= ("tick"): what a self-timed
			       * block's samples count instead of cycles;
			       * NULL when not sent (the counters' unit) */
	char *cflags;         /* the compiler flags of its benchmark (FLAGS text
			       * of BENCH flags=); NULL when not sent */
	int flags_id;         /* BENCH flags=, -1 when not sent */

	int have_end;
	uint64_t end_count;
	char verify[16]; /* "ok", "fail", "none"; "" without END */
	char status[16]; /* END status ("ok", "verify-failed", "skipped", "fault", ...); "" without END */
	/* The same words as enum rec_verify and enum rec_block_status (with
	 * have_end); status_word is -1 for a later firmware's status. */
	int verify_word, status_word;
	char *reason;    /* END reason= (unescaped); NULL when not sent */
	int have_checksum;
	uint64_t checksum;
	int have_path;   /* END carried path_instret and path_differs */
	uint64_t path_instret, path_differs;

	struct coll_fault fault; /* a FAULT with this block's id */

	/* A parallel run's block (BENCH parallel=, skew_ticks=, offset_cycles=):
	 * harts that measured together, the spread of their starts in
	 * timebase ticks, this hart's cycle counter minus the boot hart's. */
	int have_parallel;
	uint64_t parallel, skew_ticks;
	int64_t offset_cycles;

	/* Filled by collector_finish(): the modal net instret over the
	 * measured samples present (flags bit SAMPLE_FLAG_PATH_DIFFERS). */
	int have_mode;
	uint64_t mode_instret, mode_differs;
	struct coll_bench_stats *stats; /* computed once, NULL before */

	/* Hardware events (wire format 2: BENCH events= and oh_events=, E
	 * records; collector_events.c): nev of them, each as named; event k
	 * of sample i is ev[i * PMU_EVENTS_MAX + k], received when
	 * ev_present[k / 2][i]. */
	unsigned nev;
	char *ev_name[PMU_EVENTS_MAX];
	uint64_t oh_ev[PMU_EVENTS_MAX];
	uint64_t *ev;
	uint8_t *ev_present[(PMU_EVENTS_MAX + 1) / 2];
	size_t ev_cap;
	/* E lines that came while the block had no BENCH line: without its
	 * event names their values mean nothing, so they were not read (a
	 * loss, like the BENCH line itself). */
	uint64_t ev_unread;
	uint64_t ev_unread_n[(PMU_EVENTS_MAX + 1) / 2]; /* their samples, by event pair */
	uint64_t ev_dropped; /* event values a conflict took out */

	struct coll_sample *s; /* indexed by sample index */
	uint8_t *present;      /* present[i]: 1 if s[i] was received, else 0 (only
				* 0 and 1: the checks memchr for them) */
	size_t ncap;           /* slots allocated in s and present */
	uint64_t nreceived;    /* samples present */
	uint64_t max_index;    /* highest index present (valid if nreceived) */
	uint32_t max_seq;      /* highest seq of a line of this bench */
	int conflict;          /* a line of this block came twice with other
				* bytes: status "conflict" (collector_conflict.c);
				* COLL_CONFLICT_HEADER when it was the BENCH line */
};

/* An OVERHEAD record: exact integer moments of the self-check. kind is
 * "effective" or "total" (docs/wire-format.md), or a later kind kept as is. */
struct coll_overhead {
	uint32_t seq; /* its line, so a conflict can take it out again */
	char kind[24];
	char counter[16];
	uint64_t samples, min, max, sum, sumsq;
};
#define COLL_OH_MAX 8

/* A TP record: one TP_START/TP_STOP pair (docs/wire-format.md, TP). */
struct coll_tp {
	uint32_t seq;
	uint32_t key; /* 0..15 */
	uint64_t hart, start, cycles, instret;
	/* Its block and the part of it (setup, warmup, measured, after) its
	 * TP_START ran in; has_block 0 when the line said neither (an older
	 * firmware, a hart that measured no block). */
	int has_block;
	uint32_t block;
	char phase[16];
};

/* A HART record: what became of one hart over the run. A field is sent
 * only for some states; its bit in have says it was (COLL_HART_*). */
enum {
	COLL_HART_RUN_CYCLES = 1u << 0,
	COLL_HART_MEASURING = 1u << 1,
	COLL_HART_BUSY = 1u << 2,
	COLL_HART_IDLE = 1u << 3,
	COLL_HART_WAITING = 1u << 4,
};
struct coll_hart {
	uint64_t id;
	uint32_t seq;     /* of its line */
	int taken;        /* a conflict took its values out: kept only so that
			   * a later line for the hart is refused as second */
	char state[16];   /* "boot", "online", "skipped", "failed", or a later one */
	int state_word;   /* enum rec_hart_state; -1: a later one */
	char *why;        /* unescaped reason, NULL when not sent */
	unsigned have;    /* COLL_HART_* */
	uint64_t run_cycles, measuring, busy, idle, waiting;
};

/* The run's context (CTX, CPU and BUILD lines): what each field means is
 * in records.h; a field not present is unknown. */
struct coll_cpu {
	struct rec_cpu f; /* isa and mmu point to the copies below */
	char *isa, *mmu;  /* NULL when not sent */
	uint32_t seq;     /* of its line */
	int taken;        /* as coll_hart's */
};
struct coll_context {
	int have_ctx;
	/* A conflict took the CTX (BUILD) values out: have_ctx (have_build)
	 * is 0 again, and a later CTX (BUILD) line is still a second one. */
	int ctx_taken, build_taken;
	/* ctx.clock_src points to clock_src, a heap copy ("" when not sent):
	 * never into this struct, which moves when the runs array grows. */
	struct rec_ctx ctx;
	char *clock_src;
	struct coll_cpu *cpu;  /* CPU lines in arrival order */
	size_t ncpu;
	int have_build;
	char *commit, *cc, *cflags; /* commit with "-dirty" when BUILD says so */
};

struct coll_run {
	uint32_t tag;
	struct coll_kv *hdr; /* every RUN field, in line order */
	size_t nhdr;
	int fmt_ok;    /* fmt=1, 2 or 3: content lines are read */
	uint64_t fmt_newer; /* fmt= of a later version than this collector
			     * reads (nothing of the run is read), else 0 */
	struct coll_kv *pmu; /* the PMU record's fields, unescaped; NULL: none */
	size_t npmu;
	int pmu_taken;       /* a conflict took them out (as ctx_taken) */
	uint64_t seed; /* from seed= (0 if absent or bad) */
	int seed_ok;
	/* RUN inputs_seed (input_seed.h): how the blocks' inputs were seeded.
	 * Absent: by block id (older firmware); a word not known here: the
	 * inputs are not recomputed. */
	enum { COLL_SEED_BY_BLOCK, COLL_SEED_BY_NAME, COLL_SEED_UNKNOWN } inputs_seed;
	uint64_t benches_declared;
	int benches_declared_ok;

	struct coll_bench *bench; /* indexed by bench id; have_header tells */
	size_t nbench;

	/* Per seq: a 64-bit hash of the accepted line, 0 if none. Enough to
	 * tell an exact duplicate from a conflict without keeping the text. */
	uint64_t *line;
	/* Per seq: what the accepted line put into the model (coll_note_use:
	 * what kind of thing, its block, first sample and count; 0 for a line
	 * that put nothing there), so a later conflict can take it out again. */
	uint64_t *line_use;
	size_t nline;  /* slots in line[] and line_use[] */
	uint32_t max_seq;

	struct coll_overhead oh[COLL_OH_MAX];
	size_t noh;
	struct coll_tp *tp;     /* TP records in arrival (seq) order */
	size_t ntp, tpcap;
	char *flags[REC_FLAGS_MAX]; /* FLAGS text by id, chunks joined; NULL: none */
	uint64_t flags_taken;       /* bit id: a conflict took that id's text out */
	struct coll_hart *hart; /* HART records in arrival order */
	size_t nhart;
	struct coll_context ctx;
	/* Wire cost: accepted S lines, their bytes (terminator included) and
	 * every accepted machine line's bytes. */
	uint64_t s_lines, s_bytes, s_samples, machine_bytes;
	uint64_t s_lines_enc[2]; /* by encoding: [0] decimal "d", [1] rice "r" */

	/* The run CRC-32 folded in while the samples arrive (coll_crc_advance):
	 * blocks before crc_bench are in, and samples 0..crc_next-1 of it. */
	uint32_t crc_run;
	size_t crc_bench;
	uint64_t crc_next;

	int have_trailer;
	uint32_t trailer_seq;
	uint64_t tr_benches, tr_samples;
	uint32_t tr_crc32;
	char tr_status[24];
	int tr_status_word; /* enum rec_run_status; -1: any other word */

	struct coll_fault fault; /* a FAULT outside any block: the run ended there */
	int fault_taken;         /* a conflict took it out (as ctx_taken) */

	int cut_off; /* a RUN with a new tag came before this run's trailer */
	unsigned long rejected[COLL_REJ_COUNT]; /* lines seen while this run was current */
	char **issue;  /* problems found while reading (conflicts, bad lines) */
	size_t nissue;
	/* Samples taken out again because their line's seq came with other
	 * bytes too (first..last per block, reason "conflict"). */
	struct coll_gap *conflict;
	size_t nconflict;
	/* Lines of no block (TP, OVERHEAD, RUN, ...) that came twice with
	 * other bytes: each is a failure of the run of its own, which the
	 * trailer's status cannot contradict (collector_conflict.c). */
	size_t nrun_conflict;

	/* Filled by collector_finish(). complete: nothing lost, every check
	 * passed. ok: the run itself succeeded (every block's status ok, no
	 * fatal fault); its failures say why not. */
	int complete;
	char **problem;
	size_t nproblem;
	/* Of the problems, those that are not a loss: a conflict, a CRC-valid
	 * line that makes no sense, a CRC-32 or count that does not match.
	 * --allow-partial forgives a loss, never one of these. */
	size_t nbreach;
	int ok;
	char **failure;
	size_t nfailure;
	struct coll_gap *gap;
	size_t ngap;
	uint64_t total_received;
};

struct collector {
	/* framing state */
	char linebuf[WIRE_LINE_MAX];
	size_t linelen;
	int in_machine; /* a prefix was seen on the current line */
	int too_long;   /* the current machine line overflowed linebuf */
	int pending_cr; /* the last read ended with a '\r': a line end, and
			 * the next read's '\n' (if it starts with one) is its other half */
	int cr_ends;    /* a '\r' alone has ended a line: a CR-only stream */
	unsigned prefix_match;

	struct coll_run *runs; /* in order of appearance */
	size_t nruns;

	unsigned long rejected[COLL_REJ_COUNT]; /* all lines, by reason */
	unsigned long orphans_after_run; /* orphans once a RUN had been seen */
	uint64_t bytes;
	uint64_t lines_accepted;
	unsigned long trailers; /* TRAILER lines accepted so far */
	/* Sample slots held by blocks without a BENCH line, in every run:
	 * their store grows with the index a line names, not with the bytes
	 * that came, so it has a budget of its own (collector_samples.c). */
	uint64_t headerless_slots;
	/* Bytes of sample stores mapped at once when allocated (prefault(),
	 * collector_samples.c), in every run: capped, since a BENCH line's
	 * count costs a few bytes on the wire and what it announces may
	 * never come. */
	uint64_t prefaulted;
	int finished;
};

struct collector *collector_new(void);
void collector_free(struct collector *c);
void collector_feed(struct collector *c, const void *bytes, size_t n);
/* End of stream: rejects an unterminated last line, checks every run. */
void collector_finish(struct collector *c);

/* 1 when there is at least one run and every run is complete. */
int collector_all_complete(const struct collector *c);
/* 1 when there is at least one run and every run is ok (see coll_run). */
int collector_all_ok(const struct collector *c);
/* 1 when no run has a problem other than a loss (coll_run.nbreach == 0):
 * what --allow-partial may forgive. */
int collector_all_sound(const struct collector *c);
/* The run in one word: "failed" (a block failed or a value was in
 * conflict), "complete" or "incomplete". */
const char *coll_run_verdict(const struct coll_run *r);

/* ---- derived values (docs/wire-format.md "Derived values") --------------- */

struct coll_derived {
	uint64_t cycles, instret; /* net of the overhead, clamped at 0 */
	unsigned flags;           /* SAMPLE_FLAG_* */
	int warmup;
};

/* Net values, clamp flags and warmup of present sample index (needs
 * b->have_header for meaningful values). */
void coll_derive(const struct coll_run *r, const struct coll_bench *b,
		 uint64_t index, struct coll_derived *d);
/* The seed of b's inputs by the run's rule (RUN inputs_seed, input_seed.h). */
uint64_t coll_bench_input_seed(const struct coll_run *r, const struct coll_bench *b);
/*
 * Inputs of samples 0..n-1 (inputs_fill of the block's kind and seed).
 * Returns how many are known: 0 without the seed or the BENCH header,
 * at most inputs_n.
 */
size_t coll_bench_inputs(const struct coll_run *r, const struct coll_bench *b,
			 uint64_t *out, size_t n);
/* The samples a block really sent: END's count for a block stopped by a
 * fault, a timeout or a failed setup, else warmup + samples. */
uint64_t coll_bench_expected(const struct coll_bench *b);

/*
 * Statistics of one block's non-warmup net cycles, per sample. With batch
 * N > 1 a sample is N calls: min..mad are of the per-sample values and
 * the per-call values are these divided by batch (coll_fmt_per_call).
 */
struct coll_bench_stats {
	uint64_t count, min, max, median, p90, p95, p99, mad;
	uint64_t instret_median;
	uint64_t batch;        /* divisor to get per-call values (>= 1) */
	uint64_t mean_int;     /* per-call mean = mean_int + mean_frac / 1000, */
	unsigned mean_frac;    /* rounded half up to 3 decimals */
	long double stddev;    /* per call: sample standard deviation (n - 1); 0 for n < 2 */
	/* 1 when stddev is defined (n >= 2): that of one value, or of none,
	 * is not 0 but undefined, written as such (an empty field). */
	int have_stddev;
};

/* v / batch: an integer when batch is 1, else with 3 decimals (half up). */
const char *coll_fmt_per_call(char *buf, size_t len, uint64_t v, uint64_t batch);

void coll_bench_stats(const struct coll_run *r, const struct coll_bench *b,
		      struct coll_bench_stats *st);

/* Net value of event k (< b->nev) of sample i: the raw delta less the
 * event's overhead, 0 below it; -1 when that value did not arrive. */
int coll_event_net(const struct coll_bench *b, uint64_t i, unsigned k, uint64_t *out);
/* 1 when event k of sample i arrived below the event's overhead (its net
 * value is the 0 coll_event_net gives), else 0. */
int coll_event_clamped(const struct coll_bench *b, uint64_t i, unsigned k);
/* Index of the block's event called name, or -1. */
int coll_event_index(const struct coll_bench *b, const char *name);

/* Lookup of a RUN header field; NULL when absent. */
const char *coll_run_field(const struct coll_run *r, const char *key);

/* crc32_add_sample() (crc.h) of s[0..n) in order, the same value, computed
 * by ISA-L several GB a second (host only). */
uint32_t coll_crc32_add_samples(uint32_t crc, const struct coll_sample *s, size_t n);

/* Internal, shared by the collector_*.c files. */
/* One machine line from the prefix on, without its terminator; wire_len
 * counts the terminator too (collector_line.c). */
void coll_handle_line(struct collector *c, const char *text, size_t len, size_t wire_len);
/* Counts a line refused before its run is known against the current run. */
void coll_reject_current(struct collector *c, unsigned reason);
void coll_check_run(struct coll_run *r);
enum { COLL_CONFLICT_LINE = 1, COLL_CONFLICT_HEADER = 2 };
/* What an accepted line put into the model, so that a conflict can take
 * it out again (coll_note_use). */
enum coll_use {
	COLL_USE_SAMPLES,  /* S: samples first..first+n-1 of block; n 0 (END,
			    * FAULT, an E line not read): only the block's status */
	COLL_USE_HEADER,   /* the block's BENCH line */
	COLL_USE_TP,       /* a TP record (block COLL_USE_NO_BLOCK) */
	COLL_USE_OVERHEAD, /* an OVERHEAD record (block COLL_USE_NO_BLOCK) */
	/* The run's own records (block COLL_USE_NO_BLOCK); first: the FLAGS
	 * id. */
	COLL_USE_RUN,
	COLL_USE_TRAILER,
	COLL_USE_CTX,
	COLL_USE_CPU,
	COLL_USE_BUILD,
	COLL_USE_FLAGS,
	COLL_USE_PMU,
	COLL_USE_HART,
	COLL_USE_FAULT,    /* a FAULT outside any block */
	COLL_USE_EVENTS,   /* E: pair p of samples first..first+n-1 is
			    * COLL_USE_EVENTS + p */
};
#define COLL_USE_NO_BLOCK UINT32_MAX
/* What the line of seq put into the model (collector_conflict.c). */
void coll_note_use(struct coll_run *r, uint32_t seq, unsigned use, uint32_t block, uint64_t first,
		   uint64_t n);
/* The block's part of what the line of seq put in: 0 with *u filled, or
 * -1 when the line put nothing of a block there (or a conflict took it). */
struct coll_line_use {
	unsigned use; /* enum coll_use */
	uint32_t block;
	uint64_t first, n;
};
int coll_use_of(const struct coll_run *r, uint32_t seq, struct coll_line_use *u);
/* Seq came again with other bytes: what the first copy put in (samples,
 * event values, a TP, OVERHEAD, CTX, CPU, BUILD, FLAGS, PMU or HART
 * record, a FAULT outside any block) is taken out and its block marked, or the run failed for a
 * line of no block (the second copy was never read). A RUN or TRAILER
 * line stays (a run has no other header, and no other count to check
 * against), and the run failed. */
void coll_drop_conflict(struct coll_run *r, uint32_t seq);
/* The line of seq was refused: it put nothing in, and a conflict on it
 * has nothing to take out (the conflict itself is an issue all the same). */
void coll_note_refused(struct coll_run *r, uint32_t seq);
void coll_context_free(struct coll_context *x);
void coll_crc_advance(struct coll_run *r);
char *coll_strdupf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void coll_push_str(char ***v, size_t *n, char *s);
void *coll_xrealloc(void *p, size_t n);

#endif
