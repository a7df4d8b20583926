/* Loading a fleet's members and writing the merged result directory
 * (fleet.h). */
#include "fleet.h"

#include <errno.h>
#include <jansson.h>
#include <libgen.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomic_file.h"
#include "csv_out.h"
#include "host_build.h"
#include "rcsv.h"
#include "version.h"

/* The files of a result directory that hold one row per run's something:
 * merged with a device column and the runs renamed. */
static const char *const row_files[] = { "samples.csv", "summary.csv", "gaps.csv",
					 "tracepoints.csv" };
#define NFILES (sizeof(row_files) / sizeof(row_files[0]))

/* An object of up to three members (a NULL key ends it early). */
static json_t *obj3(const char *k1, json_t *v1, const char *k2, json_t *v2, const char *k3,
		    json_t *v3)
{
	json_t *o = json_object();
	json_object_set_new(o, k1, v1);
	if (k2)
		json_object_set_new(o, k2, v2);
	if (k3)
		json_object_set_new(o, k3, v3);
	return o;
}

static json_t *load_meta(const char *dir)
{
	char path[PATH_MAX + 16];
	json_error_t je;
	snprintf(path, sizeof(path), "%s/meta.json", dir);
	return json_load_file(path, 0, &je);
}

static const char *str_of(json_t *o, const char *key)
{
	const char *s = json_string_value(json_object_get(o, key));
	return s && *s ? s : NULL;
}

/* The device a result came from: --device-name, else the LAVA device the
 * log adapter recorded (under "lava" at the top or in "source"). */
static const char *meta_device(json_t *root)
{
	const char *s = str_of(root, "device_name");
	json_t *src = json_object_get(root, "source");
	json_t *lava[] = { json_object_get(root, "lava"), json_object_get(src, "lava"),
			   /* a source of kind "lava" may carry it itself */
			   str_of(src, "kind") && !strcmp(str_of(src, "kind"), "lava") ? src : NULL };
	for (size_t i = 0; !s && i < sizeof(lava) / sizeof(lava[0]); i++)
		if (json_is_object(lava[i]))
			s = str_of(lava[i], "device_name") ? str_of(lava[i], "device_name")
							   : str_of(lava[i], "device");
	return s;
}

static int add_device(struct fleet *f, const char *name, size_t *idx)
{
	for (size_t d = 0; d < f->ndev; d++)
		if (!strcmp(f->device[d], name)) {
			*idx = d;
			return 0;
		}
	char **nd = realloc(f->device, (f->ndev + 1) * sizeof(*nd));
	if (!nd)
		return -1;
	f->device = nd;
	if (!(f->device[f->ndev] = strdup(name)))
		return -1;
	*idx = f->ndev++;
	return 0;
}

/* A directory's own name ("results/latest" -> the run it points at). */
static char *dir_name(const char *dir)
{
	char real[PATH_MAX];
	char *copy = strdup(realpath(dir, real) ? real : dir);
	if (!copy)
		return NULL;
	char *b = strdup(basename(copy));
	free(copy);
	return b;
}

int fleet_load(struct fleet *f, char *const *dirs, size_t n, char *err, size_t errlen)
{
	memset(f, 0, sizeof(*f));
	if (!(f->m = calloc(n ? n : 1, sizeof(*f->m)))) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		struct fleet_member *m = &f->m[i];
		/* Twice the same directory would count its samples twice. */
		char a[PATH_MAX], b[PATH_MAX];
		for (size_t j = 0; j < i; j++)
			if (realpath(dirs[i], a) && realpath(dirs[j], b) && !strcmp(a, b)) {
				snprintf(err, errlen, "%s is given twice (as %s too)", dirs[i], dirs[j]);
				return -1;
			}
		if (results_load(dirs[i], &m->r, err, errlen))
			return -1;
		f->nm++;
		m->dir = strdup(dirs[i]);
		json_t *root = load_meta(dirs[i]);
		if (root && json_object_get(root, "fleet")) {
			json_decref(root);
			snprintf(err, errlen, "%s is a merged fleet: give its member directories instead",
				 dirs[i]);
			return -1;
		}
		const char *res = str_of(root, "result");
		snprintf(m->result, sizeof(m->result), "%s", res ? res : "");
		if (cmp_problems_load(dirs[i], &m->bad, err, errlen)) {
			json_decref(root);
			return -1;
		}
		const char *model = json_string_value(json_object_get(
			json_object_get(json_array_get(json_object_get(root, "runs"), 0), "header"),
			"model"));
		snprintf(m->model, sizeof(m->model), "%s", model ? model : "");
		char why[256];
		if (context_read(dirs[i], &m->ctx, why, sizeof(why)))
			m->ctx.found = 0; /* a context is a note here, never a reason to stop */
		const char *dev = meta_device(root);
		char *own = dev ? NULL : dir_name(dirs[i]);
		int rc = !m->dir || (!dev && !own) || add_device(f, dev ? dev : own, &m->device);
		free(own);
		json_decref(root);
		if (rc) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
	}
	/* Labels: the device's name, numbered when it has several members. */
	for (size_t i = 0; i < f->nm; i++) {
		size_t same = 0, nth = 0;
		for (size_t j = 0; j < f->nm; j++)
			if (f->m[j].device == f->m[i].device) {
				same++;
				if (j <= i)
					nth++;
			}
		const char *name = f->device[f->m[i].device];
		int rc = same > 1 ? asprintf(&f->m[i].label, "%s#%zu", name, nth)
				  : asprintf(&f->m[i].label, "%s", name);
		if (rc < 0) {
			f->m[i].label = NULL;
			snprintf(err, errlen, "out of memory");
			return -1;
		}
	}
	return 0;
}

