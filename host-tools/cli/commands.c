/* The table of commands (commands.h) and the help text of each. */
#include "commands.h"

#include <string.h>

/* The exit status of the collectors (qemu, serial, replay): one text, as
 * they share one meaning of it. */
#define HELP_COLLECT_EXIT \
	"Exit status: 0 every run complete and ok; 1 samples lost or a run failed\n" \
	"(a block's verify, a fault, a conflict), or the collection was interrupted\n" \
	"(SIGINT, SIGTERM, SIGHUP, SIGPIPE: what arrived is written); 2 an error:\n" \
	"usage, input or output (a full disk, a file size limit), an option the\n" \
	"firmware rejected (bad_options in the run header; its error lines are\n" \
	"repeated on stderr) or a run that selected no benchmark.\n"

static const char help_qemu[] =
	"usage: rvbench qemu [OPTIONS] IMAGE\n"
	"       rvbench qemu [OPTIONS] --qemu-args '-bios FIRMWARE ...'\n"
	"\n"
	"Boot IMAGE (QEMU -kernel) under QEMU (qemu-system-riscv64, or $RVBENCH_QEMU)\n"
	"with the console UART on a pipe; stop QEMU when the run's trailer arrived\n"
	"or on a limit (--timeout, --max-time). Nothing is ever written to the UART\n"
	"(stdin is /dev/null) unless --exec or --console is given: then the firmware\n"
	"gets rvbench.console=1 (instead of rvbench.listen_ms=0), waits at its prompt\n"
	"'rvbench> ', and every run the commands start is collected.\n"
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
	"                       --console after rvbench.exit=reboot rvbench.console=1;\n"
	"                       under -icount after mem_latency_rand.size_kib=4,64,4096\n"
	"                       mem_latency_seq.size_kib=4,64,4096 too\n"
	"      --memory SIZE    QEMU -m SIZE (default: QEMU's)\n"
	"      --qemu-args STR  more QEMU arguments, split on spaces, appended last (may be\n"
	"                       repeated): '-bios FILE' replaces -bios default,\n"
	"                       '-drive file=DISK,format=raw,if=virtio' adds a disk. Without\n"
	"                       IMAGE (a -bios holding the whole boot) there is no -kernel\n"
	"                       and no -append, so no --bootargs\n"
	"  -t, --timeout SEC    stop when no byte arrived for SEC seconds (default 600,\n"
	"                       0: never): a watchdog on silence, counted from the last\n"
	"                       byte received, so a run that keeps streaming is not cut\n"
	"      --max-time SEC   stop after SEC seconds in all, even while bytes still\n"
	"                       arrive (default 0: no limit)\n"
	"  -o, --output DIR     output directory (refused if it holds files)\n"
	"      --force          write into an -o DIR that holds files (overwrites them)\n"
	"      --allow-partial  exit 0 even if samples were lost (gaps.csv lists them);\n"
	"                       never for a wrong value (a conflict, a CRC-32 mismatch)\n"
	"      --device-name NAME  the board or device measured, kept in meta.json\n"
	"  -v, --verbose        after the table, every block's full statistics, histogram\n"
	"                       and CDF (as rvbench stats DIR)\n"
	"  -q, --quiet          no progress on stderr (a status line on a terminal, else\n"
	"                       a line per finished block)\n"
	"  -j, --jobs N         fan-out: run up to N QEMU instances at once (1..64)\n"
	"      --repeat R       fan-out: R instances (of each matrix point)\n"
	"      --matrix KEY=V1,V2,...  fan-out: one instance per value, KEY=V added to\n"
	"                       the kernel command line (several: every combination;\n"
	"                       values split on '|' instead when one has a ',')\n"
	"                       A fan-out writes DIR/runs/NN (one result directory per\n"
	"                       instance, devices NAME-NN, NAME from --device-name or\n"
	"                       'qemu'), then merges them into DIR as `rvbench fleet -o`\n"
	"                       does and prints the fleet report; exit status: the\n"
	"                       worst instance's. Not with --console\n"
	"  -h, --help           this help\n"
	HELP_COLLECT_EXIT;

