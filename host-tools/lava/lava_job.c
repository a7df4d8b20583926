/* The LAVA job templates of rvbench (lava_job.h). */
#include "lava_job.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "json_string.h"
#include "lcg.h"
#include "qemu_bootargs.h"

/*
 * The monitor. LAVA waits for `start`, then matches `end` and `pattern`
 * against what the board sends (pexpect, Python's re, on the last 4000
 * characters received). A test case is one block: its END record gives the
 * result (docs/wire-format.md); the line the firmware prints right after
 * it, its report of that block, begins with the benchmark's name
 * ("crc32: min=...", "demo_fault: TRAP ...", "memcpy[hart 2 of 4 in
 * parallel]: ..."), which names the case. END and that line are short, so
 * a block of any size is matched (BENCH is further back than 4000
 * characters once the samples are many). `end` takes the TRAILER line
 * whole: what is still unread when the monitor stops, LAVA logs at another
 * level ("feedback").
 */
const char lava_monitor_start[] = "@RVB [0-9a-f]{8} 0 RUN ";
const char lava_monitor_end[] = "@RVB [0-9a-f]{8} [0-9]+ TRAILER [^\\r\\n]*[\\r\\n]";
const char lava_monitor_pattern[] =
	"@RVB [0-9a-f]{8} [0-9]+ END id=[0-9]+ [^\\r\\n]*?status=(?P<result>[a-z-]+)[^\\r\\n]*"
	"[\\r\\n]+(?P<test_case_id>[^\\s:\\[]+)[:\\[]";

/* END's status words and what LAVA calls them (records.h's block status). */
static const char *const fixup[][2] = {
	{ "ok", "pass" },	   { "skipped", "skip" }, { "verify-failed", "fail" },
	{ "setup-failed", "fail" }, { "fault", "fail" },  { "timeout", "fail" },
};

const char *lava_device_type(const struct lava_job_opts *o)
{
	switch (o->kind) {
	case LAVA_QEMU:
		return "qemu";
	case LAVA_HIFIVE:
		return "hifive-unleashed-a00";
	default:
		return o->device_type;
	}
}

/* Characters the words may not hold: '"' and '\' would end or change
 * QEMU's -append "..." (LAVA splits its command line like a shell),
 * '\'' U-Boot's setenv bootargs '...', braces LAVA's {KERNEL}-style
 * substitutions. */
static const char *bad_char(const char *s)
{
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c < 0x20 || c > 0x7e || strchr("\"'\\{}", c))
			return s;
	}
	return NULL;
}

/* lava-server refuses a job_name or device_type longer than this
 * (its job schema, lava_common/schemas): said here, before submitting. */
#define LAVA_NAME_MAX 200

/* 1 when the URL's authority (between "://" and the path) names a user,
 * "user@" or "user:password@": a job is public and LAVA shows its
 * definition to anyone, so a token there would be published. */
static int url_has_userinfo(const char *url)
{
	const char *a = strstr(url, "://");

	if (!a)
		return 0;
	a += 3;
	size_t n = strcspn(a, "/?#");
	return memchr(a, '@', n) != NULL;
}

