/*
 * Run-time configuration from the kernel command line (/chosen/bootargs,
 * QEMU's -append, U-Boot's bootargs): "rvbench.KEY=VALUE" words. Other
 * words are left alone; a bad rvbench.* word is reported and ignored, and
 * the run goes on with the default for that key.
 */
#ifndef RVBENCH_CONFIG_H
#define RVBENCH_CONFIG_H

#include <stdint.h>

enum exit_mode {
	EXIT_AUTO,     /* try SBI shutdown (QEMU virt), else park */
	EXIT_REBOOT,   /* SBI cold reboot: leaves QEMU sifive_u under -no-reboot */
	EXIT_SHUTDOWN, /* SBI shutdown, else park */
	EXIT_PARK      /* stop here; the UART stays readable (a board) */
};

#define CONFIG_DEFAULT_SAMPLES 1000u
#define CONFIG_DEFAULT_WARMUP 100u
#define CONFIG_BENCH_LIST_MAX 128

struct config {
	uint64_t seed;
	uint32_t samples; /* per benchmark, warmup excluded */
	uint32_t warmup;
	enum exit_mode exit;
	char benches[CONFIG_BENCH_LIST_MAX]; /* comma-separated names; empty = all */
	unsigned bad_options;
};

void config_defaults(struct config *c);
/* Parses bootargs; calls complain(msg) for each bad rvbench.* word. */
void config_parse(struct config *c, const char *bootargs, void (*complain)(const char *msg));
/* Whether the benchmark called name is selected by rvbench.bench=. */
int config_selects(const struct config *c, const char *name);
const char *config_exit_name(enum exit_mode m);

#endif
