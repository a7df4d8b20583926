/* Pictures checked whole, then renamed into place (image_file.h). */
#include "image_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomic_file.h"
#include "crc.h"

int image_tmp_make(char *buf, size_t len, const char *file)
{
	const char *slash = strrchr(file, '/');
	int dirlen = slash ? (int)(slash - file + 1) : 0;
	int n = snprintf(buf, len, "%.*s.%s.XXXXXX.tmp", dirlen, file, file + dirlen);
	if (n < 0 || (size_t)n >= len) {
		errno = ENAMETOOLONG;
		return -1;
	}
	int fd = afile_tmp_create(buf);
	if (fd < 0)
		return -1;
	close(fd);
	return 0;
}

static uint32_t be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* A PNG is a signature and chunks (length, type, data, CRC-32 of type and
 * data): walking them all finds a cut anywhere, not only at the end, and
 * a piece missing in the middle (a write that failed, later ones not). */
static const char *png_incomplete(const unsigned char *b, size_t n)
{
	static const unsigned char sig[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
	int idat = 0;
	if (n < sizeof(sig) || memcmp(b, sig, sizeof(sig)))
		return "no PNG signature";
	for (size_t at = sizeof(sig); n - at >= 12;) {
		uint32_t len = be32(b + at);
		const unsigned char *type = b + at + 4;
		if (len > n - at - 12)
			return "cut off inside a chunk";
		if (be32(type + 4 + len) != crc32_of(type, 4 + (size_t)len))
			return "a chunk's CRC is wrong";
		if (at == sizeof(sig) && memcmp(type, "IHDR", 4))
			return "no IHDR chunk first";
		at += 12 + (size_t)len;
		idat |= !memcmp(type, "IDAT", 4);
		if (!memcmp(type, "IEND", 4))
			return at != n ? "bytes after the IEND chunk" : !idat ? "no IDAT chunk" : NULL;
	}
	return "cut off: no IEND chunk at the end";
}

static int is_space(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* An SVG has no checksum: a whole one starts as XML or <svg and ends with
 * the closing tag, which gnuplot writes last. */
static const char *svg_incomplete(const unsigned char *b, size_t n)
{
	static const char end[] = "</svg>";
	size_t first = 0, last = n;
	while (first < n && is_space(b[first]))
		first++;
	while (last > first && is_space(b[last - 1]))
		last--;
	if (!(last - first >= 5 && !memcmp(b + first, "<?xml", 5)) &&
	    !(last - first >= 4 && !memcmp(b + first, "<svg", 4)))
		return "no XML or <svg at the start";
	if (last - first < sizeof(end) - 1 || memcmp(b + last - (sizeof(end) - 1), end, sizeof(end) - 1))
		return "cut off: no </svg> at the end";
	return NULL;
}

const char *image_incomplete(const char *file, const unsigned char *b, size_t n)
{
	const char *ext = strrchr(file, '.');
	if (!n)
		return "empty";
	if (ext && !strcmp(ext, ".png"))
		return png_incomplete(b, n);
	if (ext && !strcmp(ext, ".svg"))
		return svg_incomplete(b, n);
	return "neither .png nor .svg";
}

/* The whole of fd in a new buffer *b of *n bytes: 0, or -1 (errno). */
static int read_all(int fd, unsigned char **b, size_t *n)
{
	struct stat st;
	*b = NULL;
	*n = 0;
	if (fstat(fd, &st))
		return -1;
	size_t cap = (size_t)st.st_size + 1; /* +1: a read of 0 ends the loop */
	if (!(*b = malloc(cap)))
		return -1;
	for (;;) {
		ssize_t r = read(fd, *b + *n, cap - *n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			break;
		if (r == 0)
			return 0;
		*n += (size_t)r;
		if (*n == cap) {
			unsigned char *nb = realloc(*b, 2 * cap);
			if (!nb)
				break;
			*b = nb;
			cap *= 2;
		}
	}
	int e = errno;
	free(*b);
	*b = NULL;
	errno = e;
	return -1;
}

/* fsync of the directory that holds file, so that the rename lasts; its
 * failure loses nothing written. */
static void sync_dir_of(const char *file)
{
	char dir[4096];
	const char *slash = strrchr(file, '/');
	if (!slash)
		snprintf(dir, sizeof(dir), ".");
	else if (snprintf(dir, sizeof(dir), "%.*s", (int)(slash - file) + (slash == file), file) >=
		 (int)sizeof(dir))
		return;
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd >= 0) {
		fsync(fd);
		close(fd);
	}
}

int image_commit(const char *tmp, const char *file, char *err, size_t errlen)
{
	unsigned char *b = NULL;
	size_t n = 0;
	const char *why = NULL;
	int fd = open(tmp, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		snprintf(err, errlen, "cannot write %s: gnuplot made no %s: %s", file, tmp,
			 strerror(errno));
		return -1;
	}
	if (read_all(fd, &b, &n)) {
		snprintf(err, errlen, "cannot write %s: reading back %s: %s", file, tmp, strerror(errno));
	} else if ((why = image_incomplete(file, b, n))) {
		/* gnuplot said nothing: what cuts a picture short is a write
		 * that failed, most often for want of space. */
		snprintf(err, errlen,
			 "cannot write %s: gnuplot's picture is incomplete (%zu bytes, %s): a full disk?",
			 file, n, why);
	} else if (fsync(fd)) {
		/* Before the rename: else a power cut can leave the name on an
		 * empty file. */
		snprintf(err, errlen, "cannot sync %s: %s", file, strerror(errno));
	} else if (rename(tmp, file)) {
		snprintf(err, errlen, "cannot rename %s to %s: %s", tmp, file, strerror(errno));
	} else {
		close(fd);
		free(b);
		sync_dir_of(file);
		return 0;
	}
	close(fd);
	free(b);
	unlink(tmp);
	return -1;
}
