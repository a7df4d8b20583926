/*
 * Parsing and checking the run-time configuration (config.h), for the
 * firmware and the host's unit tests alike, and the sweep steps it asks
 * for. Longer than 400 lines on purpose: every key's parsing, range check
 * and check against the others sits in this one file, so they are all
 * done the same way and a new key is added in one place.
 */
#include "config.h"

#include "pmu_events.h"

#include "bench_name.h"
#include "lcg.h"
#include "number.h"
#include "rvbench.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#define PREFIX "rvbench."

/* The limits as the error lines name them. */
#define STR(x) #x
#define XSTR(x) STR(x)
_Static_assert(CONFIG_SWEEP_STEPS_MAX == CONFIG_SWEEP_MAX * CONFIG_SWEEP_MAX,
	       "the sweep steps take any two full lists (config.h)");

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

/* num_parse_u64 within [lo, hi]. */
static int parse_number(const char *s, uint64_t lo, uint64_t hi, uint64_t *out)
{
	uint64_t v;
	int rc = num_parse_u64(s, &v);

	if (rc)
		return rc;
	if (v < lo || v > hi)
		return NUM_RANGE;
	*out = v;
	return NUM_OK;
}

/* num_parse_u64's forms after an optional '-'. NUM_RANGE beyond int64_t, with
 * *out the bound it passed: the registry then words the parameter's own
 * range, as for any other value out of it. */
static int parse_i64(const char *s, int64_t *out)
{
	int neg = *s == '-';
	uint64_t m;
	int rc = num_parse_u64(s + neg, &m);

	if (rc == NUM_BAD)
		return rc;
	if (rc == NUM_RANGE || m > (uint64_t)INT64_MAX + (uint64_t)neg) {
		*out = neg ? INT64_MIN : INT64_MAX;
		return NUM_RANGE;
	}
	*out = neg && m ? -(int64_t)(m - 1) - 1 : (int64_t)m;
	return NUM_OK;
}

/* The keys whose values constrain each other (find_clash()). */
enum {
	TK_SAMPLES = 0x1u,
	TK_WARMUP = 0x2u,
	TK_GROUPS = 0x4u,
	TK_INITIAL = 0x8u,
	TK_DELTA = 0x10u,
	TK_SIZE = 0x20u,
};

struct together_key {
	const char *name;
	unsigned bit;
	size_t offset; /* of its uint32_t field */
};

#define TOGETHER_KEY(field, bit) { #field, bit, offsetof(struct config, field) }
static const struct together_key together_keys[] = {
	TOGETHER_KEY(samples, TK_SAMPLES), TOGETHER_KEY(warmup, TK_WARMUP),
	TOGETHER_KEY(groups, TK_GROUPS),   TOGETHER_KEY(initial, TK_INITIAL),
	TOGETHER_KEY(delta, TK_DELTA),     TOGETHER_KEY(size, TK_SIZE),
};

/* key's TK_* bit; 0 for a key that constrains no other. */
static unsigned together_bit(const char *key)
{
	for (unsigned i = 0; i < sizeof(together_keys) / sizeof(together_keys[0]); i++)
		if (!strcmp(key, together_keys[i].name))
			return together_keys[i].bit;
	return 0;
}

/* key's CONFIG_SET_* bit: the keys that override a benchmark's default. */
static unsigned explicit_bit(const char *key)
{
	if (!strcmp(key, "samples"))
		return CONFIG_SET_SAMPLES;
	if (!strcmp(key, "warmup"))
		return CONFIG_SET_WARMUP;
	if (!strcmp(key, "batch"))
		return CONFIG_SET_BATCH;
	if (!strcmp(key, "initial"))
		return CONFIG_SET_INITIAL;
	if (!strcmp(key, "delta"))
		return CONFIG_SET_DELTA;
	if (!strcmp(key, "size"))
		return CONFIG_SET_SIZE;
	return 0;
}