static const char help_serial[] =
	"usage: rvbench serial --port DEV [OPTIONS]\n"
	"\n"
	"Read a board's UART (raw mode, read-only: nothing is ever written and\n"
	"DTR/RTS are left alone) until the trailer of a run that started after\n"
	"the port was opened, a limit (--timeout, --max-time), or the end of the\n"
	"stream.\n"
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
	"  -t, --timeout SEC    stop when no byte arrived for SEC seconds (default 600,\n"
	"                       0: never): a watchdog on silence, counted from the last\n"
	"                       byte received, so a run that keeps streaming is not cut\n"
	"      --max-time SEC   stop after SEC seconds in all, even while bytes still\n"
	"                       arrive (default 0: no limit)\n"
	"  -o, --output DIR     output directory (refused if it holds files)\n"
	"      --force          write into an -o DIR that holds files (overwrites them)\n"
	"      --allow-partial  exit 0 even if samples were lost (gaps.csv lists them);\n"
	"                       never for a wrong value (a conflict, a CRC-32 mismatch)\n"
	"      --device-name NAME  the board or device measured, kept in meta.json\n"
	"  -v, --verbose        after the table, every block's full statistics, histogram\n"
	"                       and CDF (as rvbench stats DIR)\n"
	"  -q, --quiet          no progress on stderr (a status line on a terminal, else\n"
	"                       a line per finished block)\n"
	"  -h, --help           this help\n"
	HELP_COLLECT_EXIT;

static const char help_replay[] =
	"usage: rvbench replay [OPTIONS] FILE\n"
	"\n"
	"Decode a saved UART log (for example a uart.log) as if it were received.\n"
	"A LAVA job log (lava-run's output, or `lavacli jobs logs --raw`) is read as\n"
	"one: its target and feedback lines are the UART, the rest is skipped\n"
	"(recognised by its first lines; a cut or garbled line loses only itself).\n"
	"\n"
	"  -o, --output DIR     output directory (refused if it holds files)\n"
	"      --force          write into an -o DIR that holds files (overwrites them)\n"
	"      --allow-partial  exit 0 even if samples were lost (gaps.csv lists them);\n"
	"                       never for a wrong value (a conflict, a CRC-32 mismatch)\n"
	"      --device-name NAME  the board or device measured, kept in meta.json\n"
	"  -v, --verbose        after the table, every block's full statistics\n"
	"  -q, --quiet          accepted as for qemu and serial (a replay shows no progress)\n"
	"      --lava-job ID    a LAVA log: the job's id, kept in meta.json\n"
	"  -h, --help           this help\n"
	HELP_COLLECT_EXIT;

static const char help_stats[] =
	"usage: rvbench stats [OPTIONS] [DIR [BENCH]]\n"
	"\n"
	"Statistics of DIR/samples.csv (default results/latest; measured samples, per\n"
	"run, block and group), of the benchmarks matching the glob BENCH if given:\n"
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
	"      --metric M       analyse column M of samples.csv instead of cycles:\n"
	"                       instret, or a hardware event (branch-misses, ...)\n"
	"      --no-check       read samples.csv and summary.csv even if they do not\n"
	"                       match meta.json (by default refused, exit 2)\n"
	"  -h, --help           this help\n"
	"Exit status: 0 done, 1 the run was incomplete (statistics of what arrived),\n"
	"2 an error.\n";

