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
#define CONFIG_RUN_MAX 128
#define CONFIG_PARAMS_MAX 32
#define CONFIG_NAME_MAX 32

/* Auto warmup: windows of this many samples, until the mean of one window
 * is within CONFIG_WARMUP_TOLERANCE_PPM of the previous window's, at most
 * CONFIG_WARMUP_MAX_WINDOWS windows. */
#define CONFIG_WARMUP_WINDOW 32u
#define CONFIG_WARMUP_TOLERANCE_PPM 10000u /* 1 % */
#define CONFIG_WARMUP_MAX_WINDOWS 64u

#define CONFIG_SWEEP_MAX 24 /* values in one BENCH.PARAM=v1,v2,... list */

struct param_setting {
	char bench[CONFIG_NAME_MAX];
	char param[CONFIG_NAME_MAX];
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
	uint64_t harts;     /* bit per hart id to start; 0 = every S-capable hart */
	int parallel;       /* 1: run each benchmark on every started hart at once */
	int cross;          /* 1: BENCH_MULTI_HART benchmarks run by default; 0 (default): only when named */
	char events[CONFIG_RUN_MAX]; /* hardware events to count beside cycles (pmu_events.h); empty: none */
	unsigned nparams;
	struct param_setting params[CONFIG_PARAMS_MAX];
	unsigned bad_options;
	unsigned explicit_keys; /* CONFIG_SET_* of keys set at run time */
};

/* Keys whose run-time setting overrides a benchmark's own default. */
#define CONFIG_SET_SAMPLES 0x1u
#define CONFIG_SET_WARMUP 0x2u
#define CONFIG_SET_BATCH 0x4u

/* What the configuration needs from the rest of the firmware. */
struct config_hooks {
	void (*complain)(const char *msg);
	/* param == NULL: 0 if a benchmark called bench exists, else 1.
	 * Otherwise checks BENCH.PARAM=value: 0 valid, -1 invalid (*why says why). */
	int (*check_param)(const char *bench, const char *param, int64_t value, const char **why);
};

void config_defaults(struct config *c);

/*
 * Sets one key ("samples", "groups", ... or "BENCH.PARAM") from text. On
 * any error the configuration is unchanged, the error is reported through
 * hooks->complain naming the key, and -1 is returned.
 */
int config_set(struct config *c, const char *key, const char *value, const struct config_hooks *h);

/* Applies every rvbench.* and BENCH.PARAM word of a kernel command line. */
void config_parse_bootargs(struct config *c, const char *bootargs, const struct config_hooks *h);

/* Whether benchmark `name` runs under the rvbench.run= globs. A demo
 * benchmark runs only when a pattern names it exactly. */
int config_selects(const struct config *c, const char *name, int is_demo);
/* Glob match with * and ?. */
int config_glob(const char *pattern, const char *name);

/* The value of BENCH.PARAM if it was set (the first of a list), else def. */
int64_t config_param(const struct config *c, const char *bench, const char *param, int64_t def);
/* The values BENCH.PARAM was set to (*values), and how many; 0 if unset. */
unsigned config_param_list(const struct config *c, const char *bench, const char *param,
			   const int64_t **values);
/* Sets BENCH.PARAM to the one value v in c (for one step of a sweep). */
void config_param_fix(struct config *c, const char *bench, const char *param, int64_t v);

const char *config_exit_name(enum exit_mode m);

#endif