/* The steps of bench's sweep over every combination of its lists (one
 * without any), counted up to one past CONFIG_SWEEP_STEPS_MAX. */
static unsigned list_steps(const struct config *c, const char *bench)
{
	unsigned steps = 1;

	for (unsigned i = 0; i < c->nparams && steps <= CONFIG_SWEEP_STEPS_MAX; i++)
		if (!strcmp(c->params[i].bench, bench))
			steps *= c->params[i].nvalues; /* at most 576 * 24 */
	return steps <= CONFIG_SWEEP_STEPS_MAX ? steps : CONFIG_SWEEP_STEPS_MAX + 1;
}

/* Settings that do not fit together: why, and the keys (TK_*) that take part. */
struct clash {
	const char *why;
	unsigned keys;
};

/* 1 and *k when the keys checked together do not fit, else 0. */
static int find_clash(const struct config *c, struct clash *k)
{
	uint64_t warm = c->warmup_auto ? CONFIG_WARMUP_WINDOW * CONFIG_WARMUP_MAX_WINDOWS : c->warmup;
	uint64_t block = c->groups ? c->size : c->samples;

	if (warm + block > HARNESS_MAX_SAMPLES) {
		k->why = "warmup + samples of one block exceed the 65536-sample buffer";
		/* groups is a cause only when it is on: it makes size, not
		 * samples, the block's count. */
		k->keys = TK_WARMUP | (c->groups ? TK_GROUPS | TK_SIZE : TK_SAMPLES);
		return 1;
	}
	if (c->groups && c->initial + (uint64_t)(c->groups - 1) * c->delta > 1000000) {
		k->why = "the last group's batch (initial + (groups-1)*delta) exceeds 1000000";
		k->keys = TK_GROUPS | TK_INITIAL | TK_DELTA;
		return 1;
	}
	return 0;
}

/* Why bench's lists make too many sweep steps; NULL when they do not.
 * Checked as each list is set, on the command line too: which one is
 * refused then follows the order of the words, but any that apply fit. */
