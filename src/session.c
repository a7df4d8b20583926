/*
 * The UART console, rvbench's counterpart of kbench's sysfs files: after
 * the banner the firmware shows a prompt and listens briefly (forever with
 * rvbench.console=1). A key pressed in that window (a printable character,
 * Enter, or the ESC of an arrow key; other bytes are line noise) opens
 * the console; otherwise the
 * run starts with the configuration from the command line.
 *
 * Commands (one per line, or several separated by ';'):
 *   help | list | show | set KEY VALUE | run [GLOB] | reboot | exit
 */
#include "session.h"

#include "console.h"
#include "csr.h"
#include "registry.h"
#include "run.h"
#include "stream.h"

#include <stdio.h>
#include <string.h>

_Static_assert(CONFIG_COMPLAINT_MAX + sizeof("rvbench: ") - 1 <= STREAM_SAY_MAX,
	       "a complaint fits the human line whole after main.c's prefix");

#define LINE_MAX_LEN 160
#define PROMPT "rvbench> "

enum verdict { STAY, LEAVE };

static void show(const struct config *c)
{
	char warm[24];

	if (c->warmup_auto)
		snprintf(warm, sizeof(warm), "auto");
	else
		snprintf(warm, sizeof(warm), "%lu", (unsigned long)c->warmup);
	stream_say("seed=0x%llx samples=%lu warmup=%s batch=%lu counter=%s",
		   (unsigned long long)c->seed, (unsigned long)c->samples, warm,
		   (unsigned long)c->batch, counter_mode_name(c->counter));
	stream_say("groups=%lu initial=%lu delta=%lu size=%lu budget_ms=%lu exit=%s run=%s",
		   (unsigned long)c->groups, (unsigned long)c->initial, (unsigned long)c->delta,
		   (unsigned long)c->size, (unsigned long)c->budget_ms, config_exit_name(c->exit),
		   c->run_refused ? "(none: the command line's was refused)"
		   : c->run[0]	  ? c->run
				  : "(all but demos)");
	stream_say("events=%s", c->events[0] ? c->events : "none");
	for (unsigned i = 0; i < c->nparams; i++) {
		char list[128];
		size_t len = 0;
		unsigned k = 0, n = c->params[i].nvalues;
		/* Room for the names and the cut marker within one line
		 * (STREAM_SAY_MAX): long names leave less for the values. */
		size_t names = strlen(c->params[i].bench) + strlen(c->params[i].param) + 24;
		size_t room = names < STREAM_SAY_MAX - sizeof(list) ? sizeof(list)
				: names < STREAM_SAY_MAX - 24 ? STREAM_SAY_MAX - names : 24;
		for (; k < n && len + 24 < room; k++)
			len += (size_t)snprintf(list + len, sizeof(list) - len, "%s%lld", k ? "," : "",
						(long long)c->params[i].values[k]);
		if (k < n) /* a line of its own would be too long: say it is cut */
			stream_say("%s.%s=%s,... (%u values)", c->params[i].bench, c->params[i].param,
				   list, n);
		else
			stream_say("%s.%s=%s", c->params[i].bench, c->params[i].param, len ? list : "");
	}
}

static void list(const struct config *c)
{
	for (size_t i = 0; i < registry_count(); i++) {
		const struct bench *b = registry_get(i);
		int demo = !!(b->flags & BENCH_DEMO);
		stream_say("%-20s %s%s%s", b->name, registry_selected(c, b) ? "* " : "  ",
			   b->description ? b->description : "", demo ? " (demo: runs only by name)" : "");
		for (unsigned k = 0; b->params && b->params[k].name; k++)
			stream_say("%22s.%s = %lld (%lld..%lld) %s", "", b->params[k].name,
				   (long long)config_param(c, b->name, b->params[k].name, b->params[k].def),
				   (long long)b->params[k].min, (long long)b->params[k].max,
				   b->params[k].help ? b->params[k].help : "");
	}
}

static void help(void)
{
	stream_say("commands:");
	stream_say("  help              this text");
	stream_say("  list              benchmarks (* = selected) and their parameters");
	stream_say("  show              the configuration");
	stream_say("  set KEY VALUE     samples, warmup (N|auto), batch, groups, initial, delta, size,");
	stream_say("                    seed, counter (plain|fenced), budget_ms, run (globs), exit,");
	stream_say("                    cross (0|1), parallel (0|1), events (NAME,...|none),");
	stream_say("                    or BENCH.PARAM");
	stream_say("  run [GLOB]        one run (of the benchmarks matching GLOB)");
	stream_say("  reboot            SBI reboot");
	stream_say("  exit              end the session (as rvbench.exit= says)");
}

