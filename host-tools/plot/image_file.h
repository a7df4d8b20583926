/*
 * The pictures gnuplot draws, checked whole before they get their names.
 * gnuplot's png (pngcairo) and svg terminals exit 0 when a write fails (a
 * full disk, a file size limit): the file is then empty or cut off, and
 * only its content tells. So a figure is drawn into DIR/.NAME.XXXXXX.tmp,
 * checked here, and renamed to DIR/NAME, as the result files are
 * (atomic_file.h): DIR/NAME is a whole picture or what it was before.
 */
#ifndef RVBENCH_IMAGE_FILE_H
#define RVBENCH_IMAGE_FILE_H

#include <stddef.h>

/* Makes DIR/.NAME.XXXXXX.tmp for file DIR/NAME (or NAME), empty and
 * exclusively (atomic_file.h), for gnuplot to draw into; its name in
 * buf[0..len). 0, or -1 with errno (ENAMETOOLONG when it does not fit). */
int image_tmp_make(char *buf, size_t len, const char *file);

/*
 * NULL when b[0..n) is a whole picture of the format that file's
 * extension names, else what is wrong with it, in a few words:
 *   .png  the signature, then chunks whose lengths and CRCs hold, IHDR
 *         first, IEND last and nothing after it
 *   .svg  an XML declaration or <svg at the start, </svg> at the end
 *         (white space around them allowed)
 * Any other extension is refused.
 */
const char *image_incomplete(const char *file, const unsigned char *b, size_t n);

/*
 * Checks tmp, gnuplot's picture for file (image_incomplete), syncs it to
 * disk and renames it to file. 0, or -1 with a reason naming file in err.
 * tmp is gone afterwards either way.
 */
int image_commit(const char *tmp, const char *file, char *err, size_t errlen);

#endif