void fleet_free(struct fleet *f)
{
	for (size_t i = 0; i < f->nm; i++) {
		results_free(&f->m[i].r);
		cmp_problems_free(&f->m[i].bad);
		free(f->m[i].dir);
		free(f->m[i].label);
	}
	for (size_t d = 0; d < f->ndev; d++)
		free(f->device[d]);
	free(f->device);
	free(f->m);
	memset(f, 0, sizeof(*f));
}

int fleet_complete(const struct fleet *f)
{
	for (size_t i = 0; i < f->nm; i++)
		if (!f->m[i].r.complete)
			return 0;
	return 1;
}

int fleet_member_failed(const struct fleet_member *m)
{
	/* An older meta.json without "result": its status says all it can. */
	return *m->result && strcmp(m->result, "ok");
}

int fleet_all_ok(const struct fleet *f)
{
	for (size_t i = 0; i < f->nm; i++)
		if (fleet_member_failed(&f->m[i]) || f->m[i].bad.n)
			return 0;
	return 1;
}

/* ---- the merged directory ------------------------------------------------- */

static char *slurp(const char *path, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	if (!fp)
		return NULL;
	char *buf = NULL;
	size_t cap = 0, n = 0, got;
	do {
		char *nb = rcsv_grow(buf, &cap, n + 65536, 1);
		if (!nb) {
			free(buf);
			fclose(fp);
			return NULL;
		}
		buf = nb;
		got = fread(buf + n, 1, 65536, fp);
		n += got;
	} while (got == 65536);
	int bad = ferror(fp);
	fclose(fp);
	if (bad) {
		free(buf);
		return NULL;
	}
	*len = n;
	return buf;
}

/* One file of every member, parsed (NULL: the member has none). */
struct merge_file {
	const struct fleet *f;
	struct rcsv *t; /* nm of them */
	int *have;
	int first;      /* the member whose header is the merged one's; -1 none */
};

static int merge_file_load(struct merge_file *mf, const struct fleet *f, const char *name,
			   char *err, size_t errlen)
{
	memset(mf, 0, sizeof(*mf));
	mf->f = f;
	mf->first = -1;
	mf->t = calloc(f->nm ? f->nm : 1, sizeof(*mf->t));
	mf->have = calloc(f->nm ? f->nm : 1, sizeof(*mf->have));
	if (!mf->t || !mf->have) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (size_t i = 0; i < f->nm; i++) {
		char path[PATH_MAX + 32], why[256];
		size_t len;
		snprintf(path, sizeof(path), "%s/%s", f->m[i].dir, name);
		char *text = slurp(path, &len);
		if (!text) {
			if (errno == ENOENT)
				continue;
			snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
			return -1;
		}
		int rc = rcsv_parse(text, len, &mf->t[i], why, sizeof(why));
		free(text);
		if (rc) {
			snprintf(err, errlen, "%s:%s", path, why);
			return -1;
		}
		mf->have[i] = 1;
		if (mf->t[i].nrows && rcsv_col(&mf->t[i], "run") < 0) {
			snprintf(err, errlen, "%s:1: no column 'run' in the header", path);
			return -1;
		}
		if (mf->first < 0 && mf->t[i].nrows)
			mf->first = (int)i;
	}
	return 0;
}

static void merge_file_free(struct merge_file *mf)
{
	for (size_t i = 0; mf->have && i < mf->f->nm; i++)
		if (mf->have[i])
			rcsv_free(&mf->t[i]);
	free(mf->t);
	free(mf->have);
}