/* Whether any benchmark runs under c. */
static int selects_any(const struct config *c)
{
	for (size_t i = 0; i < registry_count(); i++)
		if (registry_selected(c, registry_get(i)))
			return 1;
	return 0;
}

/*
 * Each pattern of c's run= list that selects no benchmark, said as an
 * error: "addi100,lpm_lokup" would otherwise run addi100 alone, without a
 * word, as if lpm_lokup had been run. Counted in the run's header (only
 * that run's: c is its copy), so the collector exits 2 as for any option
 * refused. A list that selects nothing at all is run.c's to say.
 */
static void check_patterns(struct config *c)
{
	static struct config one; /* static: a config is large for a stack */
	unsigned bad = 0;

	if (c->run_refused || !c->run[0] || !selects_any(c))
		return;
	one = *c;
	for (const char *p = c->run; *p;) {
		size_t len = strcspn(p, ",");
		/* An empty pattern (a doubled comma) names no benchmark. */
		if (len) {
			memcpy(one.run, p, len);
			one.run[len] = '\0';
			if (!selects_any(&one)) {
				char text[100];
				stream_say("rvbench: error: run=: '%s' selects no benchmark (demos, and"
					   " cross-hart benchmarks without cross=1, only by exact name;"
					   " see `list`); the others run",
					   config_shown(text, one.run, sizeof(text) - 1));
				bad++;
			}
		}
		p += len + (p[len] == ',');
	}
	c->bad_options += bad;
}

/* run(c), after the check of its selection. */
static void start(const struct config *c, void (*run)(const struct config *))
{
	static struct config checked; /* static: a config is large for a stack */

	checked = *c;
	check_patterns(&checked);
	run(&checked);
}

static char *next_word(char **p)
{
	while (**p == ' ' || **p == '\t')
		(*p)++;
	if (!**p)
		return NULL;
	char *w = *p;
	while (**p && **p != ' ' && **p != '\t')
		(*p)++;
	if (**p)
		*(*p)++ = '\0';
	return w;
}

/* The keys used once, at boot: the harts started, the console and its
 * listening window. */
static int boot_only(const char *key)
{
	return !strcmp(key, "harts") || !strcmp(key, "console") || !strcmp(key, "listen_ms");
}

static enum verdict execute(char *cmd, struct config *c, const struct config_hooks *h,
			    void (*run)(const struct config *))
{
	char *p = cmd;
	char *verb = next_word(&p);

	if (!verb)
		return STAY;
	char *a1 = next_word(&p), *a2 = next_word(&p), *extra = next_word(&p);

	if (!strcmp(verb, "help") && !a1) {
		help();
	} else if (!strcmp(verb, "list") && !a1) {
		list(c);
	} else if (!strcmp(verb, "show") && !a1) {
		show(c);
	} else if (!strcmp(verb, "set") && a1 && boot_only(a1)) {
		/* Read once, at boot: a new value here would be shown but
		 * never used. */
		stream_say("rvbench: error: %s: read once at boot; set it on the kernel command line "
			   "(rvbench.%s=)", a1, a1);
	} else if (!strcmp(verb, "set") && a1 && a2 && !extra) {
		/* The console answers each error at once; the run header's
		 * bad_options counts the command line's alone, so that a
		 * mistake typed here does not mark every later run. */
		uint32_t bad = c->bad_options;
		int rc = config_set(c, a1, a2, h);
		c->bad_options = bad;
		if (rc == 0) {
			if (!strcmp(a1, "exit"))
				run_set_exit_mode(c->exit); /* read once at boot otherwise */
			stream_say("ok: %s=%s", a1, a2);
		}
	} else if (!strcmp(verb, "run") && !a2) {
		static struct config once; /* static: a config is large for a stack */
		once = *c;
		if (a1 && config_set(&once, "run", a1, h))
			return STAY;
		start(&once, run);
	} else if (!strcmp(verb, "reboot") && !a1) {
		run_reboot();
	} else if (!strcmp(verb, "exit") && !a1) {
		return LEAVE;
	} else if (!strcmp(verb, "help") || !strcmp(verb, "list") || !strcmp(verb, "show") ||
		   !strcmp(verb, "set") || !strcmp(verb, "run") || !strcmp(verb, "reboot") ||
		   !strcmp(verb, "exit")) {
		stream_say("rvbench: error: %s: wrong arguments (try help)", verb);
	} else {
		stream_say("rvbench: error: unknown command '%s' (try help)", verb);
	}
	return STAY;
}

/*
 * Waits up to ms for a key: a printable character, a line end or the ESC
 * that starts an arrow or function key. Other
 * bytes (a NUL or 0xff when a USB serial adapter is plugged in or reset,
 * bytes left in the FIFO) are line noise, not a person: they must not
 * hold an unattended run at the prompt for good. -1 when no key came.
 */