static const char help_compare[] =
	"usage: rvbench compare [OPTIONS] A B\n"
	"       rvbench compare [OPTIONS] --baseline NAME [DIR]\n"
	"\n"
	"Compare the measured cycles of A (the reference) and B, row by row: the\n"
	"same benchmark, parameters and group (and hart, for a benchmark run on\n"
	"several harts at once). A and B are result directories, or DIR:BENCH to\n"
	"compare one benchmark with another. Each row: the medians, the change\n"
	"B / A - 1 (Hodges-Lehmann) with its CI, the p-value of the Mann-Whitney\n"
	"test, and the verdict (slower, faster, or ~: no significant change); the\n"
	"CI excludes 0 exactly when p <= alpha. A geometric-mean row closes the table.\n"
	"\n"
	"      --by PARAM       match runs that differ only in PARAM (what did changing\n"
	"                       PARAM do): the row shows its values as A->B\n"
	"      --baseline NAME  A is the baseline NAME (rvbench baseline save), B is DIR\n"
	"                       (default results/latest)\n"
	"      --fail-above PCT a CI gate: exit 1 if a benchmark is significantly slower\n"
	"                       by more than PCT %, has too few samples to tell at the\n"
	"                       --alpha level, is missing from B, cannot be compared,\n"
	"                       or is incomplete in A or B (status not ok nor skipped,\n"
	"                       lost samples, an incomplete run)\n"
	"      --alpha A        significance level (default 0.05: 95 % CI)\n"
	"  -f, --format FMT     text (default), md (a Markdown table for a pull\n"
	"                       request) or csv\n"
	"      --plot FILE      also draw the two CDFs per benchmark (.png or .svg)\n"
	"      --strict         refuse to compare results of different contexts (exit 2)\n"
	"      --metric M       analyse column M of samples.csv instead of cycles:\n"
	"                       instret, or a hardware event (branch-misses, ...)\n"
	"      --no-check       read samples.csv and summary.csv even if they do not\n"
	"                       match meta.json (by default refused, exit 2)\n"
	"  -h, --help           this help\n"
	"A and B are checked to come from the same context (meta.json: machine model,\n"
	"core clock, L2, OpenSBI, QEMU version, icount mode, firmware compiler and\n"
	"flags; and the runs' seed, input seeding, counter reads and parallel mode):\n"
	"each difference is a warning on stderr, an error with --strict.\n"
	"Exit status: 0 compared, 1 the --fail-above gate failed, 2 an error or\n"
	"nothing compared (or, with --strict, different contexts).\n";

static const char help_baseline[] =
	"usage: rvbench baseline save [--force] NAME [DIR]\n"
	"       rvbench baseline list\n"
	"\n"
	"Keep named reference results: save copies the files of DIR (default\n"
	"results/latest) to results/baselines/NAME (NAME: 1 to 64 of [A-Za-z0-9_.+-]);\n"
	"an existing NAME is replaced only with --force. list shows each baseline\n"
	"with its blocks and samples. Compare with: rvbench compare --baseline NAME DIR.\n"
	"\n"
	"  -f, --force          replace an existing baseline\n"
	"      --no-check       read the result files even if they do not match\n"
	"                       meta.json (by default a mismatch is refused, exit 2)\n"
	"  -h, --help           this help\n"
	"Exit status: 0 done, 2 an error.\n";

static const char help_report[] =
	"usage: rvbench report [OPTIONS] [DIR]\n"
	"\n"
	"Write DIR/index.html (one page: inline CSS, no JavaScript, nothing fetched)\n"
	"and DIR/report.md for DIR (default results/latest): the facts of meta.json\n"
	"(machine, icount or real cycles, seed, harts, wire bytes per sample), the\n"
	"summary table, the sweep figures and each block's plot, linked. The plots\n"
	"are drawn first (as rvbench plot does) unless --no-plots or no block\n"
	"measured a sample (the page then says why).\n"
	"\n"
	"      --no-plots       link only the plot-*.png already in DIR\n"
	"  -j, --jobs N         gnuplot processes at once (default: the CPUs)\n"
	"      --no-check       read the result files even if they do not match\n"
	"                       meta.json (by default a mismatch is refused, exit 2)\n"
	"  -h, --help           this help\n"
	"Exit status: 0 written, 2 an error.\n";

