/*
 * The pictures gnuplot draws (host-tools/plot/image_file.c): gnuplot exits
 * 0 when a write fails, so a picture is taken only when whole. A PNG cut
 * anywhere, a PNG with a piece missing and an SVG without its end are
 * refused; a whole one is accepted and renamed into place, a refused one
 * leaves the file it would have replaced as it was, and no temporary file
 * stays either way.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "crc.h"
#include "gnuplot_run.h"
#include "image_file.h"
#include "tmpdir_fixture.h"
#include "test_main.h"

static void put_be32(unsigned char *p, uint32_t v)
{
	p[0] = (unsigned char)(v >> 24);
	p[1] = (unsigned char)(v >> 16);
	p[2] = (unsigned char)(v >> 8);
	p[3] = (unsigned char)v;
}

/* One chunk at p: length, type, data, CRC-32 of type and data. */
static size_t chunk(unsigned char *p, const char *type, const void *data, uint32_t len)
{
	put_be32(p, len);
	memcpy(p + 4, type, 4);
	memcpy(p + 8, data, len);
	put_be32(p + 8 + len, crc32_of(p + 4, len + 4));
	return 12 + (size_t)len;
}

/* A whole PNG into b (room for 128 bytes): one black 8-bit grey pixel. */
static size_t make_png(unsigned char *b)
{
	static const unsigned char sig[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
	static const unsigned char ihdr[13] = { 0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0 };
	/* zlib of the row: filter byte 0, pixel 0. */
	static const unsigned char idat[10] = { 0x78, 0x9c, 0x63, 0x60, 0x00,
						0x00, 0x00, 0x02, 0x00, 0x01 };
	size_t n = sizeof(sig);
	memcpy(b, sig, sizeof(sig));
	n += chunk(b + n, "IHDR", ihdr, sizeof(ihdr));
	n += chunk(b + n, "IDAT", idat, sizeof(idat));
	n += chunk(b + n, "IEND", "", 0);
	return n;
}

static const char svg[] = "<?xml version=\"1.0\" encoding=\"utf-8\"  standalone=\"no\"?>\n"
			  "<svg width=\"10\" height=\"10\" xmlns=\"http://www.w3.org/2000/svg\">\n"
			  "<g><path d=\"M0,0 L10,10\"/></g>\n"
			  "</svg>\n\n";

/* DIR/.NAME.XXXXXX.tmp beside the picture, made empty and exclusively:
 * two of them never share a name; too long or in no directory, an error. */
static void test_tmp_make(void **state)
{
	(void)state;
	char file[128], a[160], b[160], prefix[160];
	struct stat st;
	tmpdir_path(file, sizeof(file), tmpdir, "plot-x.png");
	snprintf(prefix, sizeof(prefix), "%s/.plot-x.png.", tmpdir);
	assert_int_equal(image_tmp_make(a, sizeof(a), file), 0);
	assert_int_equal(image_tmp_make(b, sizeof(b), file), 0);
	assert_string_not_equal(a, b);
	assert_memory_equal(a, prefix, strlen(prefix));
	assert_string_equal(a + strlen(a) - 4, ".tmp");
	assert_int_equal(strlen(a), strlen(prefix) + strlen("XXXXXX.tmp"));
	assert_int_equal(stat(a, &st), 0);
	assert_int_equal(st.st_size, 0);
	unlink(a);
	unlink(b);
	assert_int_equal(image_tmp_make(a, 12, file), -1);
	assert_int_equal(errno, ENAMETOOLONG);
	tmpdir_path(file, sizeof(file), tmpdir, "nodir/x.png");
	assert_int_equal(image_tmp_make(a, sizeof(a), file), -1);
	assert_int_equal(errno, ENOENT);
}

static void test_png_whole_accepted(void **state)
{
	(void)state;
	unsigned char b[128];
	size_t n = make_png(b);
	assert_null(image_incomplete("a/plot-x.png", b, n));
}

/* gnuplot's write stopped anywhere: never taken for a picture. */
static void test_png_every_cut_refused(void **state)
{
	(void)state;
	unsigned char b[128];
	size_t n = make_png(b);
	for (size_t k = 0; k < n; k++)
		assert_non_null(image_incomplete("x.png", b, k));
}

/* A write that failed in the middle and later ones that did not (space
 * freed meanwhile): the end is there, the picture is not whole. */
static void test_png_damage_refused(void **state)
{
	(void)state;
	unsigned char b[128], d[128];
	size_t n = make_png(b);

	for (size_t at = 8; at + 4 <= n - 12; at++) { /* 4 bytes lost at any place before IEND */
		memcpy(d, b, at);
		memcpy(d + at, b + at + 4, n - at - 4);
		assert_non_null(image_incomplete("x.png", d, n - 4));
	}
	memcpy(d, b, n);
	d[8 + 25 + 8 + 3] ^= 0x01; /* a byte of IDAT's data: its CRC no longer holds */
	assert_string_equal(image_incomplete("x.png", d, n), "a chunk's CRC is wrong");
	memcpy(d, b, n);
	d[n] = 0;
	assert_string_equal(image_incomplete("x.png", d, n + 1), "bytes after the IEND chunk");
	/* IHDR then IEND: structurally sound, but no image data. */
	memcpy(d, b, 8 + 25);
	memcpy(d + 8 + 25, b + n - 12, 12);
	assert_string_equal(image_incomplete("x.png", d, 8 + 25 + 12), "no IDAT chunk");
	memcpy(d, b, n);
	d[1] = 'J';
	assert_string_equal(image_incomplete("x.png", d, n), "no PNG signature");
	assert_string_equal(image_incomplete("x.png", b, 0), "empty");
}

static void test_svg(void **state)
{
	(void)state;
	const unsigned char *b = (const unsigned char *)svg;
	size_t n = strlen(svg), end = (size_t)(strrchr(svg, '>') - svg) + 1;
	assert_null(image_incomplete("x.svg", b, n));
	assert_null(image_incomplete("x.svg", b, end)); /* no line end after it */
	for (size_t k = 0; k < end; k++)
		assert_non_null(image_incomplete("x.svg", b, k));
	const char *bare = "<svg xmlns=\"http://www.w3.org/2000/svg\"></svg>";
	assert_null(image_incomplete("x.svg", (const unsigned char *)bare, strlen(bare)));
	assert_non_null(image_incomplete("x.svg", (const unsigned char *)"</svg>", 6));
}

static void test_other_formats_refused(void **state)
{
	(void)state;
	unsigned char b[128];
	size_t n = make_png(b);
	assert_non_null(image_incomplete("x.jpg", b, n));
	assert_non_null(image_incomplete("png", b, n));
	/* The format is the name's, not the content's. */
	assert_non_null(image_incomplete("x.svg", b, n));
	assert_non_null(image_incomplete("x.png", (const unsigned char *)svg, strlen(svg)));
}

static void write_file(const char *path, const void *b, size_t n)
{
	FILE *f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(b, 1, n, f), n);
	assert_int_equal(fclose(f), 0);
}