/* The merged header: the first member's columns, then each column of a
 * later member that no earlier one has (a newer rvbench's file, say
 * tracepoints.csv with id and phase next to an older one without), so no
 * member's column is lost. *n of them, pointing into the members' rows;
 * NULL out of memory. */
static const char **merged_header(const struct merge_file *mf, size_t *n)
{
	size_t cap = 0;
	for (size_t i = 0; i < mf->f->nm; i++)
		if (mf->have[i] && mf->t[i].nrows)
			cap += mf->t[i].nfield[0];
	const char **name = malloc((cap ? cap : 1) * sizeof(*name));
	if (!name)
		return NULL;
	*n = 0;
	for (size_t i = (size_t)mf->first; i < mf->f->nm; i++) {
		if (!mf->have[i] || !mf->t[i].nrows)
			continue;
		for (size_t j = 0; j < mf->t[i].nfield[0]; j++) {
			size_t k = 0;
			while (k < *n && strcmp(name[k], mf->t[i].row[0][j]))
				k++;
			if (k == *n)
				name[(*n)++] = mf->t[i].row[0][j];
		}
	}
	return name;
}

/* device,<the merged header>, then every member's rows with their columns
 * found by name (absent ones empty) and run = "label/run". */
static int merge_file_writer(FILE *out, void *ctx)
{
	const struct merge_file *mf = ctx;
	size_t nh = 0;
	const char **hname = merged_header(mf, &nh);
	int *col = malloc((nh ? nh : 1) * sizeof(*col));
	if (!col || !hname) {
		free(col);
		free(hname);
		return -1;
	}
	int rc = fputs("device", out) < 0;
	for (size_t j = 0; j < nh && !rc; j++)
		rc = putc(',', out) == EOF || csv_field(out, hname[j]);
	rc = rc || fputs("\r\n", out) < 0;
	for (size_t i = 0; i < mf->f->nm && !rc; i++) {
		const struct rcsv *t = &mf->t[i];
		const struct fleet_member *m = &mf->f->m[i];
		if (!mf->have[i] || !t->nrows)
			continue;
		for (size_t j = 0; j < nh; j++)
			col[j] = rcsv_col(t, hname[j]);
		for (size_t r = 1; r < t->nrows && !rc; r++) {
			rc = csv_field(out, mf->f->device[m->device]);
			for (size_t j = 0; j < nh && !rc; j++) {
				const char *v = col[j] >= 0 && (size_t)col[j] < t->nfield[r]
							? t->row[r][col[j]]
							: "";
				rc = putc(',', out) == EOF;
				if (!rc && !strcmp(hname[j], "run")) {
					char *run;
					if (asprintf(&run, "%s/%s", m->label, v) < 0) {
						rc = 1;
						break;
					}
					rc = csv_field(out, run);
					free(run);
				} else if (!rc) {
					rc = csv_field(out, v);
				}
			}
			rc = rc || fputs("\r\n", out) < 0;
		}
	}
	free(col);
	free(hname);
	return rc ? -1 : 0;
}

static int json_writer(FILE *out, void *ctx)
{
	if (json_dumpf(ctx, out, JSON_INDENT(2)))
		return -1;
	return putc('\n', out) == EOF ? -1 : 0;
}

/* The source of the merged directory: what every member's source says
 * alike (kind, machine, icount, QEMU version), so that compare sees the
 * context of a fleet of QEMU instances as that of one; "fleet" as the
 * kind when the members came from different kinds of sources. */
static json_t *merged_source(const struct fleet *f)
{
	static const char *const keys[] = { "kind", "machine", "icount", "qemu_version" };
	json_t *src = json_object();
	for (size_t k = 0; k < sizeof(keys) / sizeof(keys[0]); k++) {
		char *common = NULL;
		int same = 1;
		for (size_t i = 0; i < f->nm && same; i++) {
			json_t *meta = load_meta(f->m[i].dir);
			const char *v = str_of(json_object_get(meta, "source"), keys[k]);
			if (!v)
				same = 0;
			else if (!common)
				same = (common = strdup(v)) != NULL;
			else
				same = !strcmp(common, v);
			json_decref(meta);
		}
		if (same && common)
			json_object_set_new(src, keys[k], json_string(common));
		else if (!k)
			json_object_set_new(src, "kind", json_string("fleet"));
		free(common);
	}
	json_object_set_new(src, "merged", json_integer((json_int_t)f->nm));
	return src;
}

/* meta.json of the merged directory: the shape of a collection's (status,
 * runs with their contexts, files), the runs renamed as in the CSVs and
 * each with its device, and "fleet" listing the members. */
