/*
 * rvbench_unit_cflags: the compiler flags of one unit of benchmarks, as a
 * string (BENCH() points every descriptor at it). The text is the file
 * CFLAGS_FILE, written by the build (bench-units.mk), taken byte for byte:
 * no quoting of the flags can go wrong. Built once per unit; the unit's
 * copy stays local to it.
 */
	.section .rodata.rvbench_unit_cflags, "a"
	.globl rvbench_unit_cflags
	.type rvbench_unit_cflags, @object
rvbench_unit_cflags:
	.incbin CFLAGS_FILE
	.byte 0
	.size rvbench_unit_cflags, . - rvbench_unit_cflags
