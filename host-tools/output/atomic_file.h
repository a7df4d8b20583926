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

#endif
