#include "arena.h"

extern char __image_end[];

static uint64_t base, size, used;

static uint64_t align_up(uint64_t v, uint64_t a)
{
	return (v + a - 1) & ~(a - 1);
}

static void consider(uint64_t lo, uint64_t hi)
{
	lo = align_up(lo, 4096);
	if (hi > lo && hi - lo > size) {
		base = lo;
		size = hi - lo;
	}
}

void arena_init(uint64_t mem_base, uint64_t mem_size, uint64_t fdt, uint64_t fdt_size)
{
	uint64_t image_end = (uint64_t)(uintptr_t)__image_end;
	uint64_t mem_end = mem_base + mem_size;

	base = size = used = 0;
	if (!mem_size || image_end < mem_base || image_end >= mem_end)
		return;
	/* Free RAM is [image_end, mem_end) less the device tree, which
	 * OpenSBI may have put anywhere in it (fw_jump: 0x82200000;
	 * fw_dynamic: near the top). Take the larger side. */
	uint64_t fdt_end = fdt + fdt_size;
	if (fdt_size && fdt < mem_end && fdt_end > image_end) {
		consider(image_end, fdt > image_end ? fdt : image_end);
		consider(fdt_end, mem_end);
	} else {
		consider(image_end, mem_end);
	}
}

void *arena_alloc(size_t n, size_t align)
{
	if (!align || (align & (align - 1)))
		return NULL;
	uint64_t at = align_up(base + used, align);
	if (at < base || at + n < at || at + n > base + size)
		return NULL;
	used = at + n - base;
	return (void *)(uintptr_t)at;
}

size_t arena_free_bytes(void) { return (size_t)(size - used); }
uint64_t arena_base(void) { return base; }
uint64_t arena_size(void) { return size; }
size_t arena_mark(void) { return (size_t)used; }
void arena_release(size_t mark) { used = mark <= used ? mark : used; }
