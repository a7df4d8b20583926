#include "config.h"

#include "harness.h"
#include "lcg.h"

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
		.exit = EXIT_AUTO,
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

static void apply(struct config *c, const char *key, const char *value,
		  void (*complain)(const char *))
{
	char msg[320]; /* key and value are at most 191 bytes together */
	uint64_t v;
	const char *why = NULL;

	if (!strcmp(key, "seed")) {
		if (parse_number(value, 0, UINT64_MAX, &v))
			why = "expected a number (decimal or 0x hex)";
		else
			c->seed = v;
	} else if (!strcmp(key, "samples")) {
		if (parse_number(value, 1, HARNESS_MAX_SAMPLES - 1, &v))
			why = "expected 1..65535";
		else
			c->samples = (uint32_t)v;
	} else if (!strcmp(key, "warmup")) {
		if (parse_number(value, 0, HARNESS_MAX_SAMPLES - 1, &v))
			why = "expected 0..65535";
		else
			c->warmup = (uint32_t)v;
	} else if (!strcmp(key, "exit")) {
		why = "expected auto, reboot, shutdown or park";
		for (unsigned i = 0; i < sizeof(exit_names) / sizeof(exit_names[0]); i++)
			if (!strcmp(value, exit_names[i])) {
				c->exit = (enum exit_mode)i;
				why = NULL;
			}
	} else if (!strcmp(key, "bench")) {
		if (!*value || strlen(value) >= sizeof(c->benches))
			why = "expected a comma-separated list of benchmark names";
		else
			strcpy(c->benches, value);
	} else {
		why = "unknown key (known: seed, samples, warmup, exit, bench)";
	}
	if (why) {
		c->bad_options++;
		snprintf(msg, sizeof(msg), "ignoring rvbench.%s=%s: %s", key, value, why);
		complain(msg);
	}
}

void config_parse(struct config *c, const char *bootargs, void (*complain)(const char *msg))
{
	const char *p = bootargs;

	while (*p) {
		while (*p == ' ' || *p == '\t' || *p == '\n')
			p++;
		const char *word = p;
		while (*p && *p != ' ' && *p != '\t' && *p != '\n')
			p++;
		size_t len = (size_t)(p - word);
		if (len <= strlen(PREFIX) || strncmp(word, PREFIX, strlen(PREFIX)))
			continue;

		char buf[192], msg[240];
		if (len >= sizeof(buf)) {
			c->bad_options++;
			snprintf(msg, sizeof(msg), "ignoring a %u-byte rvbench option: too long", (unsigned)len);
			complain(msg);
			continue;
		}
		memcpy(buf, word + strlen(PREFIX), len - strlen(PREFIX));
		buf[len - strlen(PREFIX)] = '\0';
		char *eq = strchr(buf, '=');
		if (!eq) {
			c->bad_options++;
			snprintf(msg, sizeof(msg), "ignoring rvbench.%s: expected rvbench.KEY=VALUE", buf);
			complain(msg);
			continue;
		}
		*eq = '\0';
		apply(c, buf, eq + 1, complain);
	}
}

int config_selects(const struct config *c, const char *name)
{
	size_t n = strlen(name);

	if (!c->benches[0])
		return 1;
	for (const char *p = c->benches; *p;) {
		const char *comma = strchr(p, ',');
		size_t len = comma ? (size_t)(comma - p) : strlen(p);
		if (len == n && !strncmp(p, name, n))
			return 1;
		p += len + (comma ? 1 : 0);
	}
	return 0;
}