static const char *too_many_steps(const struct config *c, const char *bench)
{
	static char why[160];

	if (list_steps(c, bench) <= CONFIG_SWEEP_STEPS_MAX)
		return NULL;
	snprintf(why, sizeof(why), "a sweep over every combination of %s's lists would be more than "
		 XSTR(CONFIG_SWEEP_STEPS_MAX) " combinations", bench);
	return why;
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

/*
 * The registry's names of BENCH.PARAM (key), split at its first '.', in
 * *bench and *param; NULL, or why there are none. A name is never cut:
 * any length the registry takes works, the word's 191 bytes aside.
 */
static const char *find_key(const char *key, const char **bench, const char **param,
			    const struct config_hooks *h)
{
	char name[BENCH_NAME_MAX + 1];
	const char *dot = strchr(key, '.'), *why;
	size_t blen = (size_t)(dot - key);

	if (!blen || !dot[1])
		return "expected BENCH.PARAM";
	if (blen > BENCH_NAME_MAX)
		return "no benchmark of that name (names are at most " XSTR(BENCH_NAME_MAX) " bytes)";
	memcpy(name, key, blen);
	name[blen] = '\0';
	if (!h->check_param || h->check_param(name, NULL, 0, bench, &why))
		/* "set rvbench.samples 5" at the console, or the prefix twice
		 * on the command line: a setting, not a benchmark, was meant. */
		return strcmp(name, "rvbench") ? "no benchmark of that name"
					       : "no benchmark of that name (a setting is named without"
						 " rvbench. here: samples, not rvbench.samples)";
	*param = dot + 1; /* the registry's copy once a value is checked */
	return NULL;
}

/* value: one number, or a comma-separated list (a sweep), into list[]
 * (*n values), each within BENCH.PARAM's range; *param becomes the
 * registry's copy of the parameter's name. */
static int parse_values(const char *bench, const char **param, const char *value, int64_t *list,
			unsigned *n, const char **why, const struct config_hooks *h)
{
	char buf[CONFIG_WORD_MAX];

	if (strlen(value) >= sizeof(buf)) {
		*why = "too long";
		return -1;
	}
	strcpy(buf, value);
	*n = 0;
	for (char *tok = buf, *next; tok; tok = next) {
		int64_t v;
		next = strchr(tok, ',');
		if (next)
			*next++ = '\0';
		if (*n == CONFIG_SWEEP_MAX) {
			*why = "at most " XSTR(CONFIG_SWEEP_MAX) " values in a sweep";
			return -1;
		}
		int rc = parse_i64(tok, &v);
		if (rc == NUM_BAD) {
			*why = "expected a whole number, or a comma-separated list of them";
			return -1;
		}
		if (h->check_param(bench, *param, v, param, why))
			return -1;
		if (rc == NUM_RANGE) { /* a parameter whose range is int64_t's own */
			*why = "out of the 64-bit range";
			return -1;
		}
		list[(*n)++] = v;
	}
	return 0;
}

/* BENCH.PARAM=VALUE into n. */
static int set_param(struct config *n, const char *key, const char *value, const char **why,
		     const struct config_hooks *h)
{
	const char *bench, *param;
	int64_t list[CONFIG_SWEEP_MAX];
	unsigned nlist, i;

	if ((*why = find_key(key, &bench, &param, h)) != NULL)
		return -1;
	if (parse_values(bench, &param, value, list, &nlist, why, h))
		return -1;
	for (i = 0; i < n->nparams; i++)
		if (!strcmp(n->params[i].bench, bench) && !strcmp(n->params[i].param, param))
			break;
	if (i >= CONFIG_PARAMS_MAX) { /* the spare slot is the sweeps' (config.h) */
		*why = "too many benchmark parameters set (at most " XSTR(CONFIG_PARAMS_MAX) ")";
		return -1;
	}
	n->params[i].bench = bench;
	n->params[i].param = param;
	n->params[i].nvalues = nlist;
	memcpy(n->params[i].values, list, nlist * sizeof(list[0]));
	if (i == n->nparams)
		n->nparams++;
	return (*why = too_many_steps(n, bench)) != NULL ? -1 : 0;
}

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
		*why = "expected a whole number in 0..2^64-1, decimal or 0x hex";
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
			char list[CONFIG_WORD_MAX];
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
		if (!*value) {
			/* Not a quiet "none": "rvbench.events=$EVENTS" with the
			 * variable unset would count no event, unannounced. */
			*why = "expected comma-separated event names, or none";
			return -1;
		}
		if (strlen(value) >= sizeof(n->events)) {
			*why = "too long";
			return -1;
		}
		if (strcmp(value, "none") && pmu_events_parse(value, names, &nev, why))
			return -1;
		strcpy(n->events, strcmp(value, "none") ? value : "");
	} else if (!strcmp(key, "run")) {
		*why = "expected comma-separated benchmark names or globs";
		if (!*value)
			return -1;
		if (strlen(value) >= sizeof(n->run)) {
			static char limit[48];
			snprintf(limit, sizeof(limit), "too long (at most %u bytes)",
				 (unsigned)sizeof(n->run) - 1);
			*why = limit;
			return -1;
		}
		strcpy(n->run, value);
		n->run_refused = 0;
	} else if (strchr(key, '.')) {
		return set_param(n, key, value, why, h);
	} else {
		*why = "unknown key (see `help`)";
		return -1;
	}
	return 0;
}

/* The characters byte ch is shown as: <0xHH> outside printable ASCII.
 * Not \xHH: the collector, which repeats the line on stderr, shows a
 * backslash as \x5c (its own escape), and \x5cx0d reads as nothing. */
static size_t shown_width(unsigned char ch)
{
	return ch >= 0x20 && ch < 0x7f ? 1 : 6;
}

