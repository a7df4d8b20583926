/*
 * Read-only FDT reader; see fdt.h for why we do not use libfdt.
 *
 * All reads of the blob go through tag_at() (structure block) and
 * str_at() (strings block). Both bound every access by the block sizes in
 * the header, which fdt_check_header() proved lie inside totalsize, which
 * in turn is no larger than what the caller said may be read.
 *
 * Longer than 400 lines on purpose: the bounds checks and the walks they
 * guard stay side by side in one file, so no read of the blob escapes them.
 */
#include "fdt.h"

#include <string.h>

#define FDT_BEGIN_NODE 1u
#define FDT_END_NODE   2u
#define FDT_PROP       3u
#define FDT_NOP        4u
#define FDT_END        9u

/* Header field offsets (all big-endian u32). */
enum {
	H_MAGIC = 0, H_TOTALSIZE = 4, H_OFF_STRUCT = 8, H_OFF_STRINGS = 12,
	H_OFF_RSVMAP = 16, H_VERSION = 20, H_LAST_COMP = 24, H_BOOT_CPU = 28,
	H_SIZE_STRINGS = 32, H_SIZE_STRUCT = 36,
};
#define HDR_V16_SIZE 36u   /* v16 has no size_dt_struct */
#define HDR_V17_SIZE 40u

uint32_t fdt_ld32(const void *p)
{
	const uint8_t *b = p;
	return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 |
	       (uint32_t)b[2] << 8 | b[3];
}

uint64_t fdt_read_cells(const void *p, int cells)
{
	const uint8_t *b = p;
	uint64_t v = 0;
	for (int i = 0; i < cells && i < 2; i++)
		v = v << 32 | fdt_ld32(b + 4 * i);
	return v;
}

static uint32_t hdr(const void *fdt, unsigned field)
{
	return fdt_ld32((const uint8_t *)fdt + field);
}

uint32_t fdt_totalsize(const void *fdt)
{
	return fdt ? hdr(fdt, H_TOTALSIZE) : 0;
}

static uint32_t struct_size(const void *fdt)
{
	if (hdr(fdt, H_VERSION) >= 17)
		return hdr(fdt, H_SIZE_STRUCT);
	return hdr(fdt, H_TOTALSIZE) - hdr(fdt, H_OFF_STRUCT);
}

/* A block [off, off+size) must sit after the header and inside the blob. */
static int block_ok(uint32_t off, uint32_t size, uint32_t total, uint32_t hsz)
{
	return off >= hsz && off <= total && size <= total - off;
}

int fdt_check_header(const void *fdt, size_t max_size)
{
	if (!fdt)
		return FDT_ERR_BADPTR;
	if (max_size < 4)
		return FDT_ERR_TRUNCATED;
	if (hdr(fdt, H_MAGIC) != FDT_MAGIC)
		return FDT_ERR_BADMAGIC;
	if (max_size < HDR_V16_SIZE)
		return FDT_ERR_TRUNCATED;
	uint32_t version = hdr(fdt, H_VERSION);
	if (version < 16 || hdr(fdt, H_LAST_COMP) > 17)
		return FDT_ERR_BADVERSION;
	uint32_t hsz = version >= 17 ? HDR_V17_SIZE : HDR_V16_SIZE;
	if (max_size < hsz)
		return FDT_ERR_TRUNCATED;

	uint32_t total = hdr(fdt, H_TOTALSIZE);
	if (total > max_size)
		return FDT_ERR_TRUNCATED;
	/* Offsets are handed out as int: keep every one representable. */
	if (total < hsz || total > INT32_MAX)
		return FDT_ERR_BADLAYOUT;

	uint32_t off_struct = hdr(fdt, H_OFF_STRUCT);
	uint32_t off_rsv = hdr(fdt, H_OFF_RSVMAP);
	/* Reserve map: we never read it, but at least its terminator must fit. */
	if ((off_rsv & 7) || !block_ok(off_rsv, 16, total, hsz))
		return FDT_ERR_BADLAYOUT;
	/* Tokens are 4-aligned relative to the blob start. */
	if ((off_struct & 3) || !block_ok(off_struct, 0, total, hsz) ||
	    !block_ok(off_struct, struct_size(fdt), total, hsz))
		return FDT_ERR_BADLAYOUT;
	if (!block_ok(hdr(fdt, H_OFF_STRINGS), hdr(fdt, H_SIZE_STRINGS), total, hsz))
		return FDT_ERR_BADLAYOUT;
	return 0;
}

