/* The table of commands (commands.h) and the help text of each. */
#include "commands.h"

#include <string.h>

static const char help_qemu[] =
	"usage: rvbench qemu [OPTIONS] IMAGE\n"
	"       rvbench qemu [OPTIONS] --qemu-args '-bios FIRMWARE ...'\n"
	"\n"
	"Boot IMAGE (QEMU -kernel) under QEMU (qemu-system-riscv64, or $RVBENCH_QEMU)\n"
	"with the console UART on a pipe; stop QEMU when the run's trailer arrived\n"
	"or on the timeout. Nothing is ever written to the UART (stdin is /dev/null)\n"
	"unless --exec or --console is given: then the firmware gets rvbench.console=1\n"
	"(instead of rvbench.listen_ms=0), waits at its prompt 'rvbench> ', and every\n"
	"run the commands start is collected.\n"
	"\n"
	"  -e, --exec 'CMD; CMD; ...'  console commands (help, list, show, set KEY VALUE,\n"
	"                       run [GLOB], reboot, exit), each sent once the prompt is\n"
	"                       there, the next after the prompt came back; then 'exit'\n"
	"                       (unless given) and QEMU ends. Error answers are reported\n"
	"                       on stderr but do not change the exit status\n"
	"  -c, --console        interactive: the terminal's input goes to the UART (raw\n"
	"                       mode), the human lines come out on stdout; Ctrl-] ends\n"
	"                       (no default timeout)\n"
	"  -M, --machine NAME   sifive_u (default) or virt\n"
	"      --smp N          harts (default 5 on sifive_u, like the FU540; 1 on virt)\n"
	"      --icount SHIFT|off  -icount shift=SHIFT,sleep=off, 0..10 (default 0: cycles are\n"
	"                       emulated instruction counts); off: host-time counters\n"
	"      --bootargs STR   more kernel command line after rvbench.exit=reboot\n"
	"                       rvbench.listen_ms=0 (later words win); with --exec or\n"
	"                       --console after rvbench.exit=reboot rvbench.console=1\n"
	"      --memory SIZE    QEMU -m SIZE (default: QEMU's)\n"
	"      --qemu-args STR  more QEMU arguments, split on spaces, appended last (may be\n"
	"                       repeated): '-bios FILE' replaces -bios default,\n"
	"                       '-drive file=DISK,format=raw,if=virtio' adds a disk. Without\n"
	"                       IMAGE (a -bios holding the whole boot) there is no -kernel\n"
	"                       and no -append, so no --bootargs\n"
	"  -t, --timeout SEC    stop after SEC seconds (default 600, 0: never)\n"
	"  -o, --output DIR     output directory\n"
	"      --allow-partial  exit 0 even if samples were lost (gaps.csv lists them)\n"
	"      --device-name NAME  the board or device measured, kept in meta.json\n"
	"  -h, --help           this help\n";

static const char help_serial[] =
	"usage: rvbench serial --port DEV [OPTIONS]\n"
	"\n"
	"Read a board's UART (raw mode, read-only: nothing is ever written and\n"
	"DTR/RTS are left alone) until the trailer of a run that started after\n"
	"the port was opened, the timeout, or the end of the stream.\n"
	"With --exec or --console the port is opened read-write and every run\n"
	"is collected until the console session ends.\n"
	"\n"
	"  -p, --port DEV       serial device, e.g. /dev/ttyUSB1\n"
	"  -e, --exec 'CMD; CMD; ...'  console commands: nothing is written before the\n"
	"                       firmware shows its prompt 'rvbench> ' (so U-Boot's\n"
	"                       autoboot is never stopped; start rvbench, then reset the\n"
	"                       board), each command after the previous one's prompt came\n"
	"                       back, a byte at a time; the port is closed after the last\n"
	"                       one's prompt. Error answers do not change the exit status\n"
	"  -c, --console        interactive: the terminal's input goes to the port (raw\n"
	"                       mode), the human lines come out on stdout; Ctrl-] ends\n"
	"                       (no default timeout)\n"
	"  -b, --baud N         9600 .. 3000000, a standard rate (default 115200)\n"
	"  -t, --timeout SEC    stop after SEC seconds (default 600, 0: never)\n"
	"  -o, --output DIR     output directory\n"
	"      --allow-partial  exit 0 even if samples were lost (gaps.csv lists them)\n"
	"      --device-name NAME  the board or device measured, kept in meta.json\n"
	"  -h, --help           this help\n";

static const char help_replay[] =
	"usage: rvbench replay [OPTIONS] FILE\n"
	"\n"
	"Decode a saved UART log (for example a uart.log) as if it were received.\n"
	"\n"
	"  -o, --output DIR     output directory\n"
	"      --allow-partial  exit 0 even if samples were lost (gaps.csv lists them)\n"
	"      --device-name NAME  the board or device measured, kept in meta.json\n"
	"  -h, --help           this help\n";