static json_t *merged_meta(const struct fleet *f, json_t *files)
{
	json_t *root = json_object(), *runs = json_array(), *members = json_array();
	json_t *devices = json_array();
	int complete = fleet_complete(f);
	char real[PATH_MAX], result[32] = "ok";

	json_object_set_new(root, "tool", json_string("rvbench"));
	json_object_set_new(root, "version", json_string(RVBENCH_HOST_VERSION));
	json_object_set_new(root, "host",
			    obj3("version", json_string(RVBENCH_HOST_VERSION), "commit",
				 json_string(host_build_commit()), "cc",
				 json_string(host_build_cc())));
	json_object_set_new(root, "device_name", json_null());
	json_object_set_new(root, "source", merged_source(f));
	for (size_t d = 0; d < f->ndev; d++)
		json_array_append_new(devices, json_string(f->device[d]));
	for (size_t i = 0; i < f->nm; i++) {
		const struct fleet_member *m = &f->m[i];
		json_t *meta = load_meta(m->dir);
		json_t *mruns = json_object_get(meta, "runs"), *run;
		size_t k;
		json_t *tags = json_array();
		/* The result of the first member whose run is not known to be
		 * ok: failed..., or unknown (an older meta.json without it). */
		if (!strcmp(result, "ok") && (fleet_member_failed(m) || !*m->result))
			snprintf(result, sizeof(result), "%s", *m->result ? m->result : "unknown");
		json_array_foreach(mruns, k, run) {
			json_t *copy = json_deep_copy(run);
			const char *tag = str_of(run, "tag");
			char *renamed;
			if (!copy || asprintf(&renamed, "%s/%s", m->label, tag ? tag : "") < 0) {
				json_decref(copy);
				continue;
			}
			json_object_set_new(copy, "tag", json_string(renamed));
			json_object_set_new(copy, "device", json_string(f->device[m->device]));
			json_array_append_new(tags, json_string(renamed));
			json_array_append_new(runs, copy);
			free(renamed);
		}
		json_t *mem = obj3("dir", json_string(realpath(m->dir, real) ? real : m->dir),
				   "label", json_string(m->label), "device",
				   json_string(f->device[m->device]));
		json_object_set_new(mem, "model", *m->model ? json_string(m->model) : json_null());
		json_object_set_new(mem, "status",
				    json_string(*m->r.status ? m->r.status : "unknown"));
		json_object_set_new(mem, "runs", tags);
		json_array_append_new(members, mem);
		json_decref(meta);
	}
	json_object_set_new(root, "status",
			    json_string(complete ? "complete" : "incomplete"));
	json_object_set_new(root, "result", json_string(result));
	json_object_set_new(root, "fleet", obj3("devices", devices, "members", members, NULL, NULL));
	json_object_set_new(root, "runs", runs);
	json_object_set_new(root, "files", files);
	json_object_set_new(root, "written", json_string("complete"));
	return root;
}

static int mkdir_p(const char *dir, char *err, size_t errlen)
{
	char p[PATH_MAX];
	snprintf(p, sizeof(p), "%s", dir);
	for (char *s = p + 1;; s++) {
		if (*s && *s != '/')
			continue;
		char c = *s;
		*s = 0;
		if (mkdir(p, 0755) && errno != EEXIST) {
			snprintf(err, errlen, "cannot create %s: %s", p, strerror(errno));
			return -1;
		}
		if (!(*s = c))
			return 0;
	}
}

/* err, then what follows, as far as errlen allows. */
static void err_add(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void err_add(char *err, size_t errlen, const char *fmt, ...)
{
	size_t used = strlen(err);
	if (used + 1 >= errlen)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err + used, errlen - used, fmt, ap);
	va_end(ap);
}

/*
 * After a rename into outdir failed part-way: meta.json says that the
 * files beside it were written with it, so the earlier result's must not
 * vouch for a mix of its files and the merge's. Renamed, not deleted, as a
 * collection does (session.c): it may be the only record of that result.
 * Every reader then refuses the directory, for want of a meta.json.
 */
static void set_meta_aside(const char *outdir, char *err, size_t errlen)
{
	char meta[PATH_MAX + 16], aside[PATH_MAX + 16];
	snprintf(meta, sizeof(meta), "%s/meta.json", outdir);
	snprintf(aside, sizeof(aside), "%s/meta.json.stale", outdir);
	if (!rename(meta, aside))
		err_add(err, errlen, "; the merged results are NOT whole in %s, and the meta.json of "
			"the earlier result there was renamed meta.json.stale: it does not describe "
			"the files now there", outdir);
	else if (errno == ENOENT)
		err_add(err, errlen, "; the merged results are NOT whole in %s (it has no meta.json)",
			outdir);
	else
		err_add(err, errlen, "; the merged results are NOT whole in %s, and its meta.json, "
			"which does NOT describe the files now there, cannot be renamed aside: %s",
			outdir, strerror(errno));
}

