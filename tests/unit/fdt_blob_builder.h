/*
 * A tiny flattened-device-tree writer for the FDT tests: tokens into a
 * structure block, names into a strings block, then a blob laid out as
 * dtc lays it out (header, empty reserve map, structure, strings), for
 * hand-made trees and hand-made corruptions of them.
 */
#ifndef RVBENCH_FDT_BLOB_BUILDER_H
#define RVBENCH_FDT_BLOB_BUILDER_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fdt_fixture.h"

struct builder {
	uint8_t st[65536];
	size_t nst;
	char strs[512];
	size_t nstrs;
};

static inline void b_u32(struct builder *b, uint32_t v)
{
	assert_true(b->nst + 4 <= sizeof(b->st));
	put32(b->st + b->nst, v);
	b->nst += 4;
}

/* n bytes, padded to the next 4-byte boundary as the format wants. */
static inline void b_bytes(struct builder *b, const void *p, size_t n)
{
	assert_true(b->nst + n + 3 <= sizeof(b->st));
	memcpy(b->st + b->nst, p, n);
	b->nst = (b->nst + n + 3) & ~(size_t)3;
}

static inline void b_begin(struct builder *b, const char *name)
{
	b_u32(b, 1);
	b_bytes(b, name, strlen(name) + 1);
}

static inline void b_end(struct builder *b)
{
	b_u32(b, 2);
}

/* A name's offset in the strings block, added once, as dtc does. */
static inline uint32_t b_str(struct builder *b, const char *s)
{
	for (size_t o = 0; o < b->nstrs; o += strlen(b->strs + o) + 1)
		if (!strcmp(b->strs + o, s))
			return (uint32_t)o;
	uint32_t off = (uint32_t)b->nstrs;
	assert_true(b->nstrs + strlen(s) + 1 <= sizeof(b->strs));
	memcpy(b->strs + b->nstrs, s, strlen(s) + 1);
	b->nstrs += strlen(s) + 1;
	return off;
}

static inline void b_prop(struct builder *b, const char *name, const void *v, size_t n)
{
	b_u32(b, 3);
	b_u32(b, (uint32_t)n);
	b_u32(b, b_str(b, name));
	b_bytes(b, v, n);
}

/* Lay out header, empty reserve map, structure and strings blocks (the
 * structure block as built: its END token is the caller's). */
static inline struct blob b_finish(const struct builder *b)
{
	size_t total = 40 + 16 + b->nst + b->nstrs;
	struct blob o = { calloc(1, total), total };
	assert_non_null(o.p);
	put32(o.p + 0, FDT_MAGIC);
	put32(o.p + 4, (uint32_t)total);
	put32(o.p + 8, 56);
	put32(o.p + 12, (uint32_t)(56 + b->nst));
	put32(o.p + 16, 40);
	put32(o.p + 20, 17);
	put32(o.p + 24, 16);
	put32(o.p + 32, (uint32_t)b->nstrs);
	put32(o.p + 36, (uint32_t)b->nst);
	memcpy(o.p + 56, b->st, b->nst);
	memcpy(o.p + 56 + b->nst, b->strs, b->nstrs);
	return o;
}

#endif