/*
 * The two blocks every walk reads, taken from the header once per call
 * rather than at every token: firmware start-up walks the tree thousands
 * of tokens at a time, and each header field is four byte loads.
 */
struct fdt_view {
	const uint8_t *st;   /* structure block */
	uint32_t st_size;
	const char *str;     /* strings block */
	uint32_t str_size;
	int str_ends_nul;    /* its last byte is NUL: every name in it ends */
};

static struct fdt_view view_of(const void *fdt)
{
	struct fdt_view b = {
		.st = (const uint8_t *)fdt + hdr(fdt, H_OFF_STRUCT),
		.st_size = struct_size(fdt),
		.str = (const char *)fdt + hdr(fdt, H_OFF_STRINGS),
		.str_size = hdr(fdt, H_SIZE_STRINGS),
	};
	b.str_ends_nul = b.str_size && b.str[b.str_size - 1] == '\0';
	return b;
}

/* Name at nameoff in the strings block, NUL-terminated inside it, or
 * NULL. When the block ends with a NUL (dtc always writes one), any
 * offset inside it has a NUL at or after it: no scan. */
static const char *str_at(const struct fdt_view *b, uint32_t nameoff)
{
	if (nameoff >= b->str_size)
		return NULL;
	/* A scan, not memchr: no call keeps tag_at() a leaf, which saves
	 * more than the call would on the trees that need it. */
	for (uint32_t i = nameoff; !b->str_ends_nul; i++) {
		if (i == b->str_size)
			return NULL;
		if (!b->str[i])
			break;
	}
	return b->str + nameoff;
}

/*
 * Decode the token at off; store the offset of the next token in *next.
 * Returns the tag or an error. *next > off always, so loops end.
 */
static int tag_at(const struct fdt_view *b, int off, int *next)
{
	uint32_t size = b->st_size;
	const uint8_t *s = b->st;
	if (off < 0 || (off & 3) || size < 4 || (uint32_t)off > size - 4)
		return FDT_ERR_BADOFFSET;

	uint32_t tag = fdt_ld32(s + off);
	uint32_t pos = (uint32_t)off + 4;
	switch (tag) {
	case FDT_BEGIN_NODE:
		/* The name: short, so a plain scan beats a call to memchr. */
		while (pos < size && s[pos])
			pos++;
		if (pos == size)
			return FDT_ERR_BADSTRUCTURE;
		pos++;
		break;
	case FDT_PROP: {
		if (size - pos < 8)
			return FDT_ERR_BADSTRUCTURE;
		uint32_t len = fdt_ld32(s + pos);
		if (!str_at(b, fdt_ld32(s + pos + 4)))
			return FDT_ERR_BADSTRUCTURE;
		pos += 8;
		if (len > size - pos)
			return FDT_ERR_BADSTRUCTURE;
		pos += len;
		break;
	}
	case FDT_END_NODE:
	case FDT_NOP:
	case FDT_END:
		break;
	default:
		return FDT_ERR_BADSTRUCTURE;
	}
	pos = (pos + 3) & ~3u;
	if (pos > size)
		return FDT_ERR_BADSTRUCTURE;
	*next = (int)pos;
	return (int)tag;
}

static int next_tag(const void *fdt, int off, int *next)
{
	struct fdt_view b = view_of(fdt);
	return tag_at(&b, off, next);
}

/* Cheap guard for calls made without fdt_check(): catches NULL/garbage. */
static int ro_ok(const void *fdt)
{
	return fdt && hdr(fdt, H_MAGIC) == FDT_MAGIC;
}

