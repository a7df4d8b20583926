/* The host tool's build identity (host_build.h), from the header the
 * Makefile generates (scripts/build-id.sh): only this file includes it, so
 * a new commit rebuilds this one object. */
#include "host_build.h"

#include "host_build_id.h"

const char *host_build_commit(void)
{
	return RVBENCH_HOST_DIRTY ? RVBENCH_HOST_COMMIT "-dirty" : RVBENCH_HOST_COMMIT;
}

const char *host_build_cc(void)
{
	return RVBENCH_HOST_CC;
}
