/* -o FILE or the standard output, every write checked (output_file.h). */
#include "output_file.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* fn's content to f, flushed so that a buffered write's failure shows:
 * 0, or -1 with errno set. */
static int write_flushed(FILE *f, afile_writer fn, void *ctx)
{
	errno = 0;
	int rc = fn(f, ctx);
	if (fflush(f) || ferror(f) || rc) {
		if (!errno)
			errno = EIO;
		return -1;
	}
	return 0;
}

/* A device or a pipe, opened and written as it is. */
static int write_in_place(const char *path, afile_writer fn, void *ctx, char *err, size_t errlen)
{
	FILE *f = fopen(path, "we");
	if (!f) {
		snprintf(err, errlen, "cannot create %s: %s", path, strerror(errno));
		return -1;
	}
	int rc = write_flushed(f, fn, ctx), saved = errno;
	if (fclose(f) && !rc) {
		rc = -1;
		saved = errno;
	}
	if (rc)
		snprintf(err, errlen, "cannot write %s: %s", path, strerror(saved));
	return rc;
}

/* The standard output or error when st is the file it is open on, else
 * NULL. Such a file is written through the stream: opening it again (as
 * /dev/stdout would be) truncates it, and what the shell's >> or
 * { ...; } > put there before would be lost. */
static FILE *std_stream_of(const struct stat *st)
{
	struct stat fd;

	for (int i = 1; i <= 2; i++)
		if (!fstat(i, &fd) && fd.st_dev == st->st_dev && fd.st_ino == st->st_ino)
			return i == 1 ? stdout : stderr;
	return NULL;
}

int output_file_write(const char *path, afile_writer fn, void *ctx, char *err, size_t errlen)
{
	char dir[PATH_MAX];
	struct stat st;
	FILE *std = !path ? stdout : !stat(path, &st) ? std_stream_of(&st) : NULL;
	if (std) {
		if (write_flushed(std, fn, ctx)) {
			snprintf(err, errlen, "cannot write the standard %s: %s",
				 std == stdout ? "output" : "error", strerror(errno));
			return -1;
		}
		return 0;
	}
	if (!lstat(path, &st) && !S_ISREG(st.st_mode))
		return write_in_place(path, fn, ctx, err, errlen);
	const char *slash = strrchr(path, '/'), *name = slash ? slash + 1 : path;
	if (!*name) {
		snprintf(err, errlen, "cannot create %s: not a file name", path);
		return -1;
	}
	if (!slash)
		snprintf(dir, sizeof(dir), ".");
	else if (snprintf(dir, sizeof(dir), "%.*s", (int)(slash - path) + (slash == path), path) >=
		 (int)sizeof(dir)) {
		snprintf(err, errlen, "cannot create %s: %s", path, strerror(ENAMETOOLONG));
		return -1;
	}
	return afile_write(dir, name, fn, ctx, err, errlen);
}