/* Offset of the first token after the NOPs at off (and PROPs if asked). */
static int skip(const void *fdt, int off, int skip_props)
{
	for (;;) {
		int next, tag = next_tag(fdt, off, &next);
		if (tag < 0)
			return tag;
		if (tag != (int)FDT_NOP && !(skip_props && tag == (int)FDT_PROP))
			return off;
		off = next;
	}
}

/* Offset just past the node's own BEGIN_NODE token, if node is one; *b
 * is the blob's view when it is one. */
static int body_of(const void *fdt, int node, struct fdt_view *b)
{
	int next, tag;
	if (!ro_ok(fdt))
		return FDT_ERR_BADMAGIC;
	*b = view_of(fdt);
	tag = tag_at(b, node, &next);
	if (tag < 0)
		return tag;
	return tag == (int)FDT_BEGIN_NODE ? next : FDT_ERR_BADOFFSET;
}

static int node_body(const void *fdt, int node)
{
	struct fdt_view b;
	return body_of(fdt, node, &b);
}

/* Record the node whose BEGIN_NODE token is at off as nodes[count], a
 * child of nodes[parent]; *prev, the sibling recorded before it (or -1),
 * links to it. */
static void record_node(struct fdt_node *nodes, int count, int off, int parent, int *prev)
{
	nodes[count] = (struct fdt_node){ .off = off, .parent = (int16_t)parent, .next = -1,
					  .compatible = -1 };
	if (*prev >= 0)
		nodes[*prev].next = (int16_t)count;
	*prev = count;
}

#define SEEN_COMPATIBLE    1u
#define SEEN_PHANDLE       2u
#define SEEN_LINUX_PHANDLE 4u
#define PHANDLE_CELL       8u   /* the phandle property has one cell */

/* The properties the table keeps, those start-up searches the whole tree
 * by; the first of each name counts, as for fdt_getprop(), which *seen
 * (the names met so far in this node) tracks. The phandle is "phandle"
 * when that has one cell, else the older "linux,phandle". */
static void record_prop(struct fdt_node *n, unsigned *seen, const struct fdt_view *b, int off)
{
	const uint8_t *p = b->st + off;
	uint32_t len = fdt_ld32(p + 4);
	const char *name = str_at(b, fdt_ld32(p + 8));
	unsigned which = !strcmp(name, "compatible") ? SEEN_COMPATIBLE :
			 !strcmp(name, "phandle") ? SEEN_PHANDLE :
			 !strcmp(name, "linux,phandle") ? SEEN_LINUX_PHANDLE : 0;
	if (!which || (*seen & which))
		return;
	*seen |= which;
	if (which == SEEN_COMPATIBLE) {
		n->compatible = off;
	} else if (len == 4 && !(*seen & PHANDLE_CELL)) {
		n->phandle = fdt_ld32(p + 12);
		if (which == SEEN_PHANDLE)
			*seen |= PHANDLE_CELL;
	}
}