static const char help_plot[] =
	"usage: rvbench plot [OPTIONS] [DIR]\n"
	"\n"
	"Draw each benchmark of DIR/samples.csv (default results/latest) with gnuplot: histogram, CDF, the\n"
	"sorted-duration percentile curve, and the group progression (group runs)\n"
	"or the samples in order. A swept benchmark (blocks that differ in one\n"
	"parameter, p.NAME) also gets DIR/plot-BENCH-sweep.png: the median per call\n"
	"(per unit of work, e.g. per load, when the block says) with its p10-p90\n"
	"band against the parameter on a log2 axis. Needs gnuplot (Debian gnuplot-nox).\n"
	"\n"
	"  -o, --output FILE    FILE.png or FILE.svg (default DIR/plot-BENCH.png);\n"
	"                       with several images FILE-BENCH.png, ...; the blocks\n"
	"                       of a sweep are told apart by all their parameters\n"
	"                       (FILE-BENCH-size_kib=64-steps=64.png)\n"
	"  -b, --bench NAME     only this benchmark\n"
	"  -j, --jobs N         gnuplot processes at once (default: one per CPU)\n"
	"      --metric M       analyse column M of samples.csv instead of cycles:\n"
	"                       instret, or a hardware event (branch-misses, ...)\n"
	"      --no-check       read samples.csv and summary.csv even if they do not\n"
	"                       match meta.json (by default refused, exit 2)\n"
	"  -h, --help           this help\n";

static const char help_fleet[] =
	"usage: rvbench fleet [OPTIONS] DIR...\n"
	"\n"
	"Read result directories of many devices (boards, LAVA jobs, QEMU instances)\n"
	"as one fleet. A directory's device is meta.json's device_name (--device-name),\n"
	"else the LAVA device it records, else the directory's name; directories of\n"
	"one device are pooled. Per benchmark (bench, parameters, group, batch size:\n"
	"never pooled): each device's median, their median, min, max, MAD and\n"
	"coefficient of variation; a device is an outlier when its modified z-score\n"
	"|m - median| / (1.4826 MAD) exceeds 3.5 (Iglewicz-Hoaglin; with MAD 0, when it\n"
	"is more than 1 % off the median, z inf; three devices at least); and the\n"
	"variance between and within devices (one-way random-effects ANOVA:\n"
	"components, share between, F and its p). Definitions: docs/statistics.md.\n"
	"\n"
	"  -o, --output DIR     also write the merged result directory: samples.csv,\n"
	"                       summary.csv, ... with a device column and the runs named\n"
	"                       DEVICE/TAG, meta.json listing the members, fleet.csv and\n"
	"                       fleet_devices.csv (stats, plot and compare read it)\n"
	"      --force          write over a result already in DIR\n"
	"  -f, --format FMT     text (default) or csv (fleet.csv on standard output)\n"
	"      --fail-on-outlier  exit 1 when a device is an outlier somewhere\n"
	"      --no-check       read the result files even if they do not match\n"
	"                       meta.json (by default a mismatch is refused, exit 2)\n"
	"  -h, --help           this help\n"
	"Blocks that are not whole (a status other than ok or skipped in summary.csv,\n"
	"samples lost in gaps.csv) are left out of the statistics and listed per\n"
	"device under 'not ok', with every member whose run failed (meta.json result\n"
	"not ok).\n"
	"Exit status: 0 done, 1 a member was incomplete or its run failed, a block was\n"
	"not ok, or an outlier with --fail-on-outlier; 2 an error.\n";
