/* `rvbench serial --port DEV`: collect a board's UART (source_serial.c). */
#include "commands.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "collect_cli.h"
#include "source.h"

int cmd_serial(const struct command *cmd, int argc, char **argv)
{
	static const struct option lo[] = {
		{ "port", required_argument, NULL, 'p' },
		{ "baud", required_argument, NULL, 'b' },
		COLLECT_LONG_OPTIONS,
	};
	struct collect_cli c = { { CONSOLE_OFF, NULL, 0 }, NULL, DEFAULT_TIMEOUT_S, 0, NULL, 0, 0, 0, 0 };
	const char *port = NULL;
	unsigned long baud = 115200, v;
	int opt, status;

	reset_getopt();
	while ((opt = next_own_opt("serial", cmd->help, &c, argc, argv, ":p:b:t:o:e:chvq", lo, &status)) !=
	       -1) {
		if (opt == OPT_RETURN)
			return status;
		switch (opt) {
		case 'p':
			port = optarg;
			break;
		case 'b':
			if (parse_uint(optarg, 1, ULONG_MAX, &v) || !serial_baud_ok(v)) {
				rvb_error("serial: unsupported baud rate '%s' (standard rates 9600..3000000)",
					  optarg);
				return EXIT_ERROR;
			}
			baud = v;
			break;
		default:
			return EXIT_ERROR;
		}
	}

	if (optind != argc) {
		rvb_error("serial: unexpected argument '%s'", argv[optind]);
		return EXIT_ERROR;
	}
	if (!port) {
		rvb_error("serial: --port DEV is required (see rvbench serial --help)");
		return EXIT_ERROR;
	}

	unsigned timeout_s = collect_timeout_s(&c);

	/* No "exit" added: the board stays at its prompt (or parks). */
	struct console k;
	if (console_prepare("serial", &c.cc, &k, 0))
		return EXIT_ERROR;
	char err[4400];
	/* Read-write only when the user asked for the console. */
	int fd = serial_open_mode(port, baud, c.cc.mode != CONSOLE_OFF, err, sizeof(err));
	if (fd < 0) {
		rvb_error("serial: %s", err);
		console_free(&k);
		return EXIT_ERROR;
	}
	struct session s;
	if (session_open(&s, c.outdir, NULL, c.force, err, sizeof(err))) {
		close(fd);
		rvb_error("%s", err);
		console_free(&k);
		return EXIT_ERROR;
	}
	s.allow_partial = c.allow_partial;
	session_verbosity(&s, c.verbose, c.quiet, 0);
	s.console = c.cc.mode != CONSOLE_OFF;
	s.link_bytes_per_s = baud / 10; /* 8N1: ten bits a byte */
	struct meta_source m = { .kind = "serial", .port = port, .baud = baud,
				 .timeout_s = timeout_s, .max_time_s = (unsigned)c.max_time_s,
				 .device_name = c.device_name };
	console_begin("serial", &k, &s);
	enum src_end end = source_serial_limits(&s, fd, timeout_s, (unsigned)c.max_time_s, &k);
	m.end = src_end_name(end);
	console_end(&k);
	collect_say_limit("serial", port, m.end, timeout_s, (unsigned)c.max_time_s);
	if (end == SRC_END_GONE)
		rvb_error("serial: %s went away (unplugged, or the board's USB bridge reset or lost"
			  " power%s%s): the results hold what arrived before", port,
			  s.src_errno ? ": " : "", s.src_errno ? strerror(s.src_errno) : "");
	else if (end == SRC_END_ERROR)
		/* Named, with its cause: "collection ended: error" alone says
		 * neither which port nor why. */
		rvb_error("serial: %s failed: %s: the results hold what arrived before", port,
			  s.src_errno ? strerror(s.src_errno) : "unknown error");
	status = console_status(&k, &s, session_finish(&s, &m, stdout));
	session_free(&s);
	console_free(&k);
	return status;
}
