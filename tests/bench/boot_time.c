/*
 * make bench-boot: host time from starting QEMU to rvbench's first sample
 * (its first BENCH or S record) on sifive_u with -smp 2 and -smp 5, next
 * to the floor: a payload that only prints one line and resets
 * (tests/bench/boot_floor.S), booted by the same OpenSBI with the same
 * QEMU options as `rvbench qemu --icount 0`. Each figure is the median and
 * the minimum of RUNS boots; QEMU is stopped as soon as the line arrived.
 * The boots alternate (floor, rvbench, floor, ...), and the ratio of each
 * rvbench boot to the floor boot just before it is summed up too: its
 * median with a 95% confidence interval, so that a reader sees how far
 * the host's noise moves the figure that is compared with a goal.
 *
 *   boot_time RUNS RVBENCH_ELF FLOOR_ELF
 *
 * QEMU is qemu-system-riscv64, or $RVBENCH_QEMU.
 */
#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "median_rank.h"
#include "read_nap.h"

#define MAX_RUNS 51
#define TIMEOUT_S 120

static double now_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* CPU time QEMU's threads have used so far (schedstat, nanoseconds): on a
 * busy host, wall time also counts the waits for a CPU, this does not. */
static double cpu_s(pid_t pid)
{
	char path[64];
	double sum = 0;

	snprintf(path, sizeof(path), "/proc/%d/task", (int)pid);
	DIR *d = opendir(path);
	if (!d)
		return -1;
	for (struct dirent *e; (e = readdir(d));) {
		char stat[128];
		unsigned long long ns;
		if (e->d_name[0] == '.')
			continue;
		snprintf(stat, sizeof(stat), "%s/%.20s/schedstat", path, e->d_name);
		FILE *f = fopen(stat, "r");
		if (f && fscanf(f, "%llu", &ns) == 1)
			sum += (double)ns / 1e9;
		if (f)
			fclose(f);
	}
	closedir(d);
	return sum;
}

/* rvbench's first sample: "@RVB <tag> <seq> BENCH ..." or "... S ...". */
static int is_first_sample(const char *line)
{
	char type[16];

	return sscanf(line, "@RVB %*s %*s %15s", type) == 1 &&
	       (!strcmp(type, "BENCH") || !strcmp(type, "S"));
}

static int is_floor_line(const char *line)
{
	return strstr(line, "boot-floor: up") != NULL;
}

/* Seconds from fork to the first line `want` accepts, and QEMU's CPU
 * seconds until then (*cpu); negative on failure. */
static double boot_once(const char *image, unsigned smp, int (*want)(const char *), double *cpu)
{
	const char *qemu = getenv("RVBENCH_QEMU");
	char smp_s[8];
	int fd[2];

	snprintf(smp_s, sizeof(smp_s), "%u", smp);
	if (pipe(fd))
		return -1;
	double t0 = now_s();
	pid_t pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		dup2(fd[1], 1);
		close(fd[0]);
		close(fd[1]);
		if (!freopen("/dev/null", "r", stdin))
			_exit(127);
		execlp(qemu && *qemu ? qemu : "qemu-system-riscv64", "qemu-system-riscv64",
		       "-M", "sifive_u", "-smp", smp_s, "-display", "none", "-monitor", "none",
		       "-serial", "stdio", "-bios", "default", "-kernel", image, "-no-reboot",
		       "-icount", "shift=0,sleep=off", "-append",
		       "rvbench.exit=reboot rvbench.listen_ms=0", (char *)NULL);
		_exit(127);
	}
	close(fd[1]);

	char line[4096], buf[4096];
	size_t len = 0;
	double took = -1;
	ssize_t got;
	/* In blocks, not a byte per read, with the collector's nap after a
	 * short read (read_nap.h): the reader must not compete with QEMU for
	 * the host's CPUs, nor wake on each byte, more than the collector
	 * does. */
	while (took < 0 && now_s() - t0 < TIMEOUT_S && (got = read(fd[0], buf, sizeof(buf))) > 0) {
		for (ssize_t i = 0; i < got && took < 0; i++) {
			if (buf[i] != '\n' && len + 1 < sizeof(line)) {
				line[len++] = buf[i];
				continue;
			}
			line[len] = '\0';
			len = 0;
			if (want(line)) {
				took = now_s() - t0;
				*cpu = cpu_s(pid);
			}
		}
		if (took < 0)
			read_nap((size_t)got);
	}
	kill(pid, SIGKILL);
	close(fd[0]);
	waitpid(pid, NULL, 0);
	return took;
}


struct figure {
	double median, min;
};

/* The median of paired ratios and its 95% confidence interval. */
struct paired {
	double median, lo, hi;
	int has_ci; /* fewer than 6 pairs give none */
};

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double median_sorted(const double *t, unsigned n)
{
	return n % 2 ? t[n / 2] : (t[n / 2 - 1] + t[n / 2]) / 2;
}

static struct figure figure_of(double *t, unsigned n)
{
	qsort(t, n, sizeof(t[0]), cmp_double);
	return (struct figure){ median_sorted(t, n), t[0] };
}