static const char help_lava[] =
	"usage: rvbench lava job [JOB OPTIONS] [-o FILE]\n"
	"       rvbench lava submit [JOB OPTIONS] [--repeat N] [--device NAME]... [-i ID]\n"
	"                           [--jobs FILE]\n"
	"       rvbench lava fetch [-i ID] [-o DIR] [--timeout SEC] [--allow-partial]\n"
	"                          JOBS-FILE|JOB-ID...\n"
	"\n"
	"rvbench in a LAVA lab (docs/lava.md). job writes a LAVA job definition:\n"
	"each benchmark block is one test case of the monitor 'rvbench', passed or\n"
	"failed by its END record; the metadata keeps bootargs, seed and selection.\n"
	"submit writes and submits jobs through lavacli (its configured identity),\n"
	"one per --device (the job tagged with the device's name) and per\n"
	"repetition, and appends 'ID<tab>LABEL' lines to the jobs file. fetch waits\n"
	"for each job, saves DIR/ID/lava-job.json and DIR/ID/lava-log.yaml and\n"
	"replays the log into DIR/ID: one result directory per job (rvbench fleet\n"
	"DIR/* merges them).\n"
	"\n"
	"Job options:\n"
	"      --image URL|PATH qemu: the ELF (build/rvbench.elf); a U-Boot board: the\n"
	"                       binary (build/rvbench.bin). A path becomes file://PATH\n"
	"      --device-type T  qemu (default), hifive-unleashed-a00 (TFTP, booti at\n"
	"                       0x80200000), or the LAVA device type of another\n"
	"                       U-Boot board\n"
	"      --bootargs STR   firmware words, after rvbench.exit=reboot\n"
	"                       rvbench.listen_ms=0 on qemu (and under -icount the short\n"
	"                       memory sweeps, as rvbench qemu), rvbench.listen_ms=0 on a\n"
	"                       board\n"
	"      --smp N          qemu: harts (default 5)\n"
	"      --icount SHIFT|off  qemu: -icount shift=SHIFT,sleep=off (default 0)\n"
	"      --load-addr ADDR another U-Boot board: tftp/booti address (default\n"
	"                       ${kernel_addr_r})\n"
	"      --console STR    U-Boot boards: first word of the kernel line (default\n"
	"                       console=ttySIF0,115200 on hifive-unleashed-a00)\n"
	"      --tags LIST      LAVA device tags, comma-separated\n"
	"      --job-name NAME  the job's name (at most 200 characters)\n"
	"      --timeout MIN    the run's timeout in minutes (default 20)\n"
	"Submit options:\n"
	"      --repeat N       N jobs (per device)\n"
	"      --device NAME    one job (per repetition) for the device tagged NAME;\n"
	"                       may be repeated\n"
	"  -i, --identity ID    lavacli's identity (default: its default)\n"
	"      --jobs FILE      the job list appended to (default lava-jobs.txt)\n"
	"Fetch options:\n"
	"  -o, --output DIR     where the job directories go (default results/lava)\n"
	"      --timeout SEC    wait at most SEC for each job (default 3600; 0: forever)\n"
	"      --allow-partial  as for replay\n"
	"lavacli is $RVBENCH_LAVACLI, else lavacli (Debian package lavacli).\n"
	"Exit status: 0 done (fetch: every run complete), 1 fetch: a run incomplete\n"
	"or failed, or a job LAVA did not end Complete; 2 an error (lavacli failed,\n"
	"a job did not finish).\n";

const struct command commands[] = {
	{ "qemu", "IMAGE", "boot IMAGE on QEMU and collect its UART", help_qemu, cmd_qemu, 1 },
	{ "serial", "--port DEV",
	  "read a real board's UART (never writes to it without\n--exec or --console)", help_serial,
	  cmd_serial, 1 },
	{ "replay", "FILE", "decode a saved UART log", help_replay, cmd_replay, 1 },
	/* The analysis commands only read files. */
	{ "stats", "[DIR [BENCH]]", "statistics of a result directory (also --format csv|json|gbench-json)",
	  help_stats, cmd_stats, 0 },
	{ "compare", "A B", "A/B comparison of two result directories (or DIR:BENCH)", help_compare,
	  cmd_compare, 0 },
	{ "fleet", "DIR...", "one report (and merged directory) of many devices' results",
	  help_fleet, cmd_fleet, 0 },
	{ "plot", "[DIR]", "histogram, CDF and more as PNG/SVG through gnuplot", help_plot, cmd_plot,
	  0 },
	{ "baseline", "save|list", "keep a result as a named reference for compare\n(save NAME [DIR]; list)",
	  help_baseline, cmd_baseline, 0 },
	{ "report", "[DIR]", "one HTML page and a Markdown report of a result directory",
	  help_report, cmd_report, 0 },
	/* fetch collects through replay, which stops at Ctrl-C. */
	{ "lava", "job|submit|fetch", "LAVA job definitions; submit and fetch them through lavacli",
	  help_lava, cmd_lava, 1 },
};
const size_t ncommands = sizeof(commands) / sizeof(commands[0]);

const struct command *command_find(const char *name)
{
	for (size_t i = 0; i < ncommands; i++)
		if (!strcmp(commands[i].name, name))
			return &commands[i];
	return NULL;
}
