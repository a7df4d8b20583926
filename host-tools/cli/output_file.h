/*
 * The -o FILE of `stats` and `lava job`, or the standard output without
 * one. A file is written as DIR/.NAME.XXXXXX.tmp and renamed (atomic_file.h): a
 * full disk leaves FILE as it was, never cut off, and no temporary file.
 */
#ifndef RVBENCH_OUTPUT_FILE_H
#define RVBENCH_OUTPUT_FILE_H

#include <stddef.h>

#include "atomic_file.h"

/*
 * fn's content to path (NULL: the standard output, flushed). The file
 * the standard output or error is open on (-o /dev/stdout, or its name)
 * is written through that stream, after what is already there. A new
 * file or a regular one is written through a temporary file and a rename.
 * Any other path is written in place, through it: a device or a pipe, a
 * symbolic link (whose file a rename would not replace, only the link).
 * Returns 0, or -1 with a one-line reason naming the file and the cause
 * (strerror) in err.
 */
int output_file_write(const char *path, afile_writer fn, void *ctx, char *err, size_t errlen);

#endif
