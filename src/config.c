/*
 * Parsing and checking the run-time configuration (config.h), for the
 * firmware and the host's unit tests alike. Longer than 400 lines on
 * purpose: every key's parsing and range check sits in this one file, so
 * they are all done the same way and a new key is added in one place.
 */
#include "config.h"

#include "pmu_events.h"

#include "lcg.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PREFIX "rvbench."

void config_defaults(struct config *c)
{
	*c = (struct config){
		.seed = LCG_DEFAULT_SEED,
		.samples = CONFIG_DEFAULT_SAMPLES,
		.warmup = CONFIG_DEFAULT_WARMUP,
		.batch = 1,
		.initial = 1,
		.delta = 1,
		.size = 30,
		.counter = COUNTER_PLAIN,
		.exit = EXIT_AUTO,
		.budget_ms = CONFIG_DEFAULT_BUDGET_MS,
		.listen_ms = CONFIG_DEFAULT_LISTEN_MS,
		/* Cross-hart benchmarks only on request: under emulation
		 * (QEMU -icount runs harts in turn) they measure the emulator. */
		.cross = 0,
	};
}

static const char *const exit_names[] = { "auto", "reboot", "shutdown", "park" };

const char *config_exit_name(enum exit_mode m)
{
	return (unsigned)m < sizeof(exit_names) / sizeof(exit_names[0]) ? exit_names[m] : "?";
}

/* Whole-string unsigned number, decimal or 0x hex, within [lo, hi]. */
static int parse_number(const char *s, uint64_t lo, uint64_t hi, uint64_t *out)
{
	char *end;

	if (*s < '0' || *s > '9')
		return -1;
	unsigned long long v = strtoull(s, &end, 0);
	if (*end || v < lo || v > hi)
		return -1;
	*out = v;
	return 0;
}

static int parse_signed(const char *s, int64_t *out)
{
	char *end;

	if (!*s)
		return -1;
	long long v = strtoll(s, &end, 0);
	if (*end)
		return -1;
	*out = v;
	return 0;
}

/* Settings that constrain each other; NULL when consistent. */
static const char *check_together(const struct config *c)
{
	uint64_t warm = c->warmup_auto ? CONFIG_WARMUP_WINDOW * CONFIG_WARMUP_MAX_WINDOWS : c->warmup;
	uint64_t block = c->groups ? c->size : c->samples;

	if (warm + block > HARNESS_MAX_SAMPLES)
		return "warmup + samples of one block exceed the 65536-sample buffer";
	if (c->groups) {
		uint64_t last = c->initial + (uint64_t)(c->groups - 1) * c->delta;
		if (last > 1000000)
			return "the last group's batch (initial + (groups-1)*delta) exceeds 1000000";
	}
	return NULL;
}

struct uint_key {
	const char *name;
	size_t offset;
	uint64_t lo, hi;
};

#define UINT_KEY(field, lo, hi) { #field, offsetof(struct config, field), lo, hi }
static const struct uint_key uint_keys[] = {
	UINT_KEY(samples, 1, HARNESS_MAX_SAMPLES - 1),
	UINT_KEY(batch, 1, 1000000),
	UINT_KEY(groups, 0, 64),
	UINT_KEY(initial, 1, 1000000),
	UINT_KEY(delta, 0, 1000000),
	UINT_KEY(size, 2, HARNESS_MAX_SAMPLES - 1),
	UINT_KEY(budget_ms, 0, 3600000),
	UINT_KEY(listen_ms, 0, 600000),
	UINT_KEY(console, 0, 1),
	UINT_KEY(parallel, 0, 1),
	UINT_KEY(cross, 0, 1),
};

