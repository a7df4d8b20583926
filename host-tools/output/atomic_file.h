/*
 * Result files are written as DIR/.NAME.XXXXXX.tmp, flushed to disk, then
 * renamed to DIR/NAME: a crash or a full disk never leaves a truncated
 * file that looks complete. Every step's result is checked. The temporary
 * name is unique and made with O_EXCL: two writers of one file do not
 * share it, and in a directory others can write to (-o /tmp/x) nobody can
 * have put a file or a link there first.
 */
#ifndef RVBENCH_ATOMIC_FILE_H
#define RVBENCH_ATOMIC_FILE_H

#include <stdio.h>

/* A new, empty file from template (ending in XXXXXX.tmp, the Xs
 * replaced), created exclusively, mode 0644 less the umask: its fd, or -1
 * with errno. */
int afile_tmp_create(char *template);

/* Writes the file's content into f; returns 0, or -1 on an error. */
typedef int (*afile_writer)(FILE *f, void *ctx);

/*
 * Creates dir/name through a temporary file. Returns 0, or -1 with a
 * one-line reason in err (the temporary file is removed).
 */
int afile_write(const char *dir, const char *name, afile_writer fn, void *ctx,
		char *err, size_t errlen);

/*
 * afile_write() in two steps, for a set of files that must all change or
 * none (a result directory: meta.json vouches for the files beside it).
 * afile_prepare() writes and syncs the temporary file; once every file of
 * the set is prepared, afile_commit() renames each into place. A failed
 * preparation is undone with afile_abort() on the others, and no file of
 * the set has changed. A rename needs no room on the disk, so a full disk
 * shows up before the first commit.
 */
struct afile_tmp {
	char tmp[4096];   /* the temporary file, "" when there is none */
	char final[4096]; /* its name once committed */
};
/* 0, or -1 with a one-line reason in err (the temporary file removed). */
int afile_prepare(struct afile_tmp *t, const char *dir, const char *name, afile_writer fn,
		  void *ctx, char *err, size_t errlen);
/* Renames t->tmp to t->final: 0, or -1 with a one-line reason in err
 * (the temporary file removed). t->tmp is "" afterwards either way. */
int afile_commit(struct afile_tmp *t, char *err, size_t errlen);
/* Removes t->tmp, if any, and forgets it. */
void afile_abort(struct afile_tmp *t);
/* afile_commit() on each prepared t[i] (tmp not "") in order, committed[i]
 * set to 1 for each renamed into place; at the first failure the others
 * are aborted. 0, or -1 with the failure's reason in err. */
int afile_commit_set(struct afile_tmp *t, size_t n, unsigned char *committed, char *err,
		     size_t errlen);

#endif
