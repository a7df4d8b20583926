/*
 * `rvbench baseline save NAME [DIR]` and `rvbench baseline list`: a
 * baseline is a copy of a result directory's files (not the directory
 * results/latest points at, which the next run moves) under
 * results/baselines/NAME. save writes into .NAME.tmp and renames it, so a
 * baseline is whole or absent; an existing NAME is replaced only with
 * --force. No NAME starts with '.', so the scratch directory is never a
 * baseline's, and every other entry of results/baselines is one.
 */
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "baseline.h"
#include "commands.h"
#include "unmeasured.h"
#include "results_csv.h"
#include "session.h"

int baseline_path(const char *name, char *buf, size_t len, char *err, size_t errlen)
{
	size_t n = strlen(name);
	int ok = n >= 1 && n <= 64 && name[0] != '.';
	for (const char *p = name; *p && ok; p++)
		ok = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
		     strchr("_.+-", *p);
	if (!ok) {
		snprintf(err, errlen,
			 "baseline name '%s': use 1 to 64 of [A-Za-z0-9_.+-], not starting with '.'",
			 name);
		return -1;
	}
	snprintf(buf, len, "%s/%s", BASELINE_ROOT, name);
	return 0;
}

/* Copies the regular file src to dst. 0, or -1 with errno set. */
static int copy_file(const char *src, const char *dst)
{
	FILE *in = fopen(src, "rb"), *out = in ? fopen(dst, "wb") : NULL;
	char buf[65536];
	size_t n;
	int rc = in && out ? 0 : -1;
	while (!rc && (n = fread(buf, 1, sizeof(buf), in)) > 0)
		if (fwrite(buf, 1, n, out) != n)
			rc = -1;
	if (in && ferror(in))
		rc = -1;
	int e = errno;
	if (in)
		fclose(in);
	if (out && fclose(out))
		rc = -1;
	else
		errno = e;
	return rc;
}