static size_t shown_put(char *out, size_t at, unsigned char ch)
{
	if (shown_width(ch) == 1)
		out[at] = (char)ch;
	else
		snprintf(out + at, 7, "<0x%02x>", ch);
	return at + shown_width(ch);
}

/* The room an error line leaves for the text of its word, whose reason
 * and outcome follow it; at least enough to recognise the word by. */
static size_t shown_room(size_t rest)
{
	return rest + 32 < CONFIG_COMPLAINT_MAX ? CONFIG_COMPLAINT_MAX - rest : 32;
}

/* Why a refused word's text is shown as config_shown() does: a CR in it
 * ended the line early for a terminal and for the collector, which then
 * repeated it without its reason; an ESC drove the terminal; the firmware
 * cuts a line too long for the stream at its end, which lost the reason
 * and the outcome that follow the word. */
const char *config_shown(char *out, const char *s, size_t room)
{
	size_t len = strlen(s), width = 0, at = 0, head = len, tail = len;

	for (size_t i = 0; i < len; i++)
		width += shown_width((unsigned char)s[i]);
	if (width > room) {
		size_t half = (room - 3) / 2;
		for (head = 0, width = 0; width + shown_width((unsigned char)s[head]) <= half; head++)
			width += shown_width((unsigned char)s[head]);
		for (width = 0; width + shown_width((unsigned char)s[tail - 1]) <= half; tail--)
			width += shown_width((unsigned char)s[tail - 1]);
	}
	for (size_t i = 0; i < head; i++)
		at = shown_put(out, at, (unsigned char)s[i]);
	if (head < len) {
		memcpy(out + at, "...", 3);
		at += 3;
	}
	for (size_t i = tail; i < len; i++)
		at = shown_put(out, at, (unsigned char)s[i]);
	out[at] = '\0';
	return out;
}

/*
 * key=value on a copy of c, applied whole or not at all. With `together`,
 * the copy must also fit together (find_clash()); without, the caller
 * checks the combination once it has every word. A refusal is reported
 * naming the key, ending with what it means (`outcome`), and counted.
 */
static int apply(struct config *c, const char *key, const char *value, int together,
		 const char *outcome, const struct config_hooks *h)
{
	/* static: a config (its parameter lists) is large for the 16 KiB
	 * stack of a hart; only the boot hart configures. */
	static struct config next;
	const char *why = NULL;
	struct clash k;
	char msg[CONFIG_COMPLAINT_MAX + 1];

	next = *c;
	int rc = set_key(&next, key, value, &why, h);
	if (rc == 0 && together && find_clash(&next, &k)) {
		why = k.why;
		rc = -1;
	}
	if (rc == 0) {
		next.explicit_keys |= explicit_bit(key);
		next.bad_options = c->bad_options;
		*c = next;
		return 0;
	}
	c->bad_options++;
	char word[CONFIG_WORD_MAX * 2 + 2], text[CONFIG_COMPLAINT_MAX + 1];
	snprintf(word, sizeof(word), "%s=%s", key, value);
	if (!why)
		why = "invalid";
	size_t rest = strlen("error: : ; ") + strlen(why) + strlen(outcome);
	snprintf(msg, sizeof(msg), "error: %s: %s; %s", config_shown(text, word, shown_room(rest)), why,
		 outcome);
	h->complain(msg);
	return rc;
}

int config_set(struct config *c, const char *key, const char *value, const struct config_hooks *h)
{
	return apply(c, key, value, 1, "nothing changed", h);
}

/* Whether word (len bytes, no prefix) is BENCH.PARAM=... of a benchmark
 * that exists: the part before its first '.' names one. */
static int names_benchmark(const char *word, size_t len, const struct config_hooks *h)
{
	char bench[BENCH_NAME_MAX + 1];
	const char *name, *why;
	size_t n = 0;

	while (n < len && word[n] != '.' && word[n] != '=')
		n++;
	if (!h->check_param || n == len || word[n] != '.' || !n || n >= sizeof(bench))
		return 0;
	memcpy(bench, word, n);
	bench[n] = '\0';
	return h->check_param(bench, NULL, 0, &name, &why) == 0;
}

