/*
 * A line of text built from strings and numbers, without printf.
 *
 * For the lines the firmware says before its first sample (the banner,
 * the RAM, the SBI PMU, the skipped harts, the run's summary): under QEMU
 * each distinct block of code the image runs costs a translation, and
 * picolibc's vfprintf with its helpers is over a hundred blocks, about 7 %
 * of what rvbench runs before that sample (docs/performance.md). The
 * rarer messages keep printf (stream_say).
 *
 * Like snprintf, a text never writes past its buffer and keeps it
 * NUL-terminated; len counts what was asked for, so len >= cap says the
 * text was cut.
 */
#ifndef RVBENCH_TEXT_H
#define RVBENCH_TEXT_H

#include <stddef.h>
#include <stdint.h>

struct text {
	char *buf;
	size_t cap; /* bytes of buf, the NUL included; at least 1 */
	size_t len; /* bytes asked for so far */
};

/* An empty text over buf[0..cap); cap >= 1. */
struct text text_on(char *buf, size_t cap);
/* A text that goes on after the len bytes already in buf (len < cap). */
struct text text_after(char *buf, size_t cap, size_t len);
/* Never inlined: one copy of each loop is what keeps the blocks few
 * (link-time optimisation would otherwise copy them into every caller). */
__attribute__((noinline)) void text_str(struct text *t, const char *s);
__attribute__((noinline)) void text_u64(struct text *t, uint64_t v);
/* 0x and lowercase digits, no leading zeros: as printf's 0x%llx. */
__attribute__((noinline)) void text_hex(struct text *t, uint64_t v);
static inline int text_cut(const struct text *t)
{
	return t->len >= t->cap;
}

#endif