static int set_key(struct config *n, const char *key, const char *value, const char **why,
		   const struct config_hooks *h)
{
	uint64_t v;

	for (unsigned i = 0; i < sizeof(uint_keys) / sizeof(uint_keys[0]); i++) {
		const struct uint_key *k = &uint_keys[i];
		if (strcmp(key, k->name))
			continue;
		if (parse_number(value, k->lo, k->hi, &v)) {
			static char range[64];
			snprintf(range, sizeof(range), "expected a whole number in %llu..%llu",
				 (unsigned long long)k->lo, (unsigned long long)k->hi);
			*why = range;
			return -1;
		}
		if (!strcmp(key, "console"))
			n->console = (int)v;
		else if (!strcmp(key, "parallel"))
			n->parallel = (int)v;
		else if (!strcmp(key, "cross"))
			n->cross = (int)v;
		else
			*(uint32_t *)((char *)n + k->offset) = (uint32_t)v;
		return 0;
	}
	if (!strcmp(key, "seed")) {
		*why = "expected a number (decimal or 0x hex)";
		if (parse_number(value, 0, UINT64_MAX, &v))
			return -1;
		n->seed = v;
	} else if (!strcmp(key, "warmup")) {
		*why = "expected auto or a whole number in 0..65535";
		if (!strcmp(value, "auto")) {
			n->warmup_auto = 1;
		} else {
			if (parse_number(value, 0, HARNESS_MAX_SAMPLES - 1, &v))
				return -1;
			n->warmup = (uint32_t)v;
			n->warmup_auto = 0;
		}
	} else if (!strcmp(key, "counter")) {
		*why = "expected plain or fenced";
		if (!strcmp(value, "plain"))
			n->counter = COUNTER_PLAIN;
		else if (!strcmp(value, "fenced"))
			n->counter = COUNTER_FENCED;
		else
			return -1;
	} else if (!strcmp(key, "exit")) {
		*why = "expected auto, reboot, shutdown or park";
		unsigned i;
		for (i = 0; i < sizeof(exit_names) / sizeof(exit_names[0]); i++)
			if (!strcmp(value, exit_names[i]))
				break;
		if (i == sizeof(exit_names) / sizeof(exit_names[0]))
			return -1;
		n->exit = (enum exit_mode)i;
	} else if (!strcmp(key, "harts")) {
		*why = "expected all, or comma-separated hart ids 0..63";
		uint64_t mask = 0;
		if (strcmp(value, "all")) {
			char list[CONFIG_RUN_MAX];
			if (!*value || strlen(value) >= sizeof(list))
				return -1;
			strcpy(list, value);
			for (char *tok = list, *next; tok; tok = next) {
				next = strchr(tok, ',');
				if (next)
					*next++ = '\0';
				if (parse_number(tok, 0, 63, &v))
					return -1;
				mask |= 1ull << v;
			}
		}
		n->harts = mask;
	} else if (!strcmp(key, "events")) {
		char names[PMU_EVENTS_MAX][PMU_EVENT_NAME_MAX];
		unsigned nev;
		if (strlen(value) >= sizeof(n->events)) {
			*why = "too long";
			return -1;
		}
		if (strcmp(value, "none") && pmu_events_parse(value, names, &nev, why))
			return -1;
		strcpy(n->events, strcmp(value, "none") ? value : "");
	} else if (!strcmp(key, "run")) {
		*why = "expected comma-separated benchmark names or globs";
		if (!*value || strlen(value) >= sizeof(n->run))
			return -1;
		strcpy(n->run, value);
	} else if (strchr(key, '.')) {
		const char *dot = strchr(key, '.');
		char bench[CONFIG_NAME_MAX];
		int64_t sv;
		size_t blen = (size_t)(dot - key);
		if (blen == 0 || blen >= sizeof(bench) || !dot[1] || strlen(dot + 1) >= CONFIG_NAME_MAX) {
			*why = "expected BENCH.PARAM";
			return -1;
		}
		memcpy(bench, key, blen);
		bench[blen] = '\0';
		if (!h->check_param || h->check_param(bench, NULL, 0, why)) {
			*why = "no benchmark of that name";
			return -1;
		}
		int64_t list[CONFIG_SWEEP_MAX];
		unsigned nlist = 0;
		char buf[192];
		if (strlen(value) >= sizeof(buf)) {
			*why = "too long";
			return -1;
		}
		strcpy(buf, value);
		/* one value, or a comma-separated list: a sweep */
		for (char *tok = buf, *next; tok; tok = next) {
			next = strchr(tok, ',');
			if (next)
				*next++ = '\0';
			if (nlist == CONFIG_SWEEP_MAX) {
				*why = "at most 24 values in a sweep";
				return -1;
			}
			if (parse_signed(tok, &sv)) {
				*why = "expected a whole number, or a comma-separated list of them";
				return -1;
			}
			if (h->check_param(bench, dot + 1, sv, why))
				return -1;
			list[nlist++] = sv;
		}
		unsigned i;
		for (i = 0; i < n->nparams; i++)
			if (!strcmp(n->params[i].bench, bench) && !strcmp(n->params[i].param, dot + 1))
				break;
		if (i == CONFIG_PARAMS_MAX) {
			*why = "too many benchmark parameters set (at most 32)";
			return -1;
		}
		strcpy(n->params[i].bench, bench);
		strcpy(n->params[i].param, dot + 1);
		n->params[i].nvalues = nlist;
		memcpy(n->params[i].values, list, nlist * sizeof(list[0]));
		if (i == n->nparams)
			n->nparams++;
	} else {
		*why = "unknown key (see `help`)";
		return -1;
	}
	return 0;
}

int config_set(struct config *c, const char *key, const char *value, const struct config_hooks *h)
{
	/* static: a config (its parameter lists) is large for the 16 KiB
	 * stack of a hart; only the boot hart configures. */
	static struct config next;
	const char *why = NULL;

	next = *c;
	char msg[320];

	int rc = set_key(&next, key, value, &why, h);
	if (rc == 0 && (why = check_together(&next)) != NULL)
		rc = -1;
	if (rc == 0) {
		if (!strcmp(key, "samples"))
			next.explicit_keys |= CONFIG_SET_SAMPLES;
		else if (!strcmp(key, "warmup"))
			next.explicit_keys |= CONFIG_SET_WARMUP;
		else if (!strcmp(key, "batch"))
			next.explicit_keys |= CONFIG_SET_BATCH;
		next.bad_options = c->bad_options;
		*c = next;
		return 0;
	}
	c->bad_options++;
	snprintf(msg, sizeof(msg), "error: %s=%s: %s; nothing changed", key, value,
		 why ? why : "invalid");
	h->complain(msg);
	return rc;
}

