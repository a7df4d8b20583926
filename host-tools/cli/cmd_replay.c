/* `rvbench replay FILE`: decode a saved UART log (source_file.c). */
#include "commands.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "collect_cli.h"
#include "source.h"

int cmd_replay(const struct command *cmd, int argc, char **argv)
{
	static const struct option lo[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "allow-partial", no_argument, NULL, 'P' },
		{ "force", no_argument, NULL, 'F' },
		{ "device-name", required_argument, NULL, 'D' },
		{ "help", no_argument, NULL, 'h' },
		{ 0, 0, 0, 0 },
	};
	struct collect_cli c = { { CONSOLE_OFF, NULL, 0 }, NULL, 0, 0, NULL, 0 };
	int opt, status;

	reset_getopt();
	/* Its options are all shared ones: anything else is an error. */
	if ((opt = next_own_opt("replay", cmd->help, &c, argc, argv, ":o:h", lo, &status)) != -1)
		return opt == OPT_RETURN ? status : EXIT_ERROR;
	if (optind != argc - 1) {
		rvb_error(optind >= argc ? "replay: no FILE given (see rvbench replay --help)"
					 : "replay: one FILE only (see rvbench replay --help)");
		return EXIT_ERROR;
	}
	const char *file = argv[optind];
	FILE *probe = fopen(file, "r");
	if (!probe) {
		rvb_error("replay: cannot open %s: %s", file, strerror(errno));
		return EXIT_ERROR;
	}
	fclose(probe);

	char err[4400];
	struct session s;
	if (session_open(&s, c.outdir, file, c.force, err, sizeof(err))) {
		rvb_error("%s", err);
		return EXIT_ERROR;
	}
	s.allow_partial = c.allow_partial;
	struct meta_source m = { .kind = "replay", .file = file, .device_name = c.device_name };
	enum src_end end;
	if (source_file(&s, file, &end, err, sizeof(err))) {
		rvb_error("replay: %s", err);
		m.end = "error";
		session_finish(&s, &m, stdout);
		status = EXIT_ERROR;
	} else {
		m.end = src_end_name(end);
		status = session_finish(&s, &m, stdout);
	}
	session_free(&s);
	return status;
}
