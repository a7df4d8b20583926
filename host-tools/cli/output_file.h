/*
 * The -o FILE of `stats` and `lava job`, or the standard output without
 * one. A file is written as DIR/.NAME.tmp and renamed (atomic_file.h): a
 * full disk leaves FILE as it was, never cut off, and no temporary file.
 */
#ifndef RVBENCH_OUTPUT_FILE_H
#define RVBENCH_OUTPUT_FILE_H

#include <stddef.h>

#include "atomic_file.h"

/*
 * fn's content to path (NULL: the standard output, flushed). A path that
 * exists and is not a regular file (/dev/stdout, a pipe) has nothing to
 * replace: it is written in place; a symbolic link's file is replaced,
 * the link kept. Returns 0, or -1 with a one-line reason naming the file
 * and the cause (strerror) in err.
 */
int output_file_write(const char *path, afile_writer fn, void *ctx, char *err, size_t errlen);

#endif