int fdt_check_nodes(const void *fdt, size_t max_size, struct fdt_node *nodes, int cap,
		    int *count)
{
	int rc = fdt_check_header(fdt, max_size);
	if (rc)
		return rc;
	struct fdt_view b = view_of(fdt);
	/* For the node open at each nesting level: open[], its place in the
	 * table; seen[], the names record_prop() met in it; last[], its last
	 * child recorded so far (-1: none yet). Once the table is full
	 * (table = 0) the walk goes on checking, so that a broken tree gets
	 * the check's error whatever its size. */
	int open[FDT_MAX_DEPTH], last[FDT_MAX_DEPTH + 1];
	unsigned seen[FDT_MAX_DEPTH];
	int off = 0, depth = 0, seen_root = 0, n = 0, table = nodes != NULL;
	if (cap > FDT_NODES_MAX)
		cap = FDT_NODES_MAX;
	last[0] = -1;
	for (;;) {
		int next, tag = tag_at(&b, off, &next);
		if (tag < 0)
			return tag == FDT_ERR_BADOFFSET ? FDT_ERR_BADSTRUCTURE : tag;
		switch (tag) {
		case FDT_BEGIN_NODE:
			if (depth == 0 && seen_root)
				return FDT_ERR_BADSTRUCTURE;  /* a second root */
			if (depth == FDT_MAX_DEPTH)
				return FDT_ERR_TOODEEP;
			seen_root = 1;
			if (table && n >= cap)
				table = 0;
			if (table) {
				record_node(nodes, n, off, depth ? open[depth - 1] : -1, &last[depth]);
				open[depth] = n;
				seen[depth] = 0;
				last[depth + 1] = -1;
			}
			n++;
			depth++;
			break;
		case FDT_END_NODE:
			if (depth-- == 0)
				return FDT_ERR_BADSTRUCTURE;
			break;
		case FDT_PROP:
			if (depth == 0)
				return FDT_ERR_BADSTRUCTURE;
			/* Only before the node's first child, where fdt_getprop()
			 * looks. */
			if (table && last[depth] < 0)
				record_prop(&nodes[open[depth - 1]], &seen[depth - 1], &b, off);
			break;
		case FDT_END:
			if (depth != 0 || !seen_root)
				return FDT_ERR_BADSTRUCTURE;
			if (count)
				*count = n;
			return nodes && !table ? FDT_ERR_NOSPACE : 0;
		}
		off = next;
	}
}

int fdt_check(const void *fdt, size_t max_size)
{
	return fdt_check_nodes(fdt, max_size, NULL, 0, NULL);
}

const char *fdt_get_name(const void *fdt, int node, int *lenp)
{
	int body = node_body(fdt, node);
	if (body < 0) {
		if (lenp)
			*lenp = body;
		return NULL;
	}
	/* tag_at() proved the name is NUL-terminated inside the block. */
	const char *name = (const char *)fdt + hdr(fdt, H_OFF_STRUCT) + node + 4;
	if (lenp)
		*lenp = (int)strlen(name);
	return name;
}

/*
 * off (from skip(), or its error) when the token there is want; at_stop
 * when it is stop, otherwise for any other token.
 */
static int token_at(const void *fdt, int off, uint32_t want, uint32_t stop, int at_stop,
		    int otherwise)
{
	if (off < 0)
		return off;
	int next, tag = next_tag(fdt, off, &next);
	if (tag < 0)
		return tag;
	if (tag == (int)want)
		return off;
	return tag == (int)stop ? at_stop : otherwise;
}

int fdt_first_subnode(const void *fdt, int node)
{
	int off = node_body(fdt, node);
	if (off < 0)
		return off;
	return token_at(fdt, skip(fdt, off, 1), FDT_BEGIN_NODE, FDT_END_NODE, FDT_ERR_NOTFOUND,
			FDT_ERR_BADSTRUCTURE);
}

int fdt_next_subnode(const void *fdt, int node)
{
	int off = node, depth = 0;
	if (node_body(fdt, node) < 0)
		return FDT_ERR_BADOFFSET;
	struct fdt_view b = view_of(fdt);
	/* Step over the whole subtree of node. */
	do {
		int next, tag = tag_at(&b, off, &next);
		if (tag < 0)
			return tag;
		if (tag == (int)FDT_BEGIN_NODE && ++depth > FDT_MAX_DEPTH)
			return FDT_ERR_TOODEEP;
		if (tag == (int)FDT_END_NODE)
			depth--;
		if (tag == (int)FDT_END)
			return FDT_ERR_BADSTRUCTURE;
		off = next;
	} while (depth > 0);

	off = skip(fdt, off, 1);
	if (off < 0)
		return off;
	int next, tag = next_tag(fdt, off, &next);
	if (tag < 0)
		return tag;
	if (tag == (int)FDT_BEGIN_NODE)
		return off;
	/* END_NODE closes the parent; END follows the root. */
	return tag == (int)FDT_END_NODE || tag == (int)FDT_END ?
	       FDT_ERR_NOTFOUND : FDT_ERR_BADSTRUCTURE;
}