/* The median of the ratios of paired boots, with its distribution-free
 * 95% interval (median_rank.h): no assumption about the host's noise. */
static struct paired paired_of(const double *fw, const double *floor, unsigned n)
{
	double r[MAX_RUNS];
	struct paired p = { 0 };

	for (unsigned i = 0; i < n; i++)
		r[i] = fw[i] / floor[i];
	qsort(r, n, sizeof(r[0]), cmp_double);
	p.median = median_sorted(r, n);
	size_t l = median_ci_rank(n, 0.95);
	if (l) {
		p.lo = r[l - 1];
		p.hi = r[n - l];
		p.has_ci = 1;
	}
	return p;
}

/* Wall and CPU time of `runs` boots of rvbench and of the floor on `smp`
 * harts (median, minimum), and the paired ratios of both; 0 on success.
 * The two alternate boot by boot, so a change of the host's load touches
 * both alike. The minimum is the boot least disturbed by other work on
 * the host. */
static int measure(unsigned runs, const char *fw_image, const char *floor_image, unsigned smp,
		   struct figure fw[2], struct figure floor[2], struct paired ratio[2])
{
	double fw_t[MAX_RUNS], fw_c[MAX_RUNS], fl_t[MAX_RUNS], fl_c[MAX_RUNS];

	for (unsigned i = 0; i < runs; i++) {
		fl_t[i] = boot_once(floor_image, smp, is_floor_line, &fl_c[i]);
		if (fl_t[i] < 0) {
			fprintf(stderr, "bench-boot: %s -smp %u: no line within %d s\n", floor_image,
				smp, TIMEOUT_S);
			return -1;
		}
		fw_t[i] = boot_once(fw_image, smp, is_first_sample, &fw_c[i]);
		if (fw_t[i] < 0) {
			fprintf(stderr, "bench-boot: %s -smp %u: no sample within %d s\n", fw_image,
				smp, TIMEOUT_S);
			return -1;
		}
	}
	ratio[0] = paired_of(fw_t, fl_t, runs); /* before figure_of sorts them */
	ratio[1] = paired_of(fw_c, fl_c, runs);
	fw[0] = figure_of(fw_t, runs);
	fw[1] = figure_of(fw_c, runs);
	floor[0] = figure_of(fl_t, runs);
	floor[1] = figure_of(fl_c, runs);
	return 0;
}

static void paired_cell(const struct paired *p, char *out, size_t size)
{
	if (p->has_ci)
		snprintf(out, size, "%.2fx [%.2f, %.2f]", p->median, p->lo, p->hi);
	else
		snprintf(out, size, "%.2fx [no CI]", p->median);
}

static void table(const char *title, const struct figure fw[2], const struct figure floor[2],
		  const struct paired ratio[2])
{
	char cell[2][48];

	printf("%-34s %19s %21s\n", title, "-smp 2", "-smp 5");
	printf("%-34s %9s %9s %11s %9s\n", "", "median", "min", "median", "min");
	printf("%-34s %7.3f s %7.3f s %9.3f s %7.3f s\n", "rvbench, first sample (BENCH)",
	       fw[0].median, fw[0].min, fw[1].median, fw[1].min);
	printf("%-34s %7.3f s %7.3f s %9.3f s %7.3f s\n", "floor: print one line, SBI reset",
	       floor[0].median, floor[0].min, floor[1].median, floor[1].min);
	printf("%-34s %8.2fx %8.2fx %10.2fx %8.2fx\n", "ratio rvbench / floor",
	       fw[0].median / floor[0].median, fw[0].min / floor[0].min,
	       fw[1].median / floor[1].median, fw[1].min / floor[1].min);
	paired_cell(&ratio[0], cell[0], sizeof(cell[0]));
	paired_cell(&ratio[1], cell[1], sizeof(cell[1]));
	printf("%-34s %19s %21s\n\n", "boot by boot, median [95% CI]", cell[0], cell[1]);
}

int main(int argc, char **argv)
{
	static const unsigned smps[] = { 2, 5 };
	struct figure fw[2], floor[2], fw_cpu[2], floor_cpu[2];
	struct paired ratio[2], ratio_cpu[2];

	if (argc != 4 || atoi(argv[1]) < 1 || atoi(argv[1]) > MAX_RUNS) {
		fprintf(stderr, "usage: boot_time RUNS(1..%d) RVBENCH_ELF FLOOR_ELF\n", MAX_RUNS);
		return 2;
	}
	unsigned runs = (unsigned)atoi(argv[1]);
	for (unsigned k = 0; k < 2; k++) {
		struct figure f[2], fl[2];
		struct paired r[2];
		if (measure(runs, argv[2], argv[3], smps[k], f, fl, r))
			return 1;
		ratio[k] = r[0];
		ratio_cpu[k] = r[1];
		fw[k] = f[0];
		fw_cpu[k] = f[1];
		floor[k] = fl[0];
		floor_cpu[k] = fl[1];
	}
	printf("process start to first output, QEMU sifive_u -icount shift=0, %u boots each\n\n", runs);
	table("wall time", fw, floor, ratio);
	table("QEMU's CPU time until then", fw_cpu, floor_cpu, ratio_cpu);
	return 0;
}
