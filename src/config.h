/*
 * Run-time configuration, the same from both places it can come from: the
 * kernel command line (/chosen/bootargs: "rvbench.KEY=VALUE" and
 * "BENCH.PARAM=VALUE" words) and the UART console ("set KEY VALUE").
 * Every value is range-checked; a bad one is reported by name and changes
 * nothing, and settings that only make sense together (the group sweep)
 * are checked together, so nothing runs with a half-applied configuration.
 */
#ifndef RVBENCH_CONFIG_H
#define RVBENCH_CONFIG_H

#include <stdint.h>

#include "harness.h"

struct bench;

enum exit_mode {
	EXIT_AUTO,     /* try SBI shutdown (QEMU virt), else park */
	EXIT_REBOOT,   /* SBI cold reboot: leaves QEMU sifive_u under -no-reboot */
	EXIT_SHUTDOWN, /* SBI shutdown, else park */
	EXIT_PARK      /* stop here; the UART stays readable (a board) */
};

#define CONFIG_DEFAULT_SAMPLES 1000u
#define CONFIG_DEFAULT_WARMUP 100u
#define CONFIG_DEFAULT_BUDGET_MS 10000u
#define CONFIG_DEFAULT_LISTEN_MS 300u
/* A command-line word of CONFIG_WORD_MAX bytes or more is refused
 * (config.c), so whatever value one word carries (a rvbench.run= list)
 * fits whole. */
#define CONFIG_WORD_MAX 192
#define CONFIG_RUN_MAX CONFIG_WORD_MAX
/* The longest complaint (config_hooks.complain) the firmware's human line
 * (STREAM_SAY_MAX, 253 bytes) holds whole after its "rvbench: ": a refused
 * word's text is shown cut in its middle to fit (config.c). */
#define CONFIG_COMPLAINT_MAX 244
#define CONFIG_EVENTS_MAX 128 /* 4 names (pmu_events.h) and their commas */
#define CONFIG_PARAMS_MAX 32 /* BENCH.PARAM settings at once */

/* Auto warmup: windows of this many samples, until the mean of one window
 * is within CONFIG_WARMUP_TOLERANCE_PPM of the previous window's, at most
 * CONFIG_WARMUP_MAX_WINDOWS windows. */
#define CONFIG_WARMUP_WINDOW 32u
#define CONFIG_WARMUP_TOLERANCE_PPM 10000u /* 1 % */
#define CONFIG_WARMUP_MAX_WINDOWS 64u

#define CONFIG_SWEEP_MAX 24 /* values in one BENCH.PARAM=v1,v2,... list */
/* Steps of one benchmark's sweep over every combination of its lists
 * (each a block, times the groups of a group sweep and the harts of a
 * parallel run): CONFIG_SWEEP_MAX squared, any two full lists. */
#define CONFIG_SWEEP_STEPS_MAX 576

struct param_setting {
	/* The registry's own names (config_hooks.check_param), not copies:
	 * no length to cut them at, and a configuration stays small. */
	const char *bench;
	const char *param;
	unsigned nvalues;        /* 1, or more for a sweep */
	int64_t values[CONFIG_SWEEP_MAX];
};

struct config {
	uint64_t seed;
	uint32_t samples;  /* per block, warmup excluded */
	uint32_t warmup;   /* fixed warmup samples (when !warmup_auto) */
	int warmup_auto;
	uint32_t batch;    /* calls per sample outside group sweeps */
	uint32_t groups;   /* 0: no sweep; else G groups of `size` samples, */
	uint32_t initial;  /* batch initial + g * delta for group g */
	uint32_t delta;
	uint32_t size;
	enum counter_mode counter;
	enum exit_mode exit;
	uint32_t budget_ms; /* watchdog per benchmark; 0 = off */
	int console;        /* 1: wait at the prompt until "run" */
	uint32_t listen_ms; /* how long the prompt waits for a first byte */
	char run[CONFIG_RUN_MAX]; /* comma-separated globs; empty = every non-demo */
	int run_refused;    /* 1: a rvbench.run= word was refused: select nothing, not everything */
	uint64_t harts;     /* bit per hart id to start; 0 = every S-capable hart */
	int parallel;       /* 1: run each benchmark on every started hart at once */
	int cross;          /* 1: BENCH_MULTI_HART benchmarks run by default; 0 (default): only when named */
	char events[CONFIG_EVENTS_MAX]; /* hardware events to count beside cycles (pmu_events.h); empty: none */
	unsigned nparams;
	/* One more than can be set: the step of a default sweep fixes its
	 * parameter in a copy (config_sweep_step) even when all
	 * CONFIG_PARAMS_MAX settable ones are taken. */
	struct param_setting params[CONFIG_PARAMS_MAX + 1];
	unsigned bad_options;
	unsigned explicit_keys; /* CONFIG_SET_* of keys set at run time */
};