/* Whether word (len bytes, no prefix) is BENCH.PARAM=... of a benchmark
 * that exists: the part before its first '.' names one. */
static int names_benchmark(const char *word, size_t len, const struct config_hooks *h)
{
	char bench[80];
	const char *why;
	size_t n = 0;

	while (n < len && word[n] != '.' && word[n] != '=')
		n++;
	if (!h->check_param || n == len || word[n] != '.' || !n || n >= sizeof(bench))
		return 0;
	memcpy(bench, word, n);
	bench[n] = '\0';
	return h->check_param(bench, NULL, 0, &why) == 0;
}

void config_parse_bootargs(struct config *c, const char *bootargs, const struct config_hooks *h)
{
	const char *p = bootargs;

	while (*p) {
		while (*p == ' ' || *p == '\t' || *p == '\n')
			p++;
		const char *word = p;
		while (*p && *p != ' ' && *p != '\t' && *p != '\n')
			p++;
		size_t len = (size_t)(p - word);
		if (!len)
			continue;

		char buf[192], msg[240];
		int ours = len > strlen(PREFIX) && !strncmp(word, PREFIX, strlen(PREFIX));
		if (len >= sizeof(buf)) {
			/* Never cut to fit: a cut word could read as another, valid
			 * one. Refused whole when it is ours (by prefix, or as
			 * BENCH.PARAM= of a benchmark that exists). */
			if (ours || names_benchmark(word, len, h)) {
				c->bad_options++;
				snprintf(msg, sizeof(msg), "error: a %u-byte rvbench option is too long"
					 " (at most %u bytes): not applied", (unsigned)len,
					 (unsigned)sizeof(buf) - 1);
				h->complain(msg);
			}
			continue;
		}
		size_t skip = ours ? strlen(PREFIX) : 0;
		memcpy(buf, word + skip, len - skip);
		buf[len - skip] = '\0';
		char *eq = strchr(buf, '=');
		if (!eq) {
			if (ours) {
				c->bad_options++;
				snprintf(msg, sizeof(msg), "error: rvbench.%s: expected rvbench.KEY=VALUE", buf);
				h->complain(msg);
			}
			continue;
		}
		*eq = '\0';
		/* Words without our prefix are ours only as BENCH.PARAM of a
		 * benchmark that exists: the command line is shared. */
		if (!ours) {
			char *dot = strchr(buf, '.');
			const char *why;
			if (!dot || !h->check_param)
				continue;
			*dot = '\0';
			int exists = h->check_param(buf, NULL, 0, &why) == 0;
			*dot = '.';
			if (!exists)
				continue;
		}
		config_set(c, buf, eq + 1, h);
	}
}

int config_glob(const char *pat, const char *name)
{
	/* Iterative matcher with one backtrack point: linear enough for names. */
	const char *star = NULL, *resume = NULL;

	while (*name) {
		if (*pat == '*') {
			star = pat++;
			resume = name;
		} else if (*pat == '?' || *pat == *name) {
			pat++;
			name++;
		} else if (star) {
			pat = star + 1;
			name = ++resume;
		} else {
			return 0;
		}
	}
	while (*pat == '*')
		pat++;
	return *pat == '\0';
}

int config_selects(const struct config *c, const char *name, int is_demo)
{
	if (!c->run[0])
		return !is_demo;
	for (const char *p = c->run; *p;) {
		const char *comma = strchr(p, ',');
		size_t len = comma ? (size_t)(comma - p) : strlen(p);
		char pat[CONFIG_RUN_MAX];
		memcpy(pat, p, len);
		pat[len] = '\0';
		if (is_demo ? !strcmp(pat, name) : config_glob(pat, name))
			return 1;
		p += len + (comma ? 1 : 0);
	}
	return 0;
}

unsigned config_param_list(const struct config *c, const char *bench, const char *param,
			   const int64_t **values)
{
	for (unsigned i = 0; i < c->nparams; i++)
		if (!strcmp(c->params[i].bench, bench) && !strcmp(c->params[i].param, param)) {
			*values = c->params[i].values;
			return c->params[i].nvalues;
		}
	return 0;
}

int64_t config_param(const struct config *c, const char *bench, const char *param, int64_t def)
{
	const int64_t *v;

	return config_param_list(c, bench, param, &v) ? v[0] : def;
}

void config_param_fix(struct config *c, const char *bench, const char *param, int64_t v)
{
	unsigned i;

	for (i = 0; i < c->nparams; i++)
		if (!strcmp(c->params[i].bench, bench) && !strcmp(c->params[i].param, param))
			break;
	if (i == CONFIG_PARAMS_MAX)
		return;
	if (i == c->nparams) {
		c->nparams++;
		strncpy(c->params[i].bench, bench, CONFIG_NAME_MAX - 1);
		strncpy(c->params[i].param, param, CONFIG_NAME_MAX - 1);
	}
	c->params[i].nvalues = 1;
	c->params[i].values[0] = v;
}
