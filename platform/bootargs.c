#include "bootargs.h"

#include "fdt_index.h"

const char *platform_bootargs(const struct fdt_index *ix)
{
	int chosen = ix ? fdt_index_path(ix, "/chosen") : FDT_ERR_NOTFOUND;
	if (chosen < 0)
		return "";
	const char *s = fdt_prop_string(ix->fdt, fdt_index_off(ix, chosen), "bootargs");
	return s ? s : "";
}
