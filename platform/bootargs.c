#include "bootargs.h"

#include "fdt_index.h"

const char *platform_bootargs(const struct fdt_index *ix)
{
	int chosen = ix ? fdt_index_path(ix, "/chosen") : FDT_ERR_NOTFOUND;
	const char *s = chosen >= 0 ? fdt_prop_string(ix->fdt, ix->node[chosen].off, "bootargs")
				    : NULL;
	return s ? s : "";
}