int fdt_next_node(const void *fdt, int node, int *depth)
{
	struct fdt_view b;
	int off = body_of(fdt, node, &b);
	if (off < 0)
		return off;
	for (;;) {
		int next, tag = tag_at(&b, off, &next);
		if (tag < 0)
			return tag;
		if (tag == (int)FDT_BEGIN_NODE) {
			if (depth && ++*depth > FDT_MAX_DEPTH)
				return FDT_ERR_TOODEEP;
			return off;
		}
		if (tag == (int)FDT_END_NODE && depth && --*depth < 0)
			return FDT_ERR_NOTFOUND;  /* left the subtree the walk began in */
		if (tag == (int)FDT_END)
			return FDT_ERR_NOTFOUND;
		off = next;
	}
}

static int root_offset(const void *fdt)
{
	if (!ro_ok(fdt))
		return FDT_ERR_BADMAGIC;
	int off = skip(fdt, 0, 0);
	if (off < 0)
		return off;
	return node_body(fdt, off) < 0 ? FDT_ERR_BADSTRUCTURE : off;
}

int fdt_parent_offset(const void *fdt, int node)
{
	int stack[FDT_MAX_DEPTH], depth = 0;
	int off = root_offset(fdt);
	if (off < 0)
		return off;
	/* No parent pointers in an FDT: walk from the root, remembering the
	 * chain of open nodes, until we reach node. */
	struct fdt_view b = view_of(fdt);
	while (off <= node) {
		int next, tag = tag_at(&b, off, &next);
		if (tag < 0)
			return tag;
		if (tag == (int)FDT_BEGIN_NODE) {
			if (off == node)
				return depth ? stack[depth - 1] : FDT_ERR_NOTFOUND;
			if (depth == FDT_MAX_DEPTH)
				return FDT_ERR_TOODEEP;
			stack[depth++] = off;
		} else if (tag == (int)FDT_END_NODE) {
			if (depth-- == 0)
				return FDT_ERR_BADSTRUCTURE;
		} else if (tag == (int)FDT_END) {
			break;
		}
		off = next;
	}
	return FDT_ERR_BADOFFSET;
}

const void *fdt_getprop_by_offset(const void *fdt, int prop,
                                  const char **namep, int *lenp)
{
	int next, tag = ro_ok(fdt) ? next_tag(fdt, prop, &next) : FDT_ERR_BADMAGIC;
	if (tag >= 0 && tag != (int)FDT_PROP)
		tag = FDT_ERR_BADOFFSET;
	if (tag < 0) {
		if (lenp)
			*lenp = tag;
		return NULL;
	}
	/* tag_at() checked len and nameoff against their blocks. */
	const uint8_t *p = (const uint8_t *)fdt + hdr(fdt, H_OFF_STRUCT) + prop;
	if (namep) {
		struct fdt_view b = view_of(fdt);
		*namep = str_at(&b, fdt_ld32(p + 8));
	}
	if (lenp)
		*lenp = (int)fdt_ld32(p + 4);
	return p + 12;
}

/* The PROP token at or after off, NOTFOUND at the first subnode/end. */
static int prop_from(const void *fdt, int off)
{
	return token_at(fdt, skip(fdt, off, 0), FDT_PROP, FDT_END, FDT_ERR_BADSTRUCTURE,
			FDT_ERR_NOTFOUND);
}

int fdt_first_property(const void *fdt, int node)
{
	int off = node_body(fdt, node);
	return off < 0 ? off : prop_from(fdt, off);
}

int fdt_next_property(const void *fdt, int prop)
{
	int next, tag = ro_ok(fdt) ? next_tag(fdt, prop, &next) : FDT_ERR_BADMAGIC;
	if (tag < 0)
		return tag;
	return tag == (int)FDT_PROP ? prop_from(fdt, next) : FDT_ERR_BADOFFSET;
}

/* One pass over the node's own tokens, one decode each: callers ask for
 * a few properties of every node during start-up. */