const char *lava_job_check(const struct lava_job_opts *o)
{
	if (!o->image_url || !*o->image_url)
		return "no image URL (--image)";
	if (url_has_userinfo(o->image_url))
		return "the image URL holds credentials (user@ or user:password@): the job and its "
		       "log are public, give the dispatcher a URL without them";
	if (strchr(o->image_url, '"') || bad_char(o->image_url))
		return "the image URL holds a quote, a backslash, a brace or a control character";
	if (o->bootargs && bad_char(o->bootargs))
		return "the bootargs hold a quote, a backslash, a brace or a control character, which "
		       "the QEMU command line or U-Boot's setenv would change";
	if (o->console && bad_char(o->console))
		return "the console holds a quote, a backslash, a brace or a control character";
	if (o->kind == LAVA_UBOOT && (!o->device_type || !*o->device_type))
		return "a U-Boot board needs its LAVA device type (--device-type)";
	if (o->kind == LAVA_UBOOT && o->device_type && bad_char(o->device_type))
		return "the device type holds a quote, a backslash, a brace or a control character";
	if (o->load_addr && bad_char(o->load_addr))
		return "the load address holds a quote, a backslash, a brace or a control character";
	if (o->job_name && bad_char(o->job_name))
		return "the job name holds a quote, a backslash, a brace or a control character";
	if (o->job_name && (!*o->job_name || strlen(o->job_name) > LAVA_NAME_MAX))
		return "the job name must be 1..200 characters (lava-server's limit)";
	if (o->kind == LAVA_UBOOT && strlen(o->device_type) > LAVA_NAME_MAX)
		return "the device type must be at most 200 characters (lava-server's limit)";
	if (o->tags && bad_char(o->tags))
		return "the tags hold a quote, a backslash, a brace or a control character";
	if (o->kind == LAVA_QEMU && (o->smp < 1 || o->smp > 8))
		return "--smp must be 1..8";
	if (o->timeout_min < 1 || o->timeout_min > 1440)
		return "--timeout must be 1..1440 minutes";
	return NULL;
}

/* The value of the last word KEY=... of the bootargs (later words win, as
 * in the firmware), malloc'd, or NULL. */
static char *last_word(const char *args, const char *key)
{
	size_t k = strlen(key);
	char *found = NULL;

	while (args && *args) {
		while (*args == ' ')
			args++;
		size_t n = strcspn(args, " ");
		if (n > k && !strncmp(args, key, k) && args[k] == '=') {
			free(found);
			found = strndup(args + k + 1, n - k - 1);
		}
		args += n;
	}
	return found;
}

/* Writes "s" as a YAML double-quoted scalar: JSON's escapes are YAML's. */
static int ys(FILE *f, const char *s)
{
	return json_write_str(f, s);
}

/* The kernel command line the firmware gets. */
static char *kernel_line(const struct lava_job_opts *o)
{
	/* QEMU: the same words as `rvbench qemu` puts first (under -icount
	 * the short memory sweeps too), so a job and a direct run of the
	 * same bootargs run the same benchmarks. A board: nobody types at the
	 * prompt, and the default rvbench.exit=auto parks the harts after the
	 * trailer. */
	const char *ours = o->kind == LAVA_QEMU ? QEMU_WORDS : "rvbench.listen_ms=0";
	const char *sweeps = o->kind == LAVA_QEMU && o->icount_shift >= 0 ? QEMU_WORDS_ICOUNT : "";
	char *line = NULL;
	if (asprintf(&line, "%s%s%s%s%s%s", o->kind != LAVA_QEMU && o->console ? o->console : "",
		     o->kind != LAVA_QEMU && o->console ? " " : "", ours, sweeps,
		     o->bootargs ? " " : "", o->bootargs ? o->bootargs : "") < 0)
		return NULL;
	return line;
}

static int write_metadata(FILE *f, const struct lava_job_opts *o, const char *kline)
{
	char *seed = last_word(o->bootargs, "rvbench.seed");
	char *run = last_word(o->bootargs, "rvbench.run");
	char dflt[40];
	int rc = 0;

	snprintf(dflt, sizeof(dflt), "0x%" PRIx64 " (default)", (uint64_t)LCG_DEFAULT_SEED);
	rc |= fputs("metadata:\n  rvbench.bootargs: ", f) < 0 || ys(f, o->bootargs ? o->bootargs : "");
	rc |= fputs("\n  rvbench.kernel_line: ", f) < 0 || ys(f, kline);
	rc |= fputs("\n  rvbench.seed: ", f) < 0 || ys(f, seed ? seed : dflt);
	rc |= fputs("\n  rvbench.run: ", f) < 0 ||
	      ys(f, run ? run : "(default: all but demos and cross-hart)");
	if (o->kind == LAVA_QEMU)
		rc |= fprintf(f, "\n  rvbench.smp: \"%u\"\n  rvbench.icount: ", o->smp) < 0 ||
		      (o->icount_shift < 0 ? fputs("\"off\"", f) < 0
					   : fprintf(f, "\"%d\"", o->icount_shift) < 0);
	rc |= fputs("\n  rvbench.image: ", f) < 0 || ys(f, o->image_url);
	rc |= fputs("\n", f) < 0;
	free(seed);
	free(run);
	return rc ? -1 : 0;
}

