/*
 * rvbench firmware layout. Run through the C preprocessor (Makefile) into
 * $(BUILD)/rvbench.ld: every address and size comes from boot/layout.h,
 * which the entry code and C share. The ASSERTs turn a layout mistake
 * into a link error instead of a corrupted FDT or overlapping stacks.
 */
#include "layout.h"

OUTPUT_ARCH(riscv)
ENTRY(_start)

/*
 * Only the bytes of the image are in a loadable segment. BSS, heap, TLS
 * blocks and stacks (over 11 MiB) are in none: boot/entry.S clears BSS
 * itself, as it must on a board, and an ELF loader that zero-fills a
 * segment's memsz (QEMU's -kernel does, into a host buffer it then copies)
 * would otherwise touch every page of them at each start, which costs
 * more host time than everything rvbench does before its first sample.
 */
PHDRS
{
	image PT_LOAD;
	tls PT_TLS;
}

MEMORY
{
	ram (rwx) : ORIGIN = PAYLOAD_BASE, LENGTH = FDT_FLOOR - PAYLOAD_BASE
}

SECTIONS
{
	. = PAYLOAD_BASE;
	__image_start = .;

	.text : {
		KEEP(*(.text.entry))      /* the Image header and _start come first */
		*(.text .text.*)
	} >ram :image

	.rodata : ALIGN(16) {
		*(.rodata .rodata.* .srodata .srodata.*)
	} >ram

	/* The benchmark registry: BENCH() puts one descriptor per benchmark
	 * here; sorting by name gives a stable run order whatever the link
	 * order of the files. */
	.rvbench_benches : ALIGN(8) {
		__bench_start = .;
		KEEP(*(SORT_BY_NAME(.rvbench_bench.*)))
		__bench_end = .;
	} >ram

	.data : ALIGN(16) {
		*(.data .data.*)
		. = ALIGN(8);
		PROVIDE(__global_pointer$ = . + 0x800);
		*(.sdata .sdata.* .sdata2.*)
	} >ram

	/* picolibc keeps errno and friends in TLS; the boot hart uses the
	 * template in place (the whole image is loaded in RAM). */
	.tdata : ALIGN(16) {
		*(.tdata .tdata.*)
	} >ram :image :tls
	.tbss (NOLOAD) : {
		*(.tbss .tbss.* .tcommon)
	} >ram :NONE :tls
	/* tp-relative offsets count from the first TLS section; an empty
	 * .tdata is dropped, and then that is .tbss. */
	__tls_base = SIZEOF(.tdata) ? ADDR(.tdata) : ADDR(.tbss);
	__tls_end = ADDR(.tbss) + SIZEOF(.tbss);
	__tdata_size = SIZEOF(.tdata);
	__tbss_size = SIZEOF(.tbss);
	__tbss_offset = ADDR(.tbss) - __tls_base;
	__tls_size = __tls_end - __tls_base;
	__tls_align = MAX(ALIGNOF(.tdata), ALIGNOF(.tbss));
	/* ld does not advance '.' over .tbss: make the room explicitly. */
	.tbss_space (NOLOAD) : {
		. = ADDR(.tbss) + SIZEOF(.tbss);
	} >ram :NONE

	__bss_start = ADDR(.tbss);
	.bss (NOLOAD) : ALIGN(16) {
		*(.sbss .sbss.* .bss .bss.* COMMON)
		. = ALIGN(16);
	} >ram
	__bss_end = .;

	/* What rvbench writes before its first sample sits in the 2 MiB after
	 * PAYLOAD_BASE, with the image: under QEMU guest RAM is backed by
	 * transparent huge pages, and the first write into each 2 MiB region
	 * has the host clear all of it (docs/performance.md). So the TLS
	 * blocks and the stacks come first, then the buffers, those the first
	 * blocks write first, and the heap last (one benchmark uses it, and
	 * start-up for the table of a device tree of over 128 nodes). An
	 * image with big benchmarks (BENCH_DIR) spills into the next region:
	 * as correct, one huge page slower to start. The ASSERT below holds
	 * the image of the built-in benchmarks alone to it. */
	.tls_blocks (NOLOAD) : ALIGN(TLS_BLOCK_ALIGN) {
		__tls_blocks = .;
		. += TLS_BLOCK_SIZE * MAX_HARTS;
	} >ram

	.stacks (NOLOAD) : ALIGN(4096) {
		__stacks_start = .;
		. += HART_STACK_SIZE * MAX_HARTS;
		__stacks_end = .;
	} >ram

	/* Buffers every run writes before it reads them (samples, inputs,
	 * the statistics' work space): NOINIT(rank) (src/noinit.h) puts them
	 * here, after __bss_end, so boot/entry.S does not clear their 5 MiB,
	 * in the order of their ranks. Ranks 01-09 are written before the
	 * first sample; 09, the samples, is the largest: only its start needs
	 * to lie in the first 2 MiB. */
	.noinit (NOLOAD) : ALIGN(64) {
		*(SORT_BY_NAME(.noinit.0[1-8]))
		__noinit_last_early = .;
		*(.noinit.09)
		*(SORT_BY_NAME(.noinit.*))
	} >ram

	.heap (NOLOAD) : ALIGN(4096) {
		__heap_start = .;
		. += HEAP_SIZE;
		__heap_end = .;
	} >ram

	/* Each hart's emergency stack: its trap entry (boot/trap_vector.S)
	 * saves the frame there when sp is outside the hart's own slot. Only
	 * such a trap writes it: last, out of the first 2 MiB. */
	.trap_stacks (NOLOAD) : ALIGN(16) {
		__trap_stacks_start = .;
		. += TRAP_STACK_SIZE * MAX_HARTS;
		__trap_stacks_end = .;
	} >ram

	__image_end = .;
	__image_size = __image_end - __image_start;

	/DISCARD/ : { *(.comment) *(.note*) *(.eh_frame*) }
}

