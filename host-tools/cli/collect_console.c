/* The firmware's console around a collection (--exec, --console;
 * collect_cli.h). */
#include "collect_cli.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* Before anything is opened: the script is checked. */
int console_prepare(const char *cmd, const struct console_cli *cc, struct console *k, int add_exit)
{
	char err[256];

	if (console_init(k, cc->mode, cc->script, add_exit, -1, STDIN_FILENO, stdout, err,
			 sizeof(err))) {
		rvb_error("%s: %s", cmd, err);
		return -1;
	}
	return 0;
}

/* The session is open: the terminal goes raw for --console. */
void console_begin(const char *cmd, struct console *k, struct session *s)
{
	if (k->mode == CONSOLE_OFF)
		return;
	/* `list; show` asks for no run: none found is no news. */
	s->no_run_asked = k->mode == CONSOLE_EXEC && !console_script_runs(k);
	/* The human lines go to stdout; a progress line would mix in. */
	if (isatty(STDOUT_FILENO))
		s->progress = PROGRESS_OFF;
	if (k->mode == CONSOLE_INTERACTIVE) {
		if (console_tty_raw(STDIN_FILENO))
			rvb_error("%s: cannot put the terminal in raw mode: %s", cmd, strerror(errno));
		fprintf(stderr, "rvbench: %s console: type at the prompt '%s'; Ctrl-] ends the session\n",
			cmd, CONSOLE_PROMPT);
	}
}

/* The collection is over: the terminal back, and a word on the script. */
void console_end(struct console *k)
{
	console_tty_restore();
	if (k->mode == CONSOLE_INTERACTIVE)
		fputc('\n', stdout); /* the summary starts on a line of its own */
	console_report(k);
}

/* The exit status of a console collection: as the runs say, except that
 * a script that starts no run (list, show, set) and got every command
 * answered is a success, and one with commands never sent or never
 * answered is not (their runs are missing). Error answers never change it:
 * they lose no data. */
int console_status(const struct console *k, const struct session *s, int status)
{
	if (k->mode != CONSOLE_EXEC)
		return status;
	int all_done = console_commands_done(k) == k->ncmd - k->added_exit;
	if (status == EXIT_INCOMPLETE && !s->c->nruns && !console_script_runs(k) && all_done)
		return EXIT_COMPLETE;
	if (status == EXIT_COMPLETE && !all_done)
		return EXIT_INCOMPLETE;
	return status;
}