const void *fdt_getprop(const void *fdt, int node, const char *name, int *lenp)
{
	struct fdt_view b;
	int off = body_of(fdt, node, &b), rc = off;
	if (off >= 0) {
		for (;;) {
			int next, tag = tag_at(&b, off, &next);
			if (tag == (int)FDT_PROP) {
				/* tag_at() checked len and nameoff against their blocks. */
				const uint8_t *p = b.st + off;
				if (strcmp(str_at(&b, fdt_ld32(p + 8)), name) == 0) {
					if (lenp)
						*lenp = (int)fdt_ld32(p + 4);
					return p + 12;
				}
			} else if (tag != (int)FDT_NOP) {
				/* A subnode or END_NODE ends the properties; END
				 * before them is a broken tree, as in prop_from(). */
				rc = tag < 0 ? tag : tag == (int)FDT_END ? FDT_ERR_BADSTRUCTURE
									 : FDT_ERR_NOTFOUND;
				break;
			}
			off = next;
		}
	}
	if (lenp)
		*lenp = rc;
	return NULL;
}

const char *fdt_prop_string(const void *fdt, int node, const char *name)
{
	int len;
	const char *s = fdt_getprop(fdt, node, name, &len);
	if (!s || len < 1 || s[len - 1] != '\0')
		return NULL;
	return s;
}

int fdt_prop_u32(const void *fdt, int node, const char *name, uint32_t *out)
{
	int len;
	const void *p = fdt_getprop(fdt, node, name, &len);
	if (!p)
		return len;
	if (len != 4)
		return FDT_ERR_BADVALUE;
	*out = fdt_ld32(p);
	return 0;
}

int fdt_prop_u64(const void *fdt, int node, const char *name, uint64_t *out)
{
	int len;
	const void *p = fdt_getprop(fdt, node, name, &len);
	if (!p)
		return len;
	if (len != 4 && len != 8)
		return FDT_ERR_BADVALUE;
	*out = fdt_read_cells(p, len / 4);
	return 0;
}

int fdt_stringlist_contains(const char *list, int len, const char *str)
{
	size_t n = strlen(str);
	while (list && len > 0) {
		const char *end = memchr(list, 0, (size_t)len);
		if (!end)
			return 0;  /* last entry not terminated: ignore it */
		size_t l = (size_t)(end - list);
		if (l == n && memcmp(list, str, n) == 0)
			return 1;
		len -= (int)l + 1;
		list = end + 1;
	}
	return 0;
}

int fdt_node_is_compatible(const void *fdt, int node, const char *compat)
{
	int len;
	const char *list = fdt_getprop(fdt, node, "compatible", &len);
	return list && fdt_stringlist_contains(list, len, compat);
}

/* #address-cells and #size-cells: values above 2 do not fit a u64. */
static int cells(const void *fdt, int node, const char *name, uint32_t dflt,
                 uint32_t min)
{
	uint32_t v = dflt;
	int rc = fdt_prop_u32(fdt, node, name, &v);
	if (rc < 0 && rc != FDT_ERR_NOTFOUND)
		return rc;
	return v >= min && v <= 2 ? (int)v : FDT_ERR_BADVALUE;
}

int fdt_address_cells(const void *fdt, int node)
{
	return cells(fdt, node, "#address-cells", 2, 1);
}

int fdt_size_cells(const void *fdt, int node)
{
	return cells(fdt, node, "#size-cells", 1, 0);
}

int fdt_get_reg(const void *fdt, int node, int index,
                uint64_t *addr, uint64_t *size)
{
	int parent = fdt_parent_offset(fdt, node);
	if (parent < 0)
		return parent;
	return fdt_get_reg_in(fdt, parent, node, index, addr, size);
}

int fdt_get_reg_in(const void *fdt, int parent, int node, int index,
		   uint64_t *addr, uint64_t *size)
{
	int ac = fdt_address_cells(fdt, parent);
	int sc = fdt_size_cells(fdt, parent);
	if (ac < 0)
		return ac;
	if (sc < 0)
		return sc;
	int len;
	const uint8_t *reg = fdt_getprop(fdt, node, "reg", &len);
	if (!reg)
		return len;
	int entry = 4 * (ac + sc);
	if (index < 0 || len % entry || index >= len / entry)
		return index >= 0 && len % entry == 0 ? FDT_ERR_NOTFOUND
		                                      : FDT_ERR_BADVALUE;
	reg += entry * index;
	if (addr)
		*addr = fdt_read_cells(reg, ac);
	if (size)
		*size = sc ? fdt_read_cells(reg + 4 * ac, sc) : 0;
	return 0;
}

