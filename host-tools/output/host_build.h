/* How this rvbench host tool was built (meta.json's "host"). */
#ifndef RVBENCH_HOST_BUILD_H
#define RVBENCH_HOST_BUILD_H

/* The git commit it was built from, "-dirty" when the tracked files
 * differed from it, or "unknown" outside a git checkout. */
const char *host_build_commit(void);
/* The compiler and its version: "cc 12.2.0". */
const char *host_build_cc(void);

#endif
