#include "bootargs.h"

#include "fdt.h"

const char *platform_bootargs(const void *fdt)
{
	int chosen = fdt_path_offset(fdt, "/chosen");
	const char *s = chosen >= 0 ? fdt_prop_string(fdt, chosen, "bootargs") : NULL;
	return s ? s : "";
}