/* The files of the merged directory besides the row files; meta.json
 * last, as it is renamed into place last. */
static const char *const own_files[] = { "fleet.csv", "fleet_devices.csv", "meta.json" };
#define NOWN (sizeof(own_files) / sizeof(own_files[0]))

int fleet_write_dir(const struct fleet *f, const struct fleet_report *rep, const char *outdir,
		    int force, char *err, size_t errlen)
{
	char path[PATH_MAX + 32], a[PATH_MAX], b[PATH_MAX];
	snprintf(path, sizeof(path), "%s/meta.json", outdir);
	int taken = !access(path, F_OK);
	snprintf(path, sizeof(path), "%s/samples.csv", outdir);
	taken |= !access(path, F_OK);
	if (taken && !force) {
		snprintf(err, errlen, "%s holds a result already (--force writes over it)", outdir);
		return -1;
	}
	for (size_t i = 0; i < f->nm; i++)
		if (realpath(outdir, a) && realpath(f->m[i].dir, b) && !strcmp(a, b)) {
			snprintf(err, errlen, "%s is a member of the fleet: write the merge elsewhere",
				 outdir);
			return -1;
		}
	if (mkdir_p(outdir, err, errlen))
		return -1;
	/* Every file is written whole (afile_prepare: a temporary file in
	 * outdir) first, and only then renamed into place: a full disk shows
	 * before the first rename, which needs no room, and leaves an earlier
	 * result there (--force) as it was, not new CSV files beside its old
	 * meta.json. tmp[] holds the row files, then own_files[]. */
	struct afile_tmp *tmp = calloc(NFILES + NOWN, sizeof(*tmp));
	if (!tmp) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	int rc = 0;
	int changed = 0; /* outdir holds something of the merge, or lacks something it had */
	json_t *files = json_array();
	for (size_t k = 0; k < NFILES && !rc; k++) {
		struct merge_file mf;
		rc = merge_file_load(&mf, f, row_files[k], err, errlen);
		if (!rc && mf.first >= 0) {
			rc = afile_prepare(&tmp[k], outdir, row_files[k], merge_file_writer, &mf, err,
					   errlen);
			json_array_append_new(files, json_string(row_files[k]));
		}
		merge_file_free(&mf);
	}
	struct fleet_csv_ctx cx = { f, rep };
	afile_writer own_writer[NOWN] = { fleet_csv_writer, fleet_devices_csv_writer, json_writer };
	json_array_append_new(files, json_string("fleet.csv"));
	json_array_append_new(files, json_string("fleet_devices.csv"));
	json_t *meta = merged_meta(f, files);
	void *own_ctx[NOWN] = { &cx, &cx, meta };
	for (size_t k = 0; k < NOWN && !rc; k++)
		rc = afile_prepare(&tmp[NFILES + k], outdir, own_files[k], own_writer[k], own_ctx[k],
				   err, errlen);
	json_decref(meta);
	/* A row file of the earlier result that no member has goes first:
	 * the new meta.json would not list it, yet a reader would read it
	 * (summary.csv, gaps.csv). Then the renames, meta.json last: it
	 * vouches for the files beside it. */
	for (size_t k = 0; k < NFILES && !rc; k++) {
		snprintf(path, sizeof(path), "%s/%s", outdir, row_files[k]);
		if (tmp[k].tmp[0])
			continue;
		if (!unlink(path)) {
			changed = 1;
		} else if (errno != ENOENT) {
			snprintf(err, errlen, "cannot remove %s of the earlier result: %s", path,
				 strerror(errno));
			rc = -1;
		}
	}
	unsigned char committed[NFILES + NOWN] = { 0 };
	if (rc) {
		for (size_t k = 0; k < NFILES + NOWN; k++)
			afile_abort(&tmp[k]);
	} else {
		rc = afile_commit_set(tmp, NFILES + NOWN, committed, err, errlen);
	}
	for (size_t k = 0; k < NFILES + NOWN; k++)
		changed |= committed[k];
	free(tmp);
	if (rc && !changed)
		err_add(err, errlen, taken ? "; the earlier result in %s is left as it was"
					   : "; nothing written in %s", outdir);
	else if (rc)
		set_meta_aside(outdir, err, errlen);
	if (rc)
		return -1;
	return 0;
}