ASSERT(__image_start == PAYLOAD_BASE, "the image must start where OpenSBI jumps (PAYLOAD_BASE, boot/layout.h)")
ASSERT(__image_end <= FDT_FLOOR, "image, BSS, heap and stacks must stay below FDT_FLOOR, where fw_jump places the FDT")
ASSERT(SIZEOF(.stacks) >= MAX_HARTS * HART_STACK_SIZE, "the stack area must hold a stack for each of MAX_HARTS harts (boot/entry.S)")
ASSERT(__stacks_start % 16 == 0, "boot/entry.S gives each hart sp = __stacks_start + (id + 1) * HART_STACK_SIZE: it must be 16-byte aligned")
ASSERT(__trap_stacks_start % 16 == 0 && TRAP_STACK_SIZE % 16 == 0, "each emergency trap stack's top must be 16-byte aligned (boot/trap_vector.S)")
#ifdef RVBENCH_BUILT_IN_ONLY
ASSERT(__noinit_last_early + 0x10000 <= PAYLOAD_BASE + 0x200000, "the first 64 KiB of the buffers written before the first sample must lie in the 2 MiB after PAYLOAD_BASE, with the image (see .tls_blocks)")
#endif
ASSERT(SIZEOF(.heap) >= HEAP_SIZE, "the heap is smaller than HEAP_SIZE")
ASSERT(ADDR(.tbss) >= __tls_base, "the TLS segment must start at __tls_base")
ASSERT(__tls_size <= TLS_BLOCK_SIZE, "picolibc's TLS outgrew TLS_BLOCK_SIZE (boot/layout.h)")
ASSERT(TLS_BLOCK_SIZE % TLS_BLOCK_ALIGN == 0, "every hart's TLS block must be TLS_BLOCK_ALIGN-aligned")
ASSERT(__tls_align <= TLS_BLOCK_ALIGN, "picolibc's TLS needs more alignment than TLS_BLOCK_ALIGN (boot/layout.h)")
ASSERT((__bench_end - __bench_start) % 8 == 0, "the benchmark registry is not an array of 8-byte aligned descriptors")
