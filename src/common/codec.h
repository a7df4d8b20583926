/*
 * The compact sample encoding of S records (encoding letter "r"): one
 * printable token per line, shared by the firmware (which encodes between
 * measurements: no malloc, no floats, a few hundred bytes of stack) and the
 * host collector (which decodes). docs/wire-format.md, "Encoding r", gives
 * the bit layout in words.
 *
 * Why this shape: cycle samples of one line cluster tightly above their
 * minimum and instret is usually constant. So each column (cycles, then
 * instret) is sent as a reference (the line's minimum) and Rice-coded
 * residuals with a per-line parameter k; a constant column costs no bits
 * per sample; an outlier (up to 2^64 - 1) is escaped to an explicit bit
 * length, so it costs at most ~100 bits instead of a huge unary run. The
 * bits are packed into base64url characters, which need no %XX escaping
 * (no space, '*', '%' or '@').
 *
 * Strict: codec_decode accepts exactly one spelling per sample set (the
 * encoder's), so a damaged token cannot pass as another valid one unless
 * it decodes to a canonical form, and even then the line CRC catches it.
 *
 * Firmware use (one S line per call, n varies with the data):
 *
 *   unsigned n = codec_fit(s + first, count - first, CODEC_TOKEN_MAX);
 *   codec_encode(s + first, n, tok, sizeof(tok));   // tok[CODEC_TOKEN_MAX + 1]
 *   S <id> <first> <n> r <tok>
 */
#ifndef RVBENCH_CODEC_H
#define RVBENCH_CODEC_H

#include <stddef.h>
#include <stdint.h>

#include "wire.h"

/* Encoding letter of an S record that carries one codec token. */
#define WIRE_ENC_RICE "r"
/* Most samples in one token (the decoder's buffer size). */
#define CODEC_MAX_SAMPLES 512u
/*
 * Most token characters that keep any S line below WIRE_LINE_MAX: the
 * rest of the line ("@RVB <tag> <seq> S <id> <first> <n> r " with 10-digit
 * numbers, then " *XXXX\r\n") takes at most 64 bytes.
 */
#define CODEC_TOKEN_MAX 440u
/* A residual whose Rice quotient reaches this is written with its bit length. */
#define CODEC_ESCAPE 16u

/*
 * Encodes s[0..n) (1 <= n <= CODEC_MAX_SAMPLES) as a NUL-terminated token
 * in out. Returns the token length, or -1 when n is out of range or the
 * token (and its NUL) does not fit in cap.
 */
int codec_encode(const struct wire_sample *s, unsigned n, char *out, size_t cap);

/* Length codec_encode would return for s[0..n) (no output written). */
size_t codec_token_len(const struct wire_sample *s, unsigned n);

/*
 * The largest m <= min(n, CODEC_MAX_SAMPLES) whose token has at most
 * max_chars characters; 0 when n is 0 or not even one sample fits
 * (max_chars >= 24 always fits one sample).
 */
unsigned codec_fit(const struct wire_sample *s, unsigned n, size_t max_chars);

/*
 * Decodes a token of exactly n samples into out[0..n). Returns 0, or -1
 * for anything but the canonical encoding of n samples: a bad character,
 * too few or trailing characters, non-zero padding bits, a reference that
 * is not the minimum, a parameter the encoder would not have chosen, an
 * escape that was not needed, a value above 2^64 - 1. Host side: it packs
 * the token into a buffer on the stack first: about 16 KiB of frame.
 */
int codec_decode(const char *tok, struct wire_sample *out, unsigned n);

#endif