/* A whole PNG in b (its size returned), the picture's name tmpdir/plot-x.png
 * in file and its temporary file, made, in tmp (both 128 bytes). */
static size_t png_to_commit(unsigned char b[128], char *tmp, char *file)
{
	tmpdir_path(file, 128, tmpdir, "plot-x.png");
	assert_int_equal(image_tmp_make(tmp, 128, file), 0);
	return make_png(b);
}

static void test_commit_whole(void **state)
{
	(void)state;
	unsigned char b[128];
	char tmp[128], file[128], err[512];
	size_t n = png_to_commit(b, tmp, file), len;
	write_file(tmp, b, n);
	assert_int_equal(image_commit(tmp, file, err, sizeof(err)), 0);
	char *got = file_read(file, &len);
	assert_int_equal(len, n);
	assert_memory_equal(got, b, n);
	free(got);
	assert_int_equal(access(tmp, F_OK), -1);
}

/* A cut picture: an error naming the file, the old picture kept, the
 * temporary file gone. */
static void test_commit_cut_keeps_old(void **state)
{
	(void)state;
	unsigned char b[128];
	char tmp[128], file[128], err[512];
	size_t n = png_to_commit(b, tmp, file), len;
	write_file(file, "old", 3);
	write_file(tmp, b, n - 5);
	assert_int_equal(image_commit(tmp, file, err, sizeof(err)), -1);
	assert_non_null(strstr(err, file));
	assert_non_null(strstr(err, "incomplete"));
	char *got = file_read(file, &len);
	assert_string_equal(got, "old");
	free(got);
	assert_int_equal(access(tmp, F_OK), -1);

	write_file(tmp, "", 0); /* a full disk before the first byte */
	assert_int_equal(image_commit(tmp, file, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "empty"));
	assert_int_equal(access(tmp, F_OK), -1);

	/* No picture at all. */
	assert_int_equal(image_commit(tmp, file, err, sizeof(err)), -1);
	assert_non_null(strstr(err, file));
}

/* The script draws into the temporary file; a figure whose gnuplot never
 * ran or failed leaves no temporary file behind. */
static void test_gp_output(void **state)
{
	(void)state;
	struct gp_tmpdir t;
	char err[512], file[128], tmp[PATH_MAX], *script = NULL;
	size_t len = 0;
	tmpdir_path(file, sizeof(file), tmpdir, "ok.png");
	assert_int_equal(gp_tmp_make(&t, err, sizeof(err)), 0);
	FILE *f = open_memstream(&script, &len);
	assert_non_null(f);
	assert_int_equal(gp_output(&t, f, file, 10, 10, err, sizeof(err)), 0);
	assert_int_equal(fclose(f), 0);
	/* gnuplot draws into the temporary picture gp_output made */
	snprintf(tmp, sizeof(tmp), "%s", t.out_tmp);
	char want[PATH_MAX + 20];
	snprintf(want, sizeof(want), "set output '%s'\n", tmp);
	assert_non_null(strstr(script, want));
	assert_int_equal(access(tmp, F_OK), 0);
	assert_string_equal(t.out, file);
	free(script);
	write_file(tmp, "cut", 3);
	gp_tmp_remove(&t);
	assert_int_equal(access(tmp, F_OK), -1);
	assert_int_equal(access(file, F_OK), -1);
	assert_int_equal(access(t.path, F_OK), -1);

	/* Nothing to commit without a picture. */
	assert_int_equal(gp_tmp_make(&t, err, sizeof(err)), 0);
	assert_int_equal(gp_output_commit(&t, err, sizeof(err)), 0);
	gp_tmp_remove(&t);
}

TEST_MAIN(cmocka_unit_test_setup_teardown(test_tmp_make, tmpdir_setup, tmpdir_teardown), cmocka_unit_test(test_png_whole_accepted),
	  cmocka_unit_test(test_png_every_cut_refused), cmocka_unit_test(test_png_damage_refused),
	  cmocka_unit_test(test_svg), cmocka_unit_test(test_other_formats_refused),
	  cmocka_unit_test_setup_teardown(test_commit_whole, tmpdir_setup, tmpdir_teardown),
	  cmocka_unit_test_setup_teardown(test_commit_cut_keeps_old, tmpdir_setup, tmpdir_teardown),
	  cmocka_unit_test_setup_teardown(test_gp_output, tmpdir_setup, tmpdir_teardown))