static int wait_key(uint32_t ms, uint64_t timebase_hz)
{
	if (!timebase_hz)
		timebase_hz = 1000000; /* unknown: assume the FU540's 1 MHz */
	uint64_t deadline = read_time() + (uint64_t)ms * timebase_hz / 1000;

	do {
		int ch = console_getc();
		if (ch == '\r' || ch == '\n' || ch == 0x1b || (ch >= 0x20 && ch < 0x7f))
			return ch; /* ESC: an arrow or function key */
	} while (read_time() < deadline);
	return -1;
}

/*
 * Escape sequences (an arrow key sends ESC [ A) are dropped whole, not
 * typed: ESC, then '[' or 'O' and any parameter bytes up to the final
 * byte (0x40..0x7e), or ESC and one other printable byte. A control byte
 * (Enter, Backspace) ends a sequence cut short and is handled as itself;
 * another ESC starts a new one. Returns 1 while ch belongs to one.
 */
static int in_escape(int *state, int ch)
{
	if (*state && ch == 0x1b) { /* ESC again (Alt+arrow): a new sequence */
		*state = 1;
		return 1;
	}
	if (*state && (ch < 0x20 || ch == 0x7f)) {
		*state = 0; /* Enter or Backspace ends a sequence cut short, and counts */
		return 0;
	}
	if (*state == 0) {
		*state = ch == 0x1b;
		return *state;
	}
	if (*state == 1 && (ch == '[' || ch == 'O')) {
		*state = 2;
		return 1;
	}
	if (*state == 2 && !(ch >= 0x40 && ch <= 0x7e))
		return 1; /* a parameter or intermediate byte */
	*state = 0; /* the final byte, or the one after a lone ESC */
	return 1;
}

/* The line being typed at the console. */
struct line_in {
	char text[LINE_MAX_LEN];
	size_t len;
	int overflow; /* longer than text holds: refused whole */
	/* The first byte of the line the console does not take (-1: none):
	 * dropping it would run another command than the one typed ("1é00"
	 * as 100), so the whole line is refused instead. */
	int foreign;
};

/* One byte of a line (not Enter, Backspace or part of an escape sequence). */
static void take(struct line_in *in, int ch)
{
	if (ch == '\t')
		ch = ' '; /* a tab separates words as a space does */
	if (ch < 0x20 || ch >= 0x7f) {
		if (in->foreign < 0)
			in->foreign = ch; /* line noise, a UTF-8 byte */
	} else if (in->len + 1 < sizeof(in->text)) {
		in->text[in->len++] = (char)ch;
		console_putc((char)ch);
	} else {
		in->overflow = 1;
	}
}

void session_run(struct config *c, const struct config_hooks *h, uint64_t timebase_hz,
		 void (*run)(const struct config *))
{
	struct line_in in = { .foreign = -1 };
	int last = 0, escape = 0;

	if (!c->console) {
		if (!c->listen_ms) {
			start(c, run);
			return;
		}
		stream_say("rvbench: press a key within %lu ms for the console", (unsigned long)c->listen_ms);
		console_puts(PROMPT);
		int ch = wait_key(c->listen_ms, timebase_hz);
		if (ch < 0) {
			console_puts("\r\n");
			start(c, run);
			return;
		}
		if (ch != '\r' && ch != '\n' && !in_escape(&escape, ch))
			take(&in, ch);
	} else {
		stream_say("rvbench: console (type help)");
		console_puts(PROMPT);
	}

	for (;;) {
		int ch = console_getc();
		if (ch < 0 || in_escape(&escape, ch))
			continue;
		int crlf = ch == '\n' && last == '\r'; /* one line end, not two */
		last = ch;
		if (crlf)
			continue;
		if (ch == '\r' || ch == '\n') {
			console_puts("\r\n");
			in.text[in.len] = '\0';
			if (in.overflow) {
				stream_say("rvbench: error: line longer than %u characters ignored", LINE_MAX_LEN - 1);
			} else if (in.foreign >= 0) {
				stream_say("rvbench: error: line with byte 0x%02x (only printable ASCII is"
					   " taken) ignored", (unsigned)in.foreign);
			} else {
				/* "set samples 5000; run lpm*": each part in turn. */
				char *part = in.text;
				while (part) {
					char *semi = strchr(part, ';');
					if (semi)
						*semi++ = '\0';
					if (execute(part, c, h, run) == LEAVE)
						return;
					part = semi;
				}
			}
			in = (struct line_in){ .foreign = -1 };
			console_puts(PROMPT);
		} else if (ch == 0x7f || ch == 0x08) {
			if (in.len) {
				in.len--;
				console_puts("\b \b");
			}
		} else {
			take(&in, ch);
		}
	}
}
