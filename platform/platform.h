/*
 * What the device tree tells us about the machine, read once at boot.
 */
#ifndef RVBENCH_PLATFORM_H
#define RVBENCH_PLATFORM_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "layout.h"

/* Harts read from the device tree: as many as rvbench has stacks for. */
#define PLATFORM_MAX_HARTS MAX_HARTS
/* Largest FDT we accept: QEMU's are ~5 KiB, real boards' well under. */
#define PLATFORM_FDT_MAX   (1u << 20)

/* What the tree says of a cpu, as its CPU record sends it: no padding, and
 * the strings zero-filled to their ends (platform_init() clears the whole
 * struct platform first, copy_prop() pads with strncpy), so two harts
 * described alike compare equal byte for byte (src/emit.c). */
struct platform_cpu {
	char isa[128];     /* riscv,isa, truncated */
	char mmu[16];      /* mmu-type, "" if absent */
	uint64_t clock_hz; /* clock-frequency, 0 if absent */
	/* L1 geometry (i-cache-*, d-cache-* properties), 0 where absent */
	uint32_t icache_size, icache_sets, icache_block;
	uint32_t dcache_size, dcache_sets, dcache_block;
};
_Static_assert(sizeof(struct platform_cpu) == 128 + 16 + 8 + 6 * 4,
	       "struct platform_cpu has padding: memcmp would compare it");

struct platform_hart {
	uint32_t hartid;
	int enabled;       /* status "okay"/"ok" or absent */
	int s_mode;        /* has S-mode with paging: see platform.c */
	struct platform_cpu cpu;
};

/* The end of the run of harts h[i..end) that one CPU record describes
 * (wire format 3, last=): each id one above the one before it, each cpu
 * described as h[i]'s. i < n; returns at least i + 1. */
static inline unsigned platform_alike_harts(const struct platform_hart *h, unsigned n, unsigned i)
{
	unsigned j = i + 1;

	while (j < n && h[j].hartid == (uint64_t)h[j - 1].hartid + 1 &&
	       !memcmp(&h[j].cpu, &h[i].cpu, sizeof(h[i].cpu)))
		j++;
	return j;
}

struct fdt_index;

struct platform {
	const struct fdt_index *fdt_ix; /* the tree's nodes; NULL when platform_init() failed */
	char model[64];             /* /model, else first /compatible */
	uint64_t timebase_hz;       /* 0 = unknown: do not convert to time */
	uint64_t mem_base, mem_size;/* the RAM range the image is in, 0 if none */
	unsigned nharts;            /* entries used in harts[] */
	struct platform_hart harts[PLATFORM_MAX_HARTS];
	unsigned harts_beyond;      /* further cpu nodes, not kept: harts[] is full (ids
	                             * below MAX_HARTS first: platform_tree.h) */
	const char *bootargs;       /* /chosen/bootargs, whole, in the tree; "" if none */
	size_t bootargs_unread;     /* bytes of that property not in bootargs (bootargs.h) */
	unsigned long boot_hart;    /* a0 at entry */
};

/*
 * Fill *p from the FDT handed over in a1 and start the console. Returns 0,
 * or a negative FDT_ERR_* if the tree is unusable: then *p holds safe
 * defaults (zeros, model "unknown") and the console is the SBI's.
 */
int platform_init(struct platform *p, const void *fdt, unsigned long boot_hart);

#endif