/* Keys whose run-time setting overrides a benchmark's own default. */
#define CONFIG_SET_SAMPLES 0x1u
#define CONFIG_SET_WARMUP 0x2u
#define CONFIG_SET_BATCH 0x4u
#define CONFIG_SET_INITIAL 0x8u
#define CONFIG_SET_DELTA 0x10u
#define CONFIG_SET_SIZE 0x20u

/* What the configuration needs from the rest of the firmware. */
struct config_hooks {
	void (*complain)(const char *msg);
	/* param == NULL: 0 if a benchmark called bench exists, else 1.
	 * Otherwise checks BENCH.PARAM=value: 0 valid, -1 invalid (*why says
	 * why). On 0, *name is the registry's own copy of the name found
	 * (bench's, or param's), which lives as long as the firmware. */
	int (*check_param)(const char *bench, const char *param, int64_t value, const char **name,
			   const char **why);
};

void config_defaults(struct config *c);

/*
 * Sets one key ("samples", "groups", ... or "BENCH.PARAM") from text. On
 * any error the configuration is unchanged, the error is reported through
 * hooks->complain naming the key, and -1 is returned.
 */
int config_set(struct config *c, const char *key, const char *value, const struct config_hooks *h);

/*
 * Applies every rvbench.* and BENCH.PARAM word of a kernel command line.
 * Each word is checked alone as config_set() does, but warmup, samples
 * and the group sweep's keys, which depend on each other, are checked
 * once every word is read, so their order does not matter; when they do
 * not fit together none of those words applies (each is reported and
 * counted). A refused rvbench.run= selects no benchmark, not every one.
 */
void config_parse_bootargs(struct config *c, const char *bootargs, const struct config_hooks *h);

/* Whether benchmark `name` runs under the rvbench.run= globs (none after
 * a refused rvbench.run=). A demo benchmark runs only when a pattern
 * names it exactly. */
int config_selects(const struct config *c, const char *name, int is_demo);
/* Glob match with * and ?. */
int config_glob(const char *pattern, const char *name);

/* Keys set explicitly (command line or console) that c does not use:
 * batch= and samples= in a group sweep, initial=, delta= and size= without
 * one. Accepted, since a --matrix may sweep groups= over 0 and N with one
 * size=, but said: a setting that changes nothing must not pass for one
 * that took effect. A line in buf[n] ("warning: ..."), or NULL. */
const char *config_unused(const struct config *c, char *buf, size_t n);

/* The value of BENCH.PARAM if it was set (the first of a list), else def. */
int64_t config_param(const struct config *c, const char *bench, const char *param, int64_t def);
/* The values BENCH.PARAM was set to (*values), and how many; 0 if unset. */
unsigned config_param_list(const struct config *c, const char *bench, const char *param,
			   const int64_t **values);
/* Sets BENCH.PARAM to the one value v in c (for one step of a sweep);
 * bench and param must be the registry's own names (they are kept). -1,
 * c unchanged, when the parameter is new and the table (the spare slot
 * included) is full. */
int config_param_fix(struct config *c, const char *bench, const char *param, int64_t v);

/*
 * A benchmark's sweep under a configuration. Every parameter given a
 * run-time list (BENCH.PARAM=a,b,c) is swept, over every combination of
 * the lists (the first declared parameter outermost, the last changing
 * at each step); without any list, the benchmark's own default sweep,
 * unless its parameter was set at run time.
 */
struct config_sweep {
	unsigned nparams;                  /* parameters swept */
	const char *param[CONFIG_PARAMS_MAX];
	const int64_t *values[CONFIG_PARAMS_MAX];
	unsigned nvalues[CONFIG_PARAMS_MAX];
};
/* The steps bench is swept over, in *s: every combination of its run-time
 * lists (BENCH.PARAM=a,b,c; none cut to its first value), else its own
 * default sweep. Returns the number of steps (blocks), 0 for no sweep. */
unsigned config_sweep(const struct config *c, const struct bench *b, struct config_sweep *s);
/* Fixes in c every swept parameter of bench to its value at step k of s.
 * Cannot fail on a copy of the configuration s was made from, thanks to
 * the spare slot: only a default sweep's parameter is new there. */
int config_sweep_step(struct config *c, const char *bench, const struct config_sweep *s, unsigned k);

const char *config_exit_name(enum exit_mode m);

/* Text from outside (a word, a value) as an error line shows it, in out
 * (room + 1 bytes; room at least 3): a byte outside printable ASCII as
 * <0xHH>, and a text wider than room cut in its middle ("head...tail"). */
const char *config_shown(char *out, const char *s, size_t room);

#endif
