/*
 * lavacli, Debian's LAVA client, run as a program: it talks to the server
 * with the identities its user configured (`lavacli identities add`, kept
 * in ~/.config/lavacli.yaml); rvbench never sees a token.
 */
#ifndef RVBENCH_LAVACLI_H
#define RVBENCH_LAVACLI_H

#include <stddef.h>

/*
 * Runs `lavacli [-i IDENTITY] ARGS...` (the program is $RVBENCH_LAVACLI,
 * else lavacli from PATH). Its standard output goes to the file out_path
 * when not NULL, else into *out (malloc'd, NUL-terminated; out may be NULL
 * to drop it); its standard error is ours. Returns its exit status, or -1
 * with err set when it could not be run or was killed.
 */
int lavacli_run(const char *identity, const char *const *args, char **out, const char *out_path,
		char *err, size_t errlen);

#endif
