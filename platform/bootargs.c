#include "bootargs.h"

#include <string.h>

#include "fdt_index.h"

const char *platform_bootargs(const struct fdt_index *ix, size_t *unread)
{
	*unread = 0;
	int chosen = ix ? fdt_index_path(ix, "/chosen") : FDT_ERR_NOTFOUND;
	if (chosen < 0)
		return "";
	int len;
	const char *s = fdt_getprop(ix->fdt, fdt_index_off(ix, chosen), "bootargs", &len);
	if (!s || len < 1)
		return "";
	/* fdt_getprop bounds the value by the tree: memchr stays inside. */
	const char *nul = memchr(s, '\0', (size_t)len);
	if (!nul) { /* not a string */
		*unread = (size_t)len;
		return "";
	}
	*unread = (size_t)len - (size_t)(nul - s) - 1;
	return s;
}