/*
 * The boot block's timeout for the one action that opens the connection
 * to the board. LAVA's monitor waits for each END (or the TRAILER) as
 * long as the connection's pexpect timeout, and that is the timeout of
 * the action that spawned it (execute-qemu, connect-device), a boot
 * action: 2 or 5 minutes. A block that takes longer (rvbench.budget_ms,
 * many samples at 115200 baud) would end the monitor there ("lava test
 * monitoring has timed out"), the rest of the run unread, and LAVA would
 * still call the job passed. The run's own timeout, the test action's,
 * is what should bound it.
 */
static int write_connection_timeout(FILE *f, const struct lava_job_opts *o)
{
	const char *action = o->kind == LAVA_QEMU ? "execute-qemu" : "connect-device";
	int n = fprintf(f, "    timeouts:\n      %s: {minutes: %u}\n", action, o->timeout_min);

	return n < 0 ? -1 : 0;
}

static int write_qemu_actions(FILE *f, const struct lava_job_opts *o, const char *kline)
{
	char icount[48] = "";
	char *arg = NULL;
	int rc;

	if (o->icount_shift >= 0)
		snprintf(icount, sizeof(icount), " -icount shift=%d,sleep=off", o->icount_shift);
	/* -no-reboot: rvbench.exit=reboot then ends QEMU, as in rvbench qemu. */
	if (asprintf(&arg, "-kernel {kernel} -smp %u%s -no-reboot -append \"%s\"", o->smp, icount,
		     kline) < 0)
		return -1;
	rc = fputs("actions:\n"
		   "- deploy:\n"
		   "    timeout: {minutes: 5}\n"
		   "    to: tmpfs\n"
		   "    images:\n"
		   "      kernel:\n"
		   "        url: ",
		   f) < 0 ||
	     ys(f, o->image_url) || fputs("\n        image_arg: ", f) < 0 || ys(f, arg) ||
	     fputs("\n"
		   "- boot:\n"
		   "    timeout: {minutes: 2}\n"
		   "    method: qemu\n"
		   "    media: tmpfs\n",
		   f) < 0 ||
	     write_connection_timeout(f, o);
	free(arg);
	return rc ? -1 : 0;
}

static int write_uboot_actions(FILE *f, const struct lava_job_opts *o, const char *kline)
{
	/* hifive-unleashed-a00: {KERNEL_ADDR} is its template's booti kernel
	 * address, 0x80200000, where rvbench is linked. Another board: the
	 * address given, by default its own kernel_addr_r (booti moves the
	 * image to RAM base + 2 MiB from there). */
	const char *addr = o->kind == LAVA_HIFIVE ? "{KERNEL_ADDR}"
			   : o->load_addr	 ? o->load_addr
						 : "${kernel_addr_r}";
	char *setenv = NULL, *tftp = NULL, *booti = NULL;
	int rc = -1;

	if (asprintf(&setenv, "setenv bootargs '%s'", kline) < 0)
		setenv = NULL;
	if (asprintf(&tftp, "tftp %s {KERNEL}", addr) < 0)
		tftp = NULL;
	/* a1 = the device tree U-Boot runs on, as boot/boot.cmd does. */
	if (asprintf(&booti, "booti %s - ${fdtcontroladdr}", addr) < 0)
		booti = NULL;
	if (setenv && tftp && booti)
		rc = fputs("actions:\n"
			   "- deploy:\n"
			   "    timeout: {minutes: 5}\n"
			   "    to: tftp\n"
			   "    kernel:\n"
			   "      url: ",
			   f) < 0 ||
		     ys(f, o->image_url) ||
		     fputs("\n"
			   "      type: image\n"
			   "    os: oe\n"
			   "- boot:\n"
			   "    timeout: {minutes: 5}\n"
			   "    method: u-boot\n",
			   f) < 0 ||
		     write_connection_timeout(f, o) ||
		     fputs("    commands:\n"
			   "    - setenv autoload no\n"
			   "    - dhcp\n"
			   "    - setenv serverip {SERVER_IP}\n"
			   "    - ",
			   f) < 0 ||
		     ys(f, tftp) || fputs("\n    - ", f) < 0 || ys(f, setenv) ||
		     /* No prompts: no kernel, no login; the monitor waits for RUN. */
		     fputs("\n    - ", f) < 0 || ys(f, booti) || fputs("\n", f) < 0
			     ? -1
			     : 0;
	free(setenv);
	free(tftp);
	free(booti);
	return rc;
}

