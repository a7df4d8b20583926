/*
 * The context of a result directory read back from its meta.json (with
 * Jansson), as the few values that make two results comparable: the
 * machine, its clock and L2, OpenSBI, the QEMU, how the firmware was built,
 * how cycles were counted and the measuring hart's ISA. Each is one text, so that comparing two
 * contexts is comparing texts.
 */
#ifndef RVBENCH_CONTEXT_READ_H
#define RVBENCH_CONTEXT_READ_H

#include <stddef.h>

enum ctx_key {
	CTX_MODEL,
	CTX_CLOCK,
	CTX_L2,
	CTX_SBI,
	CTX_QEMU,
	CTX_CYCLES,
	CTX_CC,
	CTX_CFLAGS,
	CTX_ISA, /* the ISA of the hart that measured (the boot hart's cpu node) */
	CTX_KEY_COUNT
};

/* What each value is, for messages: "core clock", ... */
extern const char *const ctx_key_name[CTX_KEY_COUNT];

/* A value's room: a longer one (runs that differ, each listed) is cut. */
#define CTX_VALUE_MAX 512

struct run_context {
	int found; /* some run of meta.json had a context (rvbench writes it
		    * since the firmware sends CTX, CPU and BUILD) */
	unsigned runs;    /* runs in meta.json */
	unsigned without; /* of them, runs without a context: */
	unsigned lost;    /* of those, runs whose firmware sent one (wire
			   * format 2 on): its lines were lost */
	unsigned unread;  /* and runs of a wire format newer than this
			   * rvbench reads: nothing of them was read */
	/* Each value; where the runs with a context differ, "varies between
	 * runs: " and each different value once, in run order, "; " between. */
	char value[CTX_KEY_COUNT][CTX_VALUE_MAX];
};

/*
 * Reads the context of every run of DIR/meta.json into *c. 0: read
 * (c->found says whether a run had one; an older result has none); -1: the file is missing, not
 * JSON, or a context field has the wrong type or value, with why in err.
 */
int context_read(const char *dir, struct run_context *c, char *err, size_t n);

#endif
