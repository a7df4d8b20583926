/*
 * Running gnuplot for the pictures (Debian gnuplot-nox): data and script
 * go to a private temporary directory that is removed afterwards;
 * gnuplot's messages are shown only when it fails. The picture goes to a
 * temporary file beside its own, renamed to it once checked whole
 * (image_file.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "gnuplot_batch.h"
#include "gnuplot_run.h"
#include "image_file.h"

#include "analysis.h"

extern char **environ;

FILE *gp_tmp_open(struct gp_tmpdir *t, const char *name, char *path, size_t len)
{
	snprintf(path, len, "%s/%s", t->path, name);
	if (t->nfile < 8)
		snprintf(t->file[t->nfile++], sizeof(t->file[0]), "%s", path);
	return fopen(path, "w");
}

void gp_tmp_remove(struct gp_tmpdir *t)
{
	if (t->batched)
		return;
	/* A picture never committed: gnuplot failed, or never ran. */
	if (t->out_tmp[0])
		unlink(t->out_tmp);
	t->out_tmp[0] = 0;
	for (int i = 0; i < t->nfile; i++)
		unlink(t->file[i]);
	rmdir(t->path);
}

/*
 * A gnuplot single-quoted string ('' is a quote). Inside single quotes
 * gnuplot expands neither backquotes nor @macros, and backslashes are
 * plain text; only a line end can get out, ending the command so that the
 * rest of the string runs as one. A control byte is therefore written as
 * the text \xNN (shown, never interpreted).
 */
void gp_str(FILE *f, const char *s)
{
	fputc('\'', f);
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;
		if (ch < 0x20 || ch == 0x7f) {
			fprintf(f, "\\x%02X", ch);
			continue;
		}
		if (ch == '\'')
			fputc('\'', f);
		fputc(ch, f);
	}
	fputc('\'', f);
}

void gp_title_machine(FILE *f, const char *machine)
{
	if (!*machine)
		return;
	gp_str(f, machine);
	fputs(" . \"\\n\" . ", f);
}

/* gp_terminal's lines for a picture of file's format, drawn into output. */
static int terminal_lines(FILE *f, const char *file, const char *output, int w, int h, char *err,
			  size_t errlen)
{
	const char *ext = strrchr(file, '.');
	for (const char *p = file; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f) {
			snprintf(err, errlen, "the output file name holds a control character");
			return -1;
		}
	if (ext && !strcmp(ext, ".svg"))
		fprintf(f, "set terminal svg size %d,%d noenhanced font 'Sans,11' background '#ffffff'\n", w, h);
	else if (ext && !strcmp(ext, ".png"))
		fprintf(f, "set terminal pngcairo size %d,%d noenhanced font 'Sans,10' background '#ffffff'\n", w, h);
	else {
		snprintf(err, errlen, "%s: the output must end in .png or .svg", file);
		return -1;
	}
	fputs("set output ", f);
	gp_str(f, output);
	/* The border behind the data: an axis from 0 has its samples of 0
	 * on the border, which drawn in front hid them (a percentile curve
	 * flat at 0, the dots of the samples in order). */
	fputs("\nset grid\nset border back\nset key top left\n", f);
	return 0;
}

int gp_terminal(FILE *f, const char *file, int w, int h, char *err, size_t errlen)
{
	return terminal_lines(f, file, file, w, h, err, errlen);
}

int gp_output(struct gp_tmpdir *t, FILE *f, const char *file, int w, int h, char *err,
	      size_t errlen)
{
	if ((size_t)snprintf(t->out, sizeof(t->out), "%s", file) >= sizeof(t->out)) {
		t->out_tmp[0] = 0;
		snprintf(err, errlen, "%.200s...: the output file name is too long", file);
		return -1;
	}
	if (image_tmp_make(t->out_tmp, sizeof(t->out_tmp), file)) {
		/* Before gnuplot: the error names the picture, not a hidden file. */
		snprintf(err, errlen, "cannot write %s: %s", file, strerror(errno));
		t->out_tmp[0] = 0;
		return -1;
	}
	if (terminal_lines(f, file, t->out_tmp, w, h, err, errlen)) {
		t->out_tmp[0] = 0;
		return -1;
	}
	return 0;
}

