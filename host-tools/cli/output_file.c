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

int output_file_write(const char *path, afile_writer fn, void *ctx, char *err, size_t errlen)
{
	char real[PATH_MAX], dir[PATH_MAX];
	struct stat st;
	if (!path) {
		if (write_flushed(stdout, fn, ctx)) {
			snprintf(err, errlen, "cannot write the standard output: %s", strerror(errno));
			return -1;
		}
		return 0;
	}
	/* Through a link to its file, so that the rename replaces the file
	 * and not the link. */
	if (!lstat(path, &st) && S_ISLNK(st.st_mode) && realpath(path, real))
		path = real;
	if (!stat(path, &st) && !S_ISREG(st.st_mode))
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
