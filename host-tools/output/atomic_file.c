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

int afile_prepare(struct afile_tmp *t, const char *dir, const char *name, afile_writer fn,
		  void *ctx, char *err, size_t errlen)
{
	const char *step;
	int saved;

	t->tmp[0] = '\0';
	if ((size_t)snprintf(t->tmp, sizeof(t->tmp), "%s/.%s.XXXXXX.tmp", dir, name) >= sizeof(t->tmp) ||
	    (size_t)snprintf(t->final, sizeof(t->final), "%s/%s", dir, name) >= sizeof(t->final)) {
		t->tmp[0] = '\0';
		snprintf(err, errlen, "%s/%s: path too long", dir, name);
		return -1;
	}
	int fd = afile_tmp_create(t->tmp);
	if (fd < 0) {
		t->tmp[0] = '\0';
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
	return 0;

fail_unlink:
	afile_abort(t);
	snprintf(err, errlen, "%s %s: %s", step, t->final, strerror(saved));
	return -1;
}

int afile_commit(struct afile_tmp *t, char *err, size_t errlen)
{
	char dir[4096];

	if (rename(t->tmp, t->final)) {
		int saved = errno;
		afile_abort(t);
		snprintf(err, errlen, "cannot rename %s: %s", t->final, strerror(saved));
		return -1;
	}
	t->tmp[0] = '\0';
	/* Make the rename itself durable; failure here loses nothing written. */
	snprintf(dir, sizeof(dir), "%s", t->final);
	char *slash = strrchr(dir, '/');
	if (slash)
		slash[slash == dir] = '\0'; /* "/x" is in "/" */
	int dfd = open(slash ? dir : ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd >= 0) {
		fsync(dfd);
		close(dfd);
	}
	return 0;
}

void afile_abort(struct afile_tmp *t)
{
	if (t->tmp[0])
		unlink(t->tmp);
	t->tmp[0] = '\0';
}

int afile_commit_set(struct afile_tmp *t, size_t n, unsigned char *committed, char *err,
		     size_t errlen)
{
	int rc = 0;

	for (size_t i = 0; i < n; i++) {
		committed[i] = 0;
		if (rc || !t[i].tmp[0])
			afile_abort(&t[i]);
		else if (afile_commit(&t[i], err, errlen))
			rc = -1;
		else
			committed[i] = 1;
	}
	return rc;
}

int afile_write(const char *dir, const char *name, afile_writer fn, void *ctx,
		char *err, size_t errlen)
{
	struct afile_tmp t;

	if (afile_prepare(&t, dir, name, fn, ctx, err, errlen))
		return -1;
	return afile_commit(&t, err, errlen);
}