static int write_monitor(FILE *f, const struct lava_job_opts *o)
{
	int rc = fprintf(f,
			 "- test:\n"
			 "    timeout: {minutes: %u}\n"
			 "    monitors:\n"
			 "    - name: rvbench\n"
			 "      start: ",
			 o->timeout_min) < 0 ||
		 ys(f, lava_monitor_start) || fputs("\n      end: ", f) < 0 ||
		 ys(f, lava_monitor_end) || fputs("\n      pattern: ", f) < 0 ||
		 ys(f, lava_monitor_pattern) || fputs("\n      fixupdict:\n", f) < 0;
	for (size_t i = 0; !rc && i < sizeof(fixup) / sizeof(fixup[0]); i++)
		rc = fprintf(f, "        %s: %s\n", fixup[i][0], fixup[i][1]) < 0;
	return rc ? -1 : 0;
}

static int write_tags(FILE *f, const char *tags)
{
	if (!tags || !*tags)
		return 0;
	if (fputs("tags:\n", f) < 0)
		return -1;
	while (*tags) {
		size_t n = strcspn(tags, ",");
		if (n) {
			char *t = strndup(tags, n);
			int bad = !t || fputs("- ", f) < 0 || ys(f, t) || fputs("\n", f) < 0;
			free(t);
			if (bad)
				return -1;
		}
		tags += n + (tags[n] == ',');
	}
	return 0;
}

int lava_job_write(FILE *f, const struct lava_job_opts *o)
{
	const char *dt = lava_device_type(o);
	char *kline = kernel_line(o);
	char name[160];
	int rc;

	if (!kline)
		return -1;
	if (o->kind == LAVA_QEMU)
		snprintf(name, sizeof(name), "rvbench qemu sifive_u smp %u icount %s", o->smp,
			 o->icount_shift < 0 ? "off" : o->icount_shift == 0 ? "0" : "on");
	else
		snprintf(name, sizeof(name), "rvbench %s", dt);
	rc = fputs("# rvbench on LAVA, written by `rvbench lava job` (docs/lava.md).\n"
		   "device_type: ",
		   f) < 0 ||
	     ys(f, dt) || fputs("\njob_name: ", f) < 0 || ys(f, o->job_name ? o->job_name : name) ||
	     fprintf(f,
		     "\npriority: medium\n"
		     "visibility: public\n"
		     "timeouts:\n"
		     "  job: {minutes: %u}\n"
		     "  action: {minutes: 5}\n"
		     "  connection: {minutes: 2}\n",
		     o->timeout_min + 15) < 0 ||
	     write_tags(f, o->tags);
	if (!rc && o->kind == LAVA_QEMU)
		/* What LAVA renders the qemu device type with: the FU540's
		 * model and its U54 cores, and no KVM for another architecture. */
		rc = fputs("context:\n"
			   "  arch: riscv64\n"
			   "  machine: sifive_u\n"
			   "  cpu: sifive-u54\n"
			   "  no_kvm: true\n",
			   f) < 0;
	if (!rc)
		rc = write_metadata(f, o, kline);
	if (!rc)
		rc = o->kind == LAVA_QEMU ? write_qemu_actions(f, o, kline)
					  : write_uboot_actions(f, o, kline);
	if (!rc)
		rc = write_monitor(f, o);
	free(kline);
	return rc ? -1 : 0;
}
