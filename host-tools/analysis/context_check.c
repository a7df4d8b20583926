/* Two results' contexts compared (context_check.h). */
#include "context_check.h"

#include <string.h>

/* A value not known ("unknown", "unknown (replay)"): two such are no
 * difference anyone could tell, whatever says why each is unknown. */
static int unknown(const char *v)
{
	return !strncmp(v, "unknown", 7) && (!v[7] || v[7] == ' ');
}

unsigned context_check(FILE *f, const char *who, const struct run_context *a,
		       const struct run_context *b)
{
	unsigned n = 0;

	for (int side = 0; side < 2; side++) {
		const struct run_context *c = side ? b : a;
		const char *name = side ? "B" : "A";
		/* Why runs have none: read from their wire format (context_read.h). */
		const char *why = c->lost && c->lost == c->without ? "CTX, CPU and BUILD lines lost"
				  : c->unread == c->without ? "a wire format newer than this rvbench reads"
				  : !c->lost && !c->unread ? "older firmware"
							   : "older firmware, lines lost or a newer format";
		if (!c->found) {
			fprintf(f, "rvbench: %s: warning: %s has no context in its meta.json (%s): "
				   "cannot check that both ran on the same kind of machine\n",
				who, name, c->without ? why : "an older result");
			n++;
		} else if (c->without) {
			fprintf(f, "rvbench: %s: warning: %s: %u of its %u runs have no context (%s): "
				   "only the others' are checked\n",
				who, name, c->without, c->runs, why);
			n++;
		}
	}
	if (!a->found || !b->found)
		return n;
	for (int k = 0; k < CTX_KEY_COUNT; k++)
		if (strcmp(a->value[k], b->value[k]) && !(unknown(a->value[k]) && unknown(b->value[k]))) {
			fprintf(f, "rvbench: %s: warning: different %s: A %s, B %s\n", who,
				ctx_key_name[k], a->value[k], b->value[k]);
			n++;
		}
	return n;
}
