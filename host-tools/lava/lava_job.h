/*
 * LAVA job definitions for rvbench (YAML, as lavacli submits them and
 * lava-run runs them). Three kinds of device:
 *
 *   qemu                  LAVA's qemu device type: riscv64, -machine sifive_u,
 *                         the ELF image as the kernel, -smp and -icount in the
 *                         job's own image_arg so the job alone decides them
 *   hifive-unleashed-a00  LAVA's type for the board: rvbench.bin over TFTP,
 *                         U-Boot booti at the type's kernel address (0x80200000)
 *   uboot                 any U-Boot board: the device type named, the image
 *                         loaded over TFTP at an address of your choice
 *
 * The test action is `monitors`: each benchmark block (its BENCH record up
 * to its END record) is one LAVA test case named after the benchmark,
 * passed, failed or skipped by END's status. The job's metadata keeps the
 * bootargs, the seed and the selection.
 */
#ifndef RVBENCH_LAVA_JOB_H
#define RVBENCH_LAVA_JOB_H

#include <stdio.h>

enum lava_kind { LAVA_QEMU, LAVA_HIFIVE, LAVA_UBOOT };

struct lava_job_opts {
	enum lava_kind kind;
	const char *image_url;   /* file://, http:// ...: the ELF (qemu) or rvbench.bin */
	const char *bootargs;    /* the user's words, or NULL */
	const char *job_name;    /* NULL: one made from the device type */
	const char *device_type; /* uboot: LAVA's device type of the board */
	const char *load_addr;   /* uboot: where tftp loads the image */
	const char *console;     /* U-Boot boards: console=... for the kernel line, or NULL */
	const char *tags;        /* comma-separated LAVA device tags, or NULL */
	unsigned smp;            /* qemu */
	int icount_shift;        /* qemu: -1 off */
	unsigned timeout_min;    /* the test action's (the run's) timeout */
};

/* The device type's name in LAVA. */
const char *lava_device_type(const struct lava_job_opts *o);

/*
 * NULL when the options make a job, else why not (a bootargs character
 * that the QEMU command line or U-Boot's setenv would change, ...).
 */
const char *lava_job_check(const struct lava_job_opts *o);

/* The whole definition; 0, or -1 on a write error. */
int lava_job_write(FILE *f, const struct lava_job_opts *o);

/* The monitor's regular expressions (Python's re, as LAVA matches them). */
extern const char lava_monitor_start[], lava_monitor_end[], lava_monitor_pattern[];

#endif
