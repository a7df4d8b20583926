/*
 * The boot hart's C entry: find the platform, offer the RAM to the arena,
 * read the options, note the other harts (a run that uses them starts
 * them, src/run.c), then hand over to the session
 * (src/session.c), which runs the benchmarks (src/run.c) once or as the
 * console asks.
 */
#include "run.h"

#include "arena.h"
#include "block.h"
#include "config.h"
#include "console.h"
#include "context.h"
#include "events.h"
#include "fdt.h"
#include "guard.h"
#include "harts.h"
#include "params.h"
#include "platform.h"
#include "registry.h"
#include "session.h"
#include "stream.h"
#include "trap.h"

static struct platform plat;
static struct config boot_cfg;

static void complain(const char *msg)
{
	stream_say("rvbench: %s", msg);
}

static const struct config_hooks hooks = { .complain = complain, .check_param = params_check };

/* What a trap means above boot/: another hart's business, a benchmark's
 * fault the guard contains, or the end of the run. */
static const struct trap_hooks trap_hooks = {
	.other_hart = harts_secondary_trap,
	.contain = guard_handle_trap,
	.fatal = run_fault,
};

void rvbench_main(unsigned long hartid, const void *fdt)
{
	harts_set_boot((uint32_t)hartid);
	trap_set_hooks(&trap_hooks, (uint32_t)hartid);
	int fdt_rc = platform_init(&plat, fdt, hartid);

	/* These lines without printf: see src/text.h. */
	struct say_line l;
	say_begin(&l);
	say_end(&l); /* end whatever line the boot stages left open */
	struct text *t = say_begin(&l);
	text_str(t, "rvbench " RVBENCH_VERSION " on ");
	text_str(t, plat.model);
	text_str(t, ", hart ");
	text_u64(t, hartid);
	text_str(t, ", timebase ");
	text_u64(t, plat.timebase_hz);
	text_str(t, " Hz, console ");
	text_str(t, console_name());
	say_end(&l);
	if (fdt_rc)
		stream_say("rvbench: the device tree at %p is unusable (%s, error %d): defaults used",
			   fdt, fdt_strerror(fdt_rc), fdt_rc);
	arena_init(plat.mem_base, plat.mem_size, (uint64_t)(uintptr_t)fdt,
		   fdt_rc ? 0 : fdt_totalsize(fdt));
	t = say_begin(&l);
	text_str(t, "rvbench: ");
	text_u64(t, arena_size() >> 20);
	text_str(t, " MiB of RAM for benchmarks at ");
	text_hex(t, arena_base());
	say_end(&l);

	context_init(&plat); /* before the other harts start: it uses the guard */
	events_probe();
	registry_check();
	block_init(&plat);
	run_init(&plat);
	config_defaults(&boot_cfg);
	config_parse_bootargs(&boot_cfg, plat.bootargs, &hooks);
	if (plat.bootargs_unread) {
		/* A rejected option like any other: the run header counts it. */
		boot_cfg.bad_options++;
		stream_say("rvbench: error: /chosen/bootargs: %lu bytes not read (the command line"
			   " is the property's first string, NUL-terminated)",
			   (unsigned long)plat.bootargs_unread);
	}
	run_set_exit_mode(boot_cfg.exit);

	harts_init(&plat, boot_cfg.harts); /* started by the first run that uses them */
	for (unsigned id = 0; id < 64; id++)
		if ((boot_cfg.harts >> id) & 1 && !harts_find(id)) {
			/* A rejected option like any other: the run header counts it. */
			boot_cfg.bad_options++;
			stream_say("rvbench: error: hart %u was selected (rvbench.harts=) but is not in"
				   " the device tree", id);
		}

	session_run(&boot_cfg, &hooks, plat.timebase_hz, run_all);
	run_exit(run_failed() ? RUN_VERIFY_FAILED : RUN_OK);
}