int fdt_name_matches(const char *name, const char *p, size_t n)
{
	if (strncmp(name, p, n) != 0)
		return 0;
	return name[n] == '\0' || (name[n] == '@' && !memchr(p, '@', n));
}

/* The plain reader's fdt_child_fn: the node's subnodes, token by token. */
static int subnode_named(const void *ctx, int node, const char *p, size_t n)
{
	const void *fdt = ctx;
	int child;
	for (child = fdt_first_subnode(fdt, node); child >= 0;
	     child = fdt_next_subnode(fdt, child)) {
		const char *name = fdt_get_name(fdt, child, NULL);
		if (name && fdt_name_matches(name, p, n))
			break;
	}
	return child;
}

/* Walk the components of path[0..len) starting at node. */
static int walk_path(int node, const char *path, size_t len, fdt_child_fn child,
		     const void *ctx)
{
	size_t i = 0;
	while (i < len && node >= 0) {
		if (path[i] == '/') {
			i++;
			continue;
		}
		size_t n = 0;
		while (i + n < len && path[i + n] != '/')
			n++;
		node = child(ctx, node, path + i, n);
		i += n;
	}
	return node;
}

/* The absolute path the alias name[0..n) stands for in the node aliases,
 * or NULL with *err set. */
static const char *alias_path(const void *fdt, int aliases, const char *name, size_t n,
			      int *err)
{
	int off, plen;
	for (off = fdt_first_property(fdt, aliases); off >= 0;
	     off = fdt_next_property(fdt, off)) {
		const char *pname;
		const char *val = fdt_getprop_by_offset(fdt, off, &pname, &plen);
		if (!val || !pname || strlen(pname) != n || memcmp(pname, name, n) != 0)
			continue;
		if (plen < 2 || val[0] != '/' || !memchr(val, 0, (size_t)plen)) {
			*err = FDT_ERR_BADVALUE;
			return NULL;
		}
		return val;
	}
	*err = off;
	return NULL;
}

int fdt_path_offset_with(const void *fdt, const char *path, fdt_child_fn child,
			 const void *ctx)
{
	int root = root_offset(fdt);
	if (root < 0)
		return root;
	if (!path)
		return FDT_ERR_NOTFOUND;
	/* ':' cannot occur in node or alias names; it starts stdout options. */
	size_t len = strcspn(path, ":");
	if (len > 0 && path[0] == '/')
		return walk_path(root, path, len, child, ctx);

	/* "alias/rest": the alias must name an absolute path. We do not
	 * follow aliases inside aliases, so this cannot recurse. */
	size_t alen = 0;
	while (alen < len && path[alen] != '/')
		alen++;
	if (alen == 0)
		return FDT_ERR_NOTFOUND;
	int aliases = walk_path(root, "/aliases", 8, child, ctx);
	if (aliases < 0)
		return aliases;
	int rc;
	const char *val = alias_path(fdt, aliases, path, alen, &rc);
	if (!val)
		return rc;
	int node = walk_path(root, val, strlen(val), child, ctx);
	return node < 0 ? node : walk_path(node, path + alen, len - alen, child, ctx);
}

int fdt_path_offset(const void *fdt, const char *path)
{
	return fdt_path_offset_with(fdt, path, subnode_named, fdt);
}

const char *fdt_strerror(int err)
{
	static const char *const msg[] = {
		"ok", "not found", "NULL blob", "truncated", "bad magic",
		"bad version", "bad layout", "bad structure", "bad offset",
		"too deep", "bad value", "too many nodes",
	};
	int n = (int)(sizeof(msg) / sizeof(msg[0]));
	if (err > 0 || err <= -n)
		return "unknown error";
	return msg[-err];
}
