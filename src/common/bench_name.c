#include "bench_name.h"

static int name_char_ok(char ch)
{
	return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
	       ch == '_' || ch == '.' || ch == ':' || ch == '+' || ch == '-';
}

int bench_name_ok(const char *name)
{
	unsigned n = 0;

	if (!name)
		return 0;
	for (; name[n]; n++)
		if (n >= BENCH_NAME_MAX || !name_char_ok(name[n]))
			return 0;
	return n > 0;
}