/* An error line built in pieces, cut (never overrun) when too long. */
struct line {
	char text[320];
	size_t len;
};

static void line_add(struct line *l, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void line_add(struct line *l, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	int n = vsnprintf(l->text + l->len, sizeof(l->text) - l->len, fmt, ap);
	va_end(ap);
	if (n > 0)
		l->len += (size_t)n < sizeof(l->text) - l->len ? (size_t)n : sizeof(l->text) - l->len - 1;
}

/* The keys checked together as they were before the last word that set
 * each (before the command line for those it did not set). */
struct before {
	uint32_t field[sizeof(together_keys) / sizeof(together_keys[0])];
	int warmup_auto;
	unsigned explicit_keys;
};

static void remember(struct before *b, const struct config *c)
{
	for (unsigned i = 0; i < sizeof(together_keys) / sizeof(together_keys[0]); i++)
		b->field[i] = *(const uint32_t *)((const char *)c + together_keys[i].offset);
	b->warmup_auto = c->warmup_auto;
	b->explicit_keys = c->explicit_keys;
}

/* For the keys of `keys` (TK_*), b takes their values in now: those from
 * before the word that set them last. */
static void keep_before(struct before *b, const struct before *now, unsigned keys)
{
	for (unsigned i = 0; i < sizeof(together_keys) / sizeof(together_keys[0]); i++) {
		const struct together_key *k = &together_keys[i];
		unsigned e = explicit_bit(k->name);
		if (!(keys & k->bit))
			continue;
		b->field[i] = now->field[i];
		if (k->bit == TK_WARMUP)
			b->warmup_auto = now->warmup_auto;
		b->explicit_keys = (b->explicit_keys & ~e) | (now->explicit_keys & e);
	}
}

/* Puts the keys `keys` (TK_*) back as they were, as one refused
 * combination: one error line naming them, each counted. Returns how many. */
static unsigned revert_keys(struct config *c, const struct before *b, unsigned keys,
			    const char *why, const struct config_hooks *h)
{
	struct line l = { .len = 0 };
	unsigned n = 0;

	line_add(&l, "error:");
	for (unsigned i = 0; i < sizeof(together_keys) / sizeof(together_keys[0]); i++) {
		const struct together_key *k = &together_keys[i];
		uint32_t *field = (uint32_t *)((char *)c + k->offset);
		unsigned e = explicit_bit(k->name);
		if (!(keys & k->bit))
			continue;
		if (k->bit == TK_WARMUP && c->warmup_auto)
			line_add(&l, " %s=auto", k->name);
		else
			line_add(&l, " %s=%lu", k->name, (unsigned long)*field);
		*field = b->field[i];
		if (k->bit == TK_WARMUP)
			c->warmup_auto = b->warmup_auto;
		c->explicit_keys = (c->explicit_keys & ~e) | (b->explicit_keys & e);
		n++;
	}
	if (n) {
		line_add(&l, ": %s; none of these applied", why);
		c->bad_options += n;
		h->complain(l.text);
	}
	return n;
}

/* After the last word: while the keys checked together do not fit, put
 * back those of the clash that the command line set (`set`, TK_*),
 * whatever their order on it. */
static void settle(struct config *c, const struct before *b, unsigned set,
		   const struct config_hooks *h)
{
	struct clash k;

	while (find_clash(c, &k)) {
		if (!revert_keys(c, b, k.keys & set, k.why, h))
			break; /* the clash was there before the command line */
		set &= ~k.keys;
	}
}

/* Whether the n bytes at a are those at b (lower case), ignoring case. */
static int same_letters(const char *a, const char *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if ((a[i] >= 'A' && a[i] <= 'Z' ? a[i] | 0x20 : a[i]) != b[i])
			return 0;
	return 1;
}

/* Whether a (na bytes) is b (nb bytes, lower case), ignoring case, or
 * one typing mistake away from it: a byte wrong, missing or too many, or
 * two neighbours swapped. */
static int one_mistake(const char *a, size_t na, const char *b, size_t nb)
{
	size_t i = 0, n = na < nb ? na : nb;

	while (i < n && same_letters(a + i, b + i, 1))
		i++;
	if (na == nb)
		return i == n || same_letters(a + i + 1, b + i + 1, n - i - 1) ||
		       (i + 1 < n && same_letters(a + i, b + i + 1, 1) &&
			same_letters(a + i + 1, b + i, 1) && same_letters(a + i + 2, b + i + 2, n - i - 2));
	if (na == nb + 1)
		return same_letters(a + i + 1, b + i, nb - i);
	if (na + 1 == nb)
		return same_letters(a + i, b + i + 1, na - i);
	return 0;
}

/*
 * Whether word (len bytes, not ours) was meant to be: its prefix
 * "rvbench" in another case, with a typing mistake, or followed by
 * something else than the '.' ("RVBENCH.samples=5", "rvbnech.run=addi*",
 * "rvbench_samples=5", "RVBENCH"). Ignored as another program's,
 * such a word changed nothing and said nothing: a misspelt rvbench.run=
 * ran the whole suite.
 */
static int misspelt_prefix(const char *word, size_t len)
{
	static const char name[] = "rvbench";
	size_t n = sizeof(name) - 1, head = 0;

	if (len == n && !memcmp(word, name, n))
		return 0; /* the program's name alone, as a command line may begin */
	if (len >= n && same_letters(word, name, n))
		return 1; /* another case or another byte after it: "rvbench." is ours, never here */
	while (head < len && word[head] != '.' && word[head] != '=')
		head++;
	return one_mistake(word, head, name, n);
}

/*
 * Whether the key of word (len bytes), from byte `at` to its '=' or its
 * end, is run or was meant to be: run in another case, or one typing
 * mistake away ("RUN", "rnu", "runs"). Such a key is refused as unknown
 * anyway; what this decides is the outcome, and "rvbench.RUN=crc32" left
 * the selection alone, so the whole suite ran where one benchmark was
 * asked for. No valid key is within one mistake of run.
 */
static int key_means_run(const char *word, size_t len, size_t at)
{
	size_t end = at;

	if (at > len)
		return 0;
	while (end < len && word[end] != '=')
		end++;
	return one_mistake(word + at, end - at, "run", 3);
}

/* Whether the misspelt word (misspelt_prefix()) meant rvbench.run=: its
 * key, after the prefix and the byte that follows it, means run. */
static int misspelt_run(const char *word, size_t len)
{
	size_t key = 0;

	if (len >= strlen(PREFIX) - 1 && same_letters(word, "rvbench", strlen(PREFIX) - 1))
		key = strlen(PREFIX);
	else
		while (key < len && word[key++] != '.')
			;
	return key_means_run(word, len, key);
}

/* One word of the command line (len bytes at word): -1 when it was ours
 * and refused (*run_refused: a rvbench.run= word); else 0, and *set gets
 * the TK_* bit of the key it set. */
static int parse_word(struct config *c, const char *word, size_t len, unsigned *set,
		      int *run_refused, const struct config_hooks *h)
{
	char buf[CONFIG_WORD_MAX], msg[CONFIG_COMPLAINT_MAX + 1], text[CONFIG_COMPLAINT_MAX + 1];
	int ours = len >= strlen(PREFIX) && !strncmp(word, PREFIX, strlen(PREFIX));
	int misspelt = !ours && misspelt_prefix(word, len);
	int run = (ours && key_means_run(word, len, strlen(PREFIX))) ||
		  (misspelt && misspelt_run(word, len));
	/* Selecting everything is the one outcome a refused selection must
	 * not have: a whole suite where a few benchmarks were asked for. */
	const char *outcome = run ? "no benchmark runs" : "nothing changed";

	*run_refused = run;
	if (misspelt) {
		const char *why = "not read: the options are rvbench.KEY=VALUE (a misspelt prefix?)";
		size_t rest = strlen("error: ...: ; ") + strlen(why) + strlen(outcome);
		memcpy(buf, word, len < sizeof(buf) ? len : sizeof(buf) - 1);
		buf[len < sizeof(buf) ? len : sizeof(buf) - 1] = '\0';
		c->bad_options++;
		snprintf(msg, sizeof(msg), "error: %s%s: %s; %s", config_shown(text, buf, shown_room(rest)),
			 len < sizeof(buf) ? "" : "...", why, outcome);
		h->complain(msg);
		return -1;
	}

	if (len >= sizeof(buf)) {
		/* Never cut to fit: a cut word could read as another, valid
		 * one. Refused whole when it is ours (by prefix, or as
		 * BENCH.PARAM= of a benchmark that exists). */
		if (!ours && !names_benchmark(word, len, h))
			return 0;
		c->bad_options++;
		snprintf(msg, sizeof(msg), "error: a %u-byte rvbench option is too long (at most %u"
			 " bytes): not applied%s", (unsigned)len, (unsigned)sizeof(buf) - 1,
			 run ? "; no benchmark runs" : "");
		h->complain(msg);
		return -1;
	}
	size_t skip = ours ? strlen(PREFIX) : 0;
	memcpy(buf, word + skip, len - skip);
	buf[len - skip] = '\0';
	char *eq = strchr(buf, '=');
	if (!eq) {
		/* BENCH.PARAM of a benchmark that exists is ours without the
		 * prefix too: "memcpy.size 4096" (a space for the '=') was
		 * passed over as another program's word, the size left at its
		 * default without a word. */
		if (!ours && !names_benchmark(buf, strlen(buf), h))
			return 0;
		const char *prefix = ours ? PREFIX : "", *form = ours ? PREFIX "KEY=VALUE" : "BENCH.PARAM=VALUE";
		c->bad_options++;
		size_t rest = strlen("error: : expected ; ") + strlen(prefix) + strlen(form) + strlen(outcome);
		snprintf(msg, sizeof(msg), "error: %s%s: expected %s; %s", prefix,
			 config_shown(text, buf, shown_room(rest)), form, outcome);
		h->complain(msg);
		return -1;
	}
	*eq = '\0';
	/* Words without our prefix are ours only as BENCH.PARAM of a
	 * benchmark that exists: the command line is shared. */
	if (!ours && !names_benchmark(buf, strlen(buf), h))
		return 0;
	if (apply(c, buf, eq + 1, 0, outcome, h))
		return -1;
	*set |= together_bit(buf);
	return 0;
}

void config_parse_bootargs(struct config *c, const char *bootargs, const struct config_hooks *h)
{
	struct before b;
	unsigned set = 0; /* TK_* of the keys the words set */
	int run_refused = 0;
	const char *p = bootargs;

	remember(&b, c);
	while (*p) {
		while (*p == ' ' || *p == '\t' || *p == '\n')
			p++;
		const char *word = p;
		while (*p && *p != ' ' && *p != '\t' && *p != '\n')
			p++;
		size_t len = (size_t)(p - word);
		struct before now;
		unsigned this_word = 0;
		int run_word = 0;
		remember(&now, c);
		if (len && parse_word(c, word, len, &this_word, &run_word, h) && run_word)
			run_refused = 1;
		/* A key given twice goes back, if it must, to its earlier word
		 * (samples=100 samples=65500: 100), not to before them all. */
		keep_before(&b, &now, this_word);
		set |= this_word;
	}
	settle(c, &b, set, h);
	/* Whatever the order: a valid rvbench.run= word beside a refused one
	 * is no sign that the refused one's benchmarks were not wanted. */
	if (run_refused)
		c->run_refused = 1;
}

const char *config_unused(const struct config *c, char *buf, size_t n)
{
	static const struct {
		unsigned bit;
		const char *name;
	} keys[] = { { CONFIG_SET_BATCH, "batch" },     { CONFIG_SET_SAMPLES, "samples" },
		     { CONFIG_SET_INITIAL, "initial" }, { CONFIG_SET_DELTA, "delta" },
		     { CONFIG_SET_SIZE, "size" } };
	/* A group sweep takes each group's batch from initial and delta and
	 * its samples from size; without one those three do nothing. */
	unsigned unused = c->explicit_keys & (c->groups ? CONFIG_SET_BATCH | CONFIG_SET_SAMPLES
						      : CONFIG_SET_INITIAL | CONFIG_SET_DELTA |
							CONFIG_SET_SIZE);
	size_t len = 0;

	if (!unused || !n)
		return NULL;
	buf[0] = '\0';
	len = (size_t)snprintf(buf, n, "warning:");
	for (unsigned i = 0; i < sizeof(keys) / sizeof(keys[0]) && len < n; i++)
		if (unused & keys[i].bit)
			len += (size_t)snprintf(buf + len, n - len, " %s=", keys[i].name);
	if (len < n)
		snprintf(buf + len, n - len, "%s",
			 c->groups ? " not used: a group sweep's batches are initial + g * delta, its"
				     " samples per group size="
				   : " not used: they set a group sweep, and groups= is 0");
	return buf;
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
	if (c->run_refused)
		return 0;
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

int config_param_fix(struct config *c, const char *bench, const char *param, int64_t v)
{
	unsigned i;

	for (i = 0; i < c->nparams; i++)
		if (!strcmp(c->params[i].bench, bench) && !strcmp(c->params[i].param, param))
			break;
	if (i == c->nparams) {
		if (i == sizeof(c->params) / sizeof(c->params[0]))
			return -1; /* never silent: a sweep would repeat one value */
		c->params[i].bench = bench;
		c->params[i].param = param;
		c->nparams++;
	}
	c->params[i].nvalues = 1;
	c->params[i].values[0] = v;
	return 0;
}

/* Adds BENCH.PARAM's list to s when it has several values. */
static void sweep_add(struct config_sweep *s, const char *param, const int64_t *values, unsigned n)
{
	s->param[s->nparams] = param;
	s->values[s->nparams] = values;
	s->nvalues[s->nparams] = n;
	s->nparams++;
}

unsigned config_sweep(const struct config *c, const struct bench *b, struct config_sweep *s)
{
	const int64_t *values;
	unsigned steps = 1;

	s->nparams = 0;
	/* Each list is a setting of b, so there are at most as many as the
	 * table holds; their product passed too_many_steps(): at most 576. */
	for (unsigned i = 0; b->params && b->params[i].name && s->nparams < CONFIG_PARAMS_MAX; i++) {
		unsigned n = config_param_list(c, b->name, b->params[i].name, &values);
		if (n > 1) {
			sweep_add(s, b->params[i].name, values, n);
			steps *= n;
		}
	}
	if (s->nparams)
		return steps;
	if (b->sweep.param && b->sweep.n && !config_param_list(c, b->name, b->sweep.param, &values)) {
		sweep_add(s, b->sweep.param, b->sweep.values, b->sweep.n);
		return b->sweep.n;
	}
	return 0;
}

int config_sweep_step(struct config *c, const char *bench, const struct config_sweep *s, unsigned k)
{
	/* Mixed radix, the last parameter the fastest digit. */
	for (unsigned i = s->nparams; i-- > 0;) {
		if (config_param_fix(c, bench, s->param[i], s->values[i][k % s->nvalues[i]]))
			return -1;
		k /= s->nvalues[i];
	}
	return 0;
}
