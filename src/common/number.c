/* Numbers of the kernel command line (number.h). */
#include "number.h"

/* The value of the decimal or hex digit ch; 16 for any other byte. */
static unsigned digit_value(char ch)
{
	if (ch >= '0' && ch <= '9')
		return (unsigned)(ch - '0');
	if (ch >= 'a' && ch <= 'f')
		return (unsigned)(ch - 'a' + 10);
	if (ch >= 'A' && ch <= 'F')
		return (unsigned)(ch - 'A' + 10);
	return 16;
}

int num_parse_u64(const char *s, uint64_t *out)
{
	unsigned base = 10;
	uint64_t v = 0;
	int over = 0;

	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
	}
	if (!*s)
		return NUM_BAD;
	for (; *s; s++) {
		unsigned d = digit_value(*s);
		if (d >= base)
			return NUM_BAD; /* malformed, overflowing or not */
		if (over || v > (UINT64_MAX - d) / base)
			over = 1;
		else
			v = v * base + d;
	}
	if (over)
		return NUM_RANGE;
	*out = v;
	return NUM_OK;
}
