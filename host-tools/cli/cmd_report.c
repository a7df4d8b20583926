/*
 * `rvbench report [DIR]`: reads DIR, draws its figures (as `rvbench plot`,
 * in parallel) unless --no-plots or no block measured a sample, then
 * writes DIR/index.html and DIR/report.md (host-tools/report/), each
 * whole or not at all.
 */
#include <getopt.h>
#include <string.h>

#include "atomic_file.h"
#include "baseline.h"
#include "commands.h"
#include "plot_dir.h"
#include "report_data.h"
#include "session.h"

int cmd_report(const struct command *cmd, int argc, char **argv)
{
	static const struct option lo[] = {
		{ "no-plots", no_argument, NULL, 'n' },
		{ "jobs", required_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ 0, 0, 0, 0 },
	};
	int opt, plots = 1;
	unsigned jobs = 0;
	optind = 0;
	opterr = 0;
	while ((opt = getopt_long(argc, argv, ":j:h", lo, NULL)) != -1) {
		switch (opt) {
		case 'n':
			plots = 0;
			break;
		case 'j':
			if (plot_jobs_arg(optarg, &jobs))
				return EXIT_ERROR;
			break;
		default:
			return opt_end(cmd, opt, argv);
		}
	}
	if (argc - optind > 1) {
		rvb_error("report: one DIR only (see rvbench report --help)");
		return EXIT_ERROR;
	}
	const char *dir = optind < argc ? argv[optind] : BASELINE_RESULTS_ROOT "/latest";
	char err[4400];
	struct report_data d;
	int status = 0;
	/* Read first: a run that measured nothing (no benchmark selected,
	 * every block faulted or skipped) has no figure to draw, and its page
	 * says why instead of the plot's "no samples". */
	if (report_load(dir, &d, err, sizeof(err))) {
		rvb_error("report: %s", err);
		status = EXIT_ERROR;
	} else if (plots && d.nmeasured && plot_dir("report", dir, NULL, NULL, jobs, NULL)) {
		status = EXIT_ERROR;
	} else if (report_find_plots(&d, err, sizeof(err)) ||
		   afile_write(dir, "index.html", report_write_html, &d, err, sizeof(err)) ||
		   afile_write(dir, "report.md", report_write_md, &d, err, sizeof(err))) {
		rvb_error("report: %s", err);
		status = EXIT_ERROR;
	} else {
		printf("%s/index.html\n%s/report.md\n", dir, dir);
	}
	report_free(&d);
	return status;
}