int gp_output_commit(struct gp_tmpdir *t, char *err, size_t errlen)
{
	if (!t->out_tmp[0])
		return 0;
	int rc = image_commit(t->out_tmp, t->out, err, errlen);
	t->out_tmp[0] = 0; /* renamed or removed: not ours to remove any more */
	return rc;
}

/* Runs gnuplot on script; its output goes to log, shown on failure. Then
 * t's picture, if it has one, is checked and put in place. */
static int run_gnuplot(struct gp_tmpdir *t, const char *script, char *err, size_t errlen)
{
	char log[128];
	snprintf(log, sizeof(log), "%s/gnuplot.log", t->path);
	if (t->nfile < 8)
		snprintf(t->file[t->nfile++], sizeof(t->file[0]), "%s", log);
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	posix_spawn_file_actions_adddup2(&fa, 1, 2);
	char *argv[] = { "gnuplot", (char *)script, NULL };
	pid_t pid;
	int rc = posix_spawnp(&pid, "gnuplot", &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (rc) {
		snprintf(err, errlen, "cannot run gnuplot: %s (install gnuplot-nox: make deps)",
			 strerror(rc));
		return -1;
	}
	int st;
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR) {
			snprintf(err, errlen, "waiting for gnuplot: %s", strerror(errno));
			return -1;
		}
	/* gnuplot exits 0 when its picture could not be written: the
	 * picture itself tells (gp_output_commit). */
	if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
		return gp_output_commit(t, err, errlen);
	char msg[512] = "";
	FILE *f = fopen(log, "r");
	if (f) {
		size_t n = fread(msg, 1, sizeof(msg) - 1, f);
		msg[n] = 0;
		fclose(f);
	}
	snprintf(err, errlen, "gnuplot failed (status %d): %s", WIFEXITED(st) ? WEXITSTATUS(st) : -1,
		 msg);
	return -1;
}

/* Closes the finished script *f and runs gnuplot on it: gnuplot's status,
 * or -1 with err set when the script could not be written. */
int gp_finish_script(struct gp_tmpdir *t, FILE **f, const char *path, char *err, size_t errlen)
{
	if (gp_close_ok(f))
		return gp_write_error(t, f, err, errlen);
	if (gp_batch_take(t, path))
		return 0;
	return run_gnuplot(t, path, err, errlen);
}

int gp_run_script(struct gp_tmpdir *t, const char *path, char *err, size_t errlen)
{
	return run_gnuplot(t, path, err, errlen);
}

int gp_write_error(const struct gp_tmpdir *t, FILE **f, char *err, size_t errlen)
{
	snprintf(err, errlen, "cannot write plot data in %s: %s", t->path, strerror(errno));
	if (*f) {
		fclose(*f);
		*f = NULL;
	}
	return -1;
}

int gp_tmp_make(struct gp_tmpdir *t, char *err, size_t errlen)
{
	memset(t, 0, sizeof(*t));
	const char *base = getenv("TMPDIR");
	/* The data files' paths go into the script as they are ('%s'): a
	 * TMPDIR with a quote or a control byte is not used. */
	if (base && (strlen(base) >= 30 || strpbrk(base, "'\"\\`@") || !*base))
		base = NULL;
	for (const char *p = base; p && *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			base = NULL;
	snprintf(t->path, sizeof(t->path), "%s/rvbench-plot.XXXXXX", base ? base : "/tmp");
	if (!mkdtemp(t->path)) {
		snprintf(err, errlen, "cannot create a temporary directory: %s", strerror(errno));
		return -1;
	}
	return 0;
}

/* fclose that forgets the stream either way. */
int gp_close_ok(FILE **f)
{
	int r = fclose(*f);
	*f = NULL;
	return r;
}

int gp_write_sorted(FILE *f, const uint64_t *v, size_t n)
{
	uint64_t *s = an_sorted_copy(v, n);
	if (!s)
		return -1;
	/* With steps, the first row is where the line starts: without this
	 * one the CDF began at 1/n, and a single sample drew no line at all. */
	if (n)
		fprintf(f, "%llu %.6f\n", (unsigned long long)s[0], 0.0);
	for (size_t i = 0; i < n; i++)
		fprintf(f, "%llu %.6f\n", (unsigned long long)s[i], 100.0 * (double)(i + 1) / (double)n);
	free(s);
	return 0;
}
