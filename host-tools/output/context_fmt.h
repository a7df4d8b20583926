/*
 * The run context's values as people read them: SBI implementations by
 * name, their versions in the implementation's own notation, clock rates
 * in MHz. Shared by meta.json (meta_context.c) and the screen
 * (context_print.c).
 */
#ifndef RVBENCH_CONTEXT_FMT_H
#define RVBENCH_CONTEXT_FMT_H

#include <stddef.h>
#include <stdint.h>

/* The SBI spec's implementation ids: "OpenSBI" for 1, ...; NULL if unknown. */
const char *ctx_sbi_impl_name(uint64_t id);
/* SBI spec version (major << 24 | minor): "1.0". */
const char *ctx_fmt_sbi_spec(char *buf, size_t n, uint64_t v);
/* A value as the firmware's encoding has it: "0x10002". */
const char *ctx_fmt_hex(char *buf, size_t n, uint64_t v);
/* An implementation's version: OpenSBI's is major << 16 | minor ("1.1");
 * others' are shown in hex, their encoding being their own. */
const char *ctx_fmt_impl_version(char *buf, size_t n, uint64_t impl, uint64_t v);
/* A rate in Hz as MHz with 3 decimals: "33.333 MHz". */
const char *ctx_fmt_mhz(char *buf, size_t n, uint64_t hz);

#endif
