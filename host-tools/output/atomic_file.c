/* Atomic result files (atomic_file.h). */
#include "atomic_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int afile_tmp_create(char *template)
{
	int fd = mkostemps(template, 4, O_CLOEXEC);
	if (fd < 0)
		return -1;
	/* mkostemps makes it 0600; a result file is as readable as any
	 * other file made here (0644 less the umask). */
	mode_t mask = umask(0);
	umask(mask);
	if (fchmod(fd, 0644 & ~mask)) {
		int saved = errno;
		close(fd);
		unlink(template);
		errno = saved;
		return -1;
	}
	return fd;
}

int afile_write(const char *dir, const char *name, afile_writer fn, void *ctx,
		char *err, size_t errlen)
{
	char tmp[4096], final[4096];
	const char *step;
	int saved;

	if ((size_t)snprintf(tmp, sizeof(tmp), "%s/.%s.XXXXXX.tmp", dir, name) >= sizeof(tmp) ||
	    (size_t)snprintf(final, sizeof(final), "%s/%s", dir, name) >= sizeof(final)) {
		snprintf(err, errlen, "%s/%s: path too long", dir, name);
		return -1;
	}
	int fd = afile_tmp_create(tmp);
	if (fd < 0) {
		snprintf(err, errlen, "cannot create a file in %s for %s: %s", dir, name,
			 strerror(errno));
		return -1;
	}
	FILE *f = fdopen(fd, "w");
	if (!f) {
		saved = errno;
		close(fd);
		step = "cannot write";
		goto fail_unlink;
	}
	errno = 0;
	int rc = fn(f, ctx);
	/* fflush reports a full disk that buffered writes hid so far. */
	if (rc || fflush(f) || ferror(f)) {
		saved = errno ? errno : EIO;
		fclose(f);
		step = "cannot write";
		goto fail_unlink;
	}
	/* fsync before rename: otherwise a power cut can leave the new name
	 * pointing at an empty file. */
	if (fsync(fileno(f))) {
		saved = errno;
		fclose(f);
		step = "cannot sync";
		goto fail_unlink;
	}
	if (fclose(f)) {
		saved = errno;
		step = "cannot close";
		goto fail_unlink;
	}
	if (rename(tmp, final)) {
		saved = errno;
		step = "cannot rename";
		goto fail_unlink;
	}
	/* Make the rename itself durable; failure here loses nothing written. */
	int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd >= 0) {
		fsync(dfd);
		close(dfd);
	}
	return 0;

fail_unlink:
	unlink(tmp);
	snprintf(err, errlen, "%s %s: %s", step, final, strerror(saved));
	return -1;
}