static const char help_stats[] =
	"usage: rvbench stats [OPTIONS] DIR\n"
	"\n"
	"Statistics of DIR/samples.csv (measured samples, per run, bench and group):\n"
	"count, min, max, mean, variance, stddev (%), median, p90/95/99, MAD, mode,\n"
	"CIs of mean and median, Tukey outliers, steady state, code paths by instret,\n"
	"histogram and CDF; for group runs Kanata's estimates and the slope.\n"
	"Definitions: docs/statistics.md.\n"
	"\n"
	"  -f, --format FMT     text (default), csv, json, or gbench-json (Google\n"
	"                       Benchmark's JSON, for compare.py and CI dashboards)\n"
	"  -o, --output FILE    write there instead of standard output\n"
	"      --level P        confidence level of the CIs (default 0.95)\n"
	"      --kanata-level P confidence level of Kanata's CI of Y (default 0.90)\n"
	"      --target E       Kanata's target half-width, fraction of the mean (0.02)\n"
	"      --windows K      windows of the steady-state search (default 10)\n"
	"      --mhz F          gbench-json: clock to turn cycles into ns (default 1000)\n"
	"      --no-check       read samples.csv even if it does not match meta.json\n"
	"                       (by default a mismatch is refused, exit 2)\n"
	"  -h, --help           this help\n"
	"Exit status: 0 done, 1 the run was incomplete (statistics of what arrived),\n"
	"2 an error.\n";

static const char help_compare[] =
	"usage: rvbench compare [OPTIONS] A B\n"
	"\n"
	"Compare the measured cycles of A (baseline) and B, per benchmark, parameters\n"
	"and group (and hart, for a benchmark run on several harts at once).\n"
	"A and B are result directories, or DIR:BENCH to compare one benchmark\n"
	"with another. Verdict: faster or slower when the Mann-Whitney test is\n"
	"significant and the bootstrap CI of the ratio of medians excludes 1.\n"
	"\n"
	"      --fail-above PCT exit 1 if a benchmark is significantly slower by\n"
	"                       more than PCT % (a CI gate)\n"
	"      --alpha A        significance level (default 0.05: 95 % CI)\n"
	"      --seed X         bootstrap LCG seed (default 0x5256424e43480001)\n"
	"      --resamples N    bootstrap resamples (default 2000)\n"
	"  -f, --format FMT     text (default) or csv\n"
	"      --plot FILE      also draw the two CDFs per benchmark (.png or .svg)\n"
	"      --strict         refuse to compare results of different contexts (exit 2)\n"
	"      --no-check       read samples.csv even if it does not match meta.json\n"
	"                       (by default a mismatch is refused, exit 2)\n"
	"  -h, --help           this help\n"
	"A and B are checked to come from the same context (meta.json: machine model,\n"
	"core clock, L2, OpenSBI, QEMU version, icount mode, firmware compiler and\n"
	"flags): each difference is a warning on stderr, an error with --strict.\n"
	"Exit status: 0 compared, 1 --fail-above tripped, 2 an error (or, with\n"
	"--strict, different contexts).\n";

static const char help_plot[] =
	"usage: rvbench plot [OPTIONS] DIR\n"
	"\n"
	"Draw each benchmark of DIR/samples.csv with gnuplot: histogram, CDF, the\n"
	"sorted-duration percentile curve, and the group progression (group runs)\n"
	"or the samples in order. A swept benchmark (blocks that differ in one\n"
	"parameter, p.NAME) also gets DIR/plot-BENCH-sweep.png: the median per call\n"
	"(per unit of work, e.g. per load, when the block says) with its p10-p90\n"
	"band against the parameter on a log2 axis. Needs gnuplot (Debian gnuplot-nox).\n"
	"\n"
	"  -o, --output FILE    FILE.png or FILE.svg (default DIR/plot-BENCH.png);\n"
	"                       with several images FILE-BENCH.png, ...; the blocks\n"
	"                       of a sweep are told apart by their parameters\n"
	"                       (FILE-BENCH-size_kib=64.png)\n"
	"  -b, --bench NAME     only this benchmark\n"
	"      --no-check       read samples.csv even if it does not match meta.json\n"
	"                       (by default a mismatch is refused, exit 2)\n"
	"  -h, --help           this help\n";

const struct command commands[] = {
	{ "qemu", "IMAGE", "boot IMAGE on QEMU and collect its UART", help_qemu, cmd_qemu, 1 },
	{ "serial", "--port DEV",
	  "read a real board's UART (never writes to it without\n--exec or --console)", help_serial,
	  cmd_serial, 1 },
	{ "replay", "FILE", "decode a saved UART log", help_replay, cmd_replay, 1 },
	/* The analysis commands only read files. */
	{ "stats", "DIR", "statistics of a result directory (also --format csv|json|gbench-json)",
	  help_stats, cmd_stats, 0 },
	{ "compare", "A B", "A/B comparison of two result directories (or DIR:BENCH)", help_compare,
	  cmd_compare, 0 },
	{ "plot", "DIR", "histogram, CDF and more as PNG/SVG through gnuplot", help_plot, cmd_plot,
	  0 },
};
const size_t ncommands = sizeof(commands) / sizeof(commands[0]);

const struct command *command_find(const char *name)
{
	for (size_t i = 0; i < ncommands; i++)
		if (!strcmp(commands[i].name, name))
			return &commands[i];
	return NULL;
}