/* Removes dir and the regular files in it (a half-written .NAME.tmp). */
static void remove_flat(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char p[4400];
	while (d && (e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		snprintf(p, sizeof(p), "%s/%s", dir, e->d_name);
		unlink(p);
	}
	if (d)
		closedir(d);
	rmdir(dir);
}

/* Copies the regular files of src (plots too) into the new dir dst. */
static int copy_dir(const char *src, const char *dst, char *err, size_t errlen)
{
	DIR *d = opendir(src);
	if (!d) {
		snprintf(err, errlen, "%s: %s", src, strerror(errno));
		return -1;
	}
	if (mkdir(dst, 0777)) {
		snprintf(err, errlen, "%s: %s", dst, strerror(errno));
		closedir(d);
		return -1;
	}
	struct dirent *e;
	char s[4400], t[4400];
	struct stat st;
	size_t ls = strlen(src), lt = strlen(dst);
	int rc = 0;
	while (!rc && (e = readdir(d))) {
		size_t ln = strlen(e->d_name);
		if (ls + ln + 2 > sizeof(s) || lt + ln + 2 > sizeof(t)) {
			snprintf(err, errlen, "%s: a file name too long to copy", src);
			rc = -1;
			break;
		}
		memcpy(s, src, ls);
		s[ls] = '/';
		memcpy(s + ls + 1, e->d_name, ln + 1);
		if (e->d_name[0] == '.' || stat(s, &st) || !S_ISREG(st.st_mode))
			continue;
		memcpy(t, dst, lt);
		t[lt] = '/';
		memcpy(t + lt + 1, e->d_name, ln + 1);
		if (copy_file(s, t)) {
			snprintf(err, errlen, "copying %.4000s: %s", s, strerror(errno));
			rc = -1;
		}
	}
	closedir(d);
	return rc;
}

static int save(int force, const char *name, const char *dir)
{
	char path[4200], tmp[4300], err[4400];
	struct results r;
	struct stat st;
	if (baseline_path(name, path, sizeof(path), err, sizeof(err))) {
		rvb_error("baseline: %s", err);
		return EXIT_ERROR;
	}
	/* Only a readable result becomes a baseline. */
	if (results_load(dir, &r, err, sizeof(err))) {
		rvb_error("baseline: %s", err);
		return EXIT_ERROR;
	}
	int incomplete = r.meta_found && !r.complete;
	results_free(&r);
	if (!stat(path, &st) && !force) {
		rvb_error("baseline: %s exists (replace it with --force)", path);
		return EXIT_ERROR;
	}
	if ((mkdir(BASELINE_RESULTS_ROOT, 0777) && errno != EEXIST) ||
	    (mkdir(BASELINE_ROOT, 0777) && errno != EEXIST)) {
		rvb_error("baseline: cannot create %s: %s", BASELINE_ROOT, strerror(errno));
		return EXIT_ERROR;
	}
	/* A name baseline_path refuses (a leading '.'): not NAME.tmp, which
	 * is the valid name of another baseline, deleted here unasked. */
	snprintf(tmp, sizeof(tmp), "%s/.%s.tmp", BASELINE_ROOT, name);
	remove_flat(tmp);
	if (copy_dir(dir, tmp, err, sizeof(err))) {
		rvb_error("baseline: %s", err);
		remove_flat(tmp);
		return EXIT_ERROR;
	}
	/* The old NAME is moved aside whole, not emptied in place: emptying
	 * it first left, when it could not be removed (a directory someone
	 * put in it), neither baseline, the old one's files gone and the new
	 * one in the scratch directory, deleted. Moved aside, a failed rename
	 * moves it back. */
	char old[4300];
	snprintf(old, sizeof(old), "%s/.%s.old", BASELINE_ROOT, name);
	remove_flat(old);
	int aside = !stat(path, &st);
	if (aside && rename(path, old)) {
		rvb_error("baseline: cannot move the old %s aside to %s: %s (it is as it was)", path,
			  old, strerror(errno));
		remove_flat(tmp);
		return EXIT_ERROR;
	}
	if (rename(tmp, path)) {
		int e = errno;
		if (aside)
			rename(old, path);
		rvb_error("baseline: %s: %s", path, strerror(e));
		remove_flat(tmp);
		return EXIT_ERROR;
	}
	if (aside) {
		remove_flat(old);
		if (!stat(old, &st))
			rvb_error("baseline: the replaced %s is kept in %s: it holds more than "
				  "files (remove it by hand)", path, old);
	}
	/* A reference with holes is still saved (it may be all there is),
	 * but not unsaid: compare's gate will refuse its failed blocks. */
	unmeasured_say(dir, NULL, "baseline", "samples", stderr);
	printf("baseline %s: %s (copy of %s)%s\n", name, path, dir,
	       incomplete ? ", from an incomplete run" : "");
	return 0;
}

static int by_name(const void *p, const void *q)
{
	return strcmp(*(char *const *)p, *(char *const *)q);
}

/* The listing's status once printed: a standard output that could not
 * take it (a full disk, a closed pipe) is an error, as in stats and
 * compare, not a listing that looks empty. */
static int list_written(void)
{
	errno = 0;
	if (!fflush(stdout) && !ferror(stdout))
		return 0;
	/* errno is the cause when the last flush failed; an earlier write's
	 * cause is gone. */
	rvb_error("baseline: cannot write the list%s%s", errno ? ": " : "", errno ? strerror(errno) : "");
	return EXIT_ERROR;
}

static int list(void)
{
	DIR *d = opendir(BASELINE_ROOT);
	struct dirent *e;
	if (!d) {
		if (errno == ENOENT) {
			printf("no baselines in %s (rvbench baseline save NAME [DIR])\n", BASELINE_ROOT);
			return list_written();
		}
		rvb_error("baseline: %s: %s", BASELINE_ROOT, strerror(errno));
		return EXIT_ERROR;
	}
	/* Sorted by name, so the listing is the same on every file system. */
	char **names = NULL;
	size_t n = 0;
	while ((e = readdir(d))) {
		/* '.': ".", "..", and a save's scratch (.NAME.tmp); every other
		 * entry is a saved baseline, whatever its name ends with. */
		if (e->d_name[0] == '.')
			continue;
		char **nn = realloc(names, (n + 1) * sizeof(*nn));
		if (!nn || !(nn[n] = strdup(e->d_name))) {
			free(nn ? nn : names);
			closedir(d);
			rvb_error("baseline: out of memory");
			return EXIT_ERROR;
		}
		names = nn;
		n++;
	}
	closedir(d);
	qsort(names, n, sizeof(*names), by_name);
	for (size_t i = 0; i < n; i++) {
		char p[4400], err[4400];
		struct results r;
		snprintf(p, sizeof(p), "%s/%s", BASELINE_ROOT, names[i]);
		if (results_load(p, &r, err, sizeof(err))) {
			printf("%-20s unreadable: %s\n", names[i], err);
		} else {
			size_t samples = 0, none = unmeasured_say(p, NULL, NULL, NULL, NULL);
			char without[64] = "";
			for (size_t k = 0; k < r.ns; k++)
				samples += r.s[k].n;
			/* r.ns counts the blocks with samples (a series each). */
			if (none)
				snprintf(without, sizeof(without), ", %zu without a sample", none);
			printf("%-20s %zu block%s measured, %zu sample%s%s%s\n", names[i], r.ns,
			       r.ns == 1 ? "" : "s", samples, samples == 1 ? "" : "s", without,
			       r.meta_found && !r.complete ? ", incomplete run" : "");
			results_free(&r);
		}
		free(names[i]);
	}
	free(names);
	return list_written();
}

int cmd_baseline(const struct command *cmd, int argc, char **argv)
{
	static const struct option lo[] = {
		{ "force", no_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ 0, 0, 0, 0 },
	};
	int opt, force = 0;
	optind = 0;
	opterr = 0;
	while ((opt = getopt_long(argc, argv, ":fh", lo, NULL)) != -1) {
		if (opt != 'f')
			return opt_end(cmd, opt, argv);
		force = 1;
	}
	const char *sub = optind < argc ? argv[optind] : NULL;
	int rest = argc - optind - 1;
	if (sub && !strcmp(sub, "save") && (rest == 1 || rest == 2))
		return save(force, argv[optind + 1],
			    rest == 2 ? argv[optind + 2] : BASELINE_RESULTS_ROOT "/latest");
	if (sub && !strcmp(sub, "list") && rest == 0)
		return list();
	rvb_error("baseline: expected 'save NAME [DIR]' or 'list' (see rvbench baseline --help)");
	return EXIT_ERROR;
}
