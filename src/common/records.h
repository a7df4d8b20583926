/*
 * Every wire record, defined once (format version WIRE_VERSION).
 *
 * The tables below list each record's fields in the order they are sent,
 * with their wire type, whether a reader may find them absent, and their
 * limit. From them come:
 *   - a C struct per record (struct rec_bench, ...), with a presence bit
 *     per field, that the firmware fills and the host reads into;
 *   - rec_write(), the one writer of every record (firmware and the test
 *     stream generator);
 *   - rec_read(), the one reader (host collector), which parses, checks
 *     types and limits, and says field by field what was missing or wrong.
 * Adding a field is one line here plus the code that sets or uses it.
 * Longer than 400 lines on purpose: every record is here, so that nothing
 * about a record is written anywhere else.
 * docs/wire-format.md describes the same records for people.
 *
 * Field macro: F(name, type, need, limit)
 *   name   the key on the wire (key=value), or the position's name in a
 *          positional record (S)
 *   type   U64  decimal                 HEX  0x and lower-case hex digits
 *          I64  decimal, '-' if below 0  STR  text, %XX-escaped (wire.h)
 *          WORD a bare token (no escape needed, none accepted)
 *   need   REQ  a reader refuses the record without it; a writer always
 *               sends it
 *          OPT  sent only when set (rec->present); absent in records of
 *               older firmware, or only sent in some cases
 *   limit  U64/HEX: the largest value a reader accepts (0: none)
 *          STR/WORD: the longest value in bytes, unescaped (0: none)
 */
#ifndef RVBENCH_RECORDS_H
#define RVBENCH_RECORDS_H

#include <stddef.h>
#include <stdint.h>

#include "wire.h"

/* Block ids and parameter-free limits shared by both sides. */
#define REC_BLOCKS_MAX 4096u /* block ids are below this */
#define REC_TP_KEYS 16u      /* tracepoint keys 0..15 */
#define REC_FLAGS_MAX 64u    /* FLAGS ids are below this */
/* Bytes of flags text in one FLAGS record, unescaped; escaped, at most
 * as many (the writer cuts by the escaped size), so the line stays under
 * WIRE_LINE_MAX. Format 2 sent at most 96. */
#define REC_FLAGS_TEXT_MAX 400u

/* ---- the records --------------------------------------------------------- */

/* RUN: run header, seq 0. The host keeps every field as text (meta.json). */
#define REC_FIELDS_RUN(F)                  \
	F(fmt, U64, REQ, 0)                \
	F(fw, STR, REQ, 0)                 \
	F(model, STR, REQ, 0)              \
	F(hart, U64, REQ, 0)               \
	F(harts, STR, REQ, 0)              \
	F(timebase, U64, REQ, 0)           \
	F(mem_base, HEX, REQ, 0)           \
	F(mem_size, HEX, REQ, 0)           \
	F(console, STR, REQ, 0)            \
	F(seed, HEX, REQ, 0)               \
	F(counter, WORD, REQ, 15)          \
	F(warmup, WORD, REQ, 20)           \
	F(groups, U64, OPT, 0)             \
	F(initial, U64, OPT, 0)            \
	F(delta, U64, OPT, 0)              \
	F(size, U64, OPT, 0)               \
	F(budget_ms, U64, REQ, 0)          \
	F(cross, U64, OPT, 1)              \
	F(benches, U64, REQ, 0)            \
	F(parallel, U64, OPT, 1)           \
	F(bad_options, U64, REQ, 0)        \
	F(inputs_seed, WORD, OPT, 15)

/* CTX: the machine and the SBI under the run, one line after RUN. Every
 * field is OPT: absent means not known (no such node, register or call),
 * never a guess. */
#define REC_FIELDS_CTX(F)                  \
	F(clock_hz, U64, OPT, 0)           \
	F(clock_src, WORD, OPT, 15)        \
	F(ref_hz, U64, OPT, 0)             \
	F(pll, HEX, OPT, UINT32_MAX)       \
	F(l2_size, U64, OPT, 0)            \
	F(l2_sets, U64, OPT, 0)            \
	F(l2_block, U64, OPT, 0)           \
	F(l2_level, U64, OPT, 0)           \
	F(l2_ways, U64, OPT, 0)            \
	F(sbi_spec, HEX, OPT, UINT32_MAX)  \
	F(sbi_impl, U64, OPT, 0)           \
	F(sbi_impl_ver, HEX, OPT, 0)

/* CPU: the harts of the device tree after CTX, a line for each hart or,
 * with last= (format 3), for the alike harts id..last. */
#define REC_FIELDS_CPU(F)                  \
	F(id, U64, REQ, UINT32_MAX)        \
	F(last, U64, OPT, UINT32_MAX)      \
	F(isa, STR, OPT, 127)               \
	F(mmu, STR, OPT, 32)               \
	F(clock_hz, U64, OPT, 0)           \
	F(l1i_size, U64, OPT, 0)           \
	F(l1i_sets, U64, OPT, 0)           \
	F(l1i_block, U64, OPT, 0)          \
	F(l1d_size, U64, OPT, 0)           \
	F(l1d_sets, U64, OPT, 0)           \
	F(l1d_block, U64, OPT, 0)

/* BUILD: how the firmware was built, one line right before TRAILER. */
#define REC_FIELDS_BUILD(F)                \
	F(commit, STR, REQ, 64)            \
	F(dirty, U64, REQ, 1)              \
	F(cc, STR, REQ, 96)                \
	F(cflags, STR, REQ, 320)

/* OVERHEAD: the instrumentation's self-check, exact integer moments. */
#define REC_FIELDS_OVERHEAD(F)             \
	F(kind, WORD, REQ, 23)             \
	F(counter, WORD, OPT, 15)          \
	F(samples, U64, REQ, 0)            \
	F(min, U64, REQ, 0)                \
	F(max, U64, REQ, 0)                \
	F(sum, U64, REQ, 0)                \
	F(sumsq, U64, REQ, 0)

/* BENCH: one block's header. p.NAME fields (the benchmark's parameters)
 * follow the fields below; they are not in the table (rec_write_param). */
#define REC_FIELDS_BENCH(F)                \
	F(id, U64, REQ, REC_BLOCKS_MAX - 1) \
	F(name, STR, REQ, 0)               \
	F(hart, U64, REQ, 0)               \
	F(group, U64, REQ, 0)              \
	F(batch, U64, REQ, 0)              \
	F(warmup, U64, REQ, 0)             \
	F(warmup_auto, U64, OPT, 1)        \
	F(warmup_converged, U64, OPT, 1)   \
	F(samples, U64, REQ, 0)            \
	F(input_kind, WORD, OPT, 15)       \
	F(input_range, U64, REQ, UINT32_MAX) \
	F(inputs_n, U64, OPT, UINT32_MAX)  \
	F(oh_cycles, U64, REQ, 0)          \
	F(oh_instret, U64, REQ, 0)         \
	F(oh_method, WORD, OPT, 15)        \
	F(unit, STR, OPT, 0)               \
	F(per_call, U64, OPT, 0)           \
	F(parallel, U64, OPT, 0)           \
	F(inputs_block, U64, OPT, REC_BLOCKS_MAX - 1) \
	F(skew_ticks, U64, OPT, 0)         \
	F(offset_cycles, I64, OPT, 0)      \
	F(flags, U64, OPT, REC_FLAGS_MAX - 1) \
	F(events, STR, OPT, 0)             \
	F(oh_events, STR, OPT, 0)          \
	F(sample_unit, STR, OPT, 0)

/* FLAGS: the compiler flags a benchmark was built with, sent once per run
 * before the first BENCH that names them (flags=ID). A text too long for
 * one record comes in several FLAGS records of one id, in order, to be
 * joined as they are. */
#define REC_FIELDS_FLAGS(F)                \
	F(id, U64, REQ, REC_FLAGS_MAX - 1) \
	F(text, STR, REQ, REC_FLAGS_TEXT_MAX)

/* S: samples; positional: S <id> <first> <n> <enc> <data...>. The data
 * (encoding d: n "<cycles>,<instret>" fields; encoding r: one codec.h
 * token) follows the positional fields. */
#define REC_FIELDS_S(F)                    \
	F(id, U64, REQ, REC_BLOCKS_MAX - 1) \
	F(first, U64, REQ, 0)              \
	F(n, U64, REQ, 0)                  \
	F(enc, WORD, REQ, 1)

/* E: the hardware-event columns of samples (format 2), positional like S:
 * E <id> <pair> <first> <n> <enc> <token>; pair p carries BENCH events
 * 2p and 2p + 1 as the cycles and instret columns of one codec.h token
 * (the second all 0 when the count is odd). */
#define REC_FIELDS_E(F)                    \
	F(id, U64, REQ, REC_BLOCKS_MAX - 1) \
	F(pair, U64, REQ, 0)               \
	F(first, U64, REQ, 0)              \
	F(n, U64, REQ, 0)                  \
	F(enc, WORD, REQ, 1)

/* PMU: the SBI PMU extension under the run and the run's events, one
 * line after the CPU lines (format 2). status absent: no PMU extension
 * (or no counter); only refused= (NAME:no-pmu) follows. list: the counters in runs of
 * the same kind and width, FIRST-LAST:hw:WIDTH or FIRST-LAST:fw.
 * events: the events counting in this run; refused: NAME:why,... */
#define REC_FIELDS_PMU(F)                  \
	F(status, WORD, REQ, 15)           \
	F(counters, U64, OPT, 0)           \
	F(hw, U64, OPT, 0)                 \
	F(fw, U64, OPT, 0)                 \
	F(list, STR, OPT, 0)               \
	F(events, STR, OPT, 0)             \
	F(refused, STR, OPT, 0)

/* FAULT: a trap; with id in a block (the run goes on), without it fatal. */
#define REC_FIELDS_FAULT(F)                \
	F(id, U64, OPT, REC_BLOCKS_MAX - 1) \
	F(kind, WORD, OPT, 15)             \
	F(scause, HEX, REQ, 0)             \
	F(sepc, HEX, REQ, 0)               \
	F(stval, HEX, REQ, 0)

/* END: end of one block. path_differs comes with path_instret. */
#define REC_FIELDS_END(F)                  \
	F(id, U64, REQ, REC_BLOCKS_MAX - 1) \
	F(count, U64, REQ, 0)              \
	F(verify, WORD, REQ, 15)           \
	F(checksum, HEX, OPT, 0)           \
	F(status, WORD, OPT, 15)           \
	F(path_instret, U64, OPT, 0)       \
	F(path_differs, U64, OPT, 0)       \
	F(reason, STR, OPT, 0)

/* TP: one tracepoint log entry. */
#define REC_FIELDS_TP(F)                   \
	F(key, U64, REQ, REC_TP_KEYS - 1)  \
	F(hart, U64, REQ, 0)               \
	F(start, U64, REQ, 0)              \
	F(cycles, U64, REQ, 0)             \
	F(instret, U64, REQ, 0)            \
	F(id, U64, OPT, REC_BLOCKS_MAX - 1) \
	F(phase, WORD, OPT, 15)

/* HART: one hart over the run; which counters come depends on its state. */
#define REC_FIELDS_HART(F)                 \
	F(id, U64, REQ, 0)                 \
	F(state, WORD, REQ, 15)            \
	F(run_cycles, U64, OPT, 0)         \
	F(measuring, U64, OPT, 0)          \
	F(busy, U64, OPT, 0)               \
	F(idle, U64, OPT, 0)               \
	F(waiting, U64, OPT, 0)            \
	F(why, STR, OPT, 0)

/* TRAILER: end of run. */
#define REC_FIELDS_TRAILER(F)              \
	F(benches, U64, REQ, 0)            \
	F(samples, U64, REQ, 0)            \
	F(crc32, HEX, REQ, UINT32_MAX)     \
	F(status, WORD, REQ, 23)

/*
 * The record types: R(TYPE, lower, shape). TYPE is the name on the wire;
 * shape KV: key=value fields; POS: positional fields then data. S comes
 * first: nearly every line is one, and rec_type_of() looks in this order.
 */
#define REC_TYPES(R)                 \
	R(S, s, POS)                 \
	R(RUN, run, KV)              \
	R(CTX, ctx, KV)              \
	R(CPU, cpu, KV)              \
	R(BUILD, build, KV)          \
	R(OVERHEAD, overhead, KV)    \
	R(BENCH, bench, KV)          \
	R(FAULT, fault, KV)          \
	R(END, end, KV)              \
	R(TP, tp, KV)                \
	R(HART, hart, KV)            \
	R(TRAILER, trailer, KV)      \
	R(FLAGS, flags, KV)          \
	R(E, e, POS)                 \
	R(PMU, pmu, KV)

/* ---- the words of WORD fields -------------------------------------------- */

/* W(ENUM, "word"). A reader keeps a word it does not know (a later
 * firmware's) as text; rec_word() tells which one it is, or -1. */
#define REC_WORDS_BLOCK_STATUS(W)                   \
	W(REC_STATUS_OK, "ok")                      \
	W(REC_STATUS_VERIFY_FAILED, "verify-failed") \
	W(REC_STATUS_SETUP_FAILED, "setup-failed")  \
	W(REC_STATUS_SKIPPED, "skipped")            \
	W(REC_STATUS_FAULT, "fault")                \
	W(REC_STATUS_TIMEOUT, "timeout")
#define REC_WORDS_VERIFY(W)            \
	W(REC_VERIFY_OK, "ok")         \
	W(REC_VERIFY_FAIL, "fail")     \
	W(REC_VERIFY_NONE, "none")
#define REC_WORDS_HART_STATE(W)             \
	W(REC_HART_BOOT, "boot")            \
	W(REC_HART_ONLINE, "online")        \
	W(REC_HART_SKIPPED, "skipped")      \
	W(REC_HART_FAILED, "failed")        \
	W(REC_HART_STOPPED, "stopped") /* new in format 2: older readers keep it as text */
#define REC_WORDS_FAULT_KIND(W)                \
	W(REC_FAULT_EXCEPTION, "exception")    \
	W(REC_FAULT_TIMEOUT, "timeout")
#define REC_WORDS_OVERHEAD_KIND(W)                 \
	W(REC_OH_EFFECTIVE, "effective")           \
	W(REC_OH_TOTAL, "total")                   \
	W(REC_OH_TP_EFFECTIVE, "tp-effective")     \
	W(REC_OH_TP_TOTAL, "tp-total")             \
	W(REC_OH_TP_EFFECTIVE_INSTRET, "tp-effective-instret") \
	W(REC_OH_TP_TOTAL_INSTRET, "tp-total-instret")
#define REC_WORDS_COUNTER(W)                   \
	W(REC_COUNTER_PLAIN, "plain")          \
	W(REC_COUNTER_FENCED, "fenced")        \
	W(REC_COUNTER_TRACEPOINT, "tracepoint")
#define REC_WORDS_OH_METHOD(W)                 \
	W(REC_OH_METHOD_MIN, "min")            \
	W(REC_OH_METHOD_SELF_TIMED, "self-timed")
#define REC_WORDS_RUN_STATUS(W)                \
	W(REC_RUN_OK, "ok")                    \
	W(REC_RUN_FAILED, "failed")            \
	W(REC_RUN_FAULT, "fault")
/* Where CTX's clock_hz came from: the FU540 PRCI with the core on its
 * PLL, or on the reference clock hfclk (CORECLKSEL); a cpu node's
 * clock-frequency. */
#define REC_WORDS_CLOCK_SRC(W)                 \
	W(REC_CLOCK_PRCI_PLL, "prci-pll")      \
	W(REC_CLOCK_PRCI_HFCLK, "prci-hfclk")  \
	W(REC_CLOCK_DT, "dt")
#define REC_WORDS_ENCODING(W)                  \
	W(REC_ENC_DECIMAL, "d")                \
	W(REC_ENC_RICE, "r")

/* The part of its block a tracepoint's TP_START ran in: before the first
 * warmup call (setup(), calibration), the warmup calls, the measured
 * calls, or after them (verify(), teardown()). */
#define REC_WORDS_TP_PHASE(W)                  \
	W(REC_TP_SETUP, "setup")               \
	W(REC_TP_WARMUP, "warmup")             \
	W(REC_TP_MEASURED, "measured")         \
	W(REC_TP_AFTER, "after")

/* PMU status: the extension answered with counters, or not. */
#define REC_WORDS_PMU_STATUS(W)                \
	W(REC_PMU_OK, "ok")                    \
	W(REC_PMU_ABSENT, "absent")

#define REC_WORD_SETS(S)                             \
	S(block_status, REC_WORDS_BLOCK_STATUS)      \
	S(verify, REC_WORDS_VERIFY)                  \
	S(hart_state, REC_WORDS_HART_STATE)          \
	S(fault_kind, REC_WORDS_FAULT_KIND)          \
	S(overhead_kind, REC_WORDS_OVERHEAD_KIND)    \
	S(counter, REC_WORDS_COUNTER)                \
	S(oh_method, REC_WORDS_OH_METHOD)            \
	S(run_status, REC_WORDS_RUN_STATUS)          \
	S(encoding, REC_WORDS_ENCODING)                \
	S(clock_src, REC_WORDS_CLOCK_SRC)            \
	S(pmu_status, REC_WORDS_PMU_STATUS)          \
	S(tp_phase, REC_WORDS_TP_PHASE)

/* ---- what the tables generate --------------------------------------------- */

#define REC_CTYPE_U64 uint64_t
#define REC_CTYPE_HEX uint64_t
#define REC_CTYPE_I64 int64_t
#define REC_CTYPE_STR const char *
#define REC_CTYPE_WORD const char *

/* enum rec_type: REC_RUN, REC_BENCH, ... */
#define REC_ENUM_TYPE(T, lower, shape) REC_##T,
enum rec_type { REC_TYPES(REC_ENUM_TYPE) REC_TYPE_COUNT };
#undef REC_ENUM_TYPE

/* Field indices: REC_F_BENCH_name, ...; REC_BIT(BENCH, name) its bit. */
#define REC_FIELD_INDEX(T, name, type, need, limit) REC_F_##T##_##name,
#define REC_FIELD_INDEX_RUN(name, type, need, limit) REC_FIELD_INDEX(RUN, name, type, need, limit)
#define REC_FIELD_INDEX_CTX(name, type, need, limit) REC_FIELD_INDEX(CTX, name, type, need, limit)
#define REC_FIELD_INDEX_CPU(name, type, need, limit) REC_FIELD_INDEX(CPU, name, type, need, limit)
#define REC_FIELD_INDEX_BUILD(name, type, need, limit) REC_FIELD_INDEX(BUILD, name, type, need, limit)
#define REC_FIELD_INDEX_OVERHEAD(name, type, need, limit) REC_FIELD_INDEX(OVERHEAD, name, type, need, limit)
#define REC_FIELD_INDEX_BENCH(name, type, need, limit) REC_FIELD_INDEX(BENCH, name, type, need, limit)
#define REC_FIELD_INDEX_S(name, type, need, limit) REC_FIELD_INDEX(S, name, type, need, limit)
#define REC_FIELD_INDEX_FAULT(name, type, need, limit) REC_FIELD_INDEX(FAULT, name, type, need, limit)
#define REC_FIELD_INDEX_END(name, type, need, limit) REC_FIELD_INDEX(END, name, type, need, limit)
#define REC_FIELD_INDEX_TP(name, type, need, limit) REC_FIELD_INDEX(TP, name, type, need, limit)
#define REC_FIELD_INDEX_HART(name, type, need, limit) REC_FIELD_INDEX(HART, name, type, need, limit)
#define REC_FIELD_INDEX_TRAILER(name, type, need, limit) REC_FIELD_INDEX(TRAILER, name, type, need, limit)
#define REC_FIELD_INDEX_FLAGS(name, type, need, limit) REC_FIELD_INDEX(FLAGS, name, type, need, limit)
#define REC_FIELD_INDEX_E(name, type, need, limit) REC_FIELD_INDEX(E, name, type, need, limit)
#define REC_FIELD_INDEX_PMU(name, type, need, limit) REC_FIELD_INDEX(PMU, name, type, need, limit)
#define REC_INDEX_ENUM(T, lower, shape) enum { REC_FIELDS_##T(REC_FIELD_INDEX_##T) REC_NF_##T };
REC_TYPES(REC_INDEX_ENUM)
#undef REC_INDEX_ENUM
#define REC_BIT(T, name) (UINT64_C(1) << REC_F_##T##_##name)

/* struct rec_run, struct rec_bench, ...: present has REC_BIT(T, f) set for
 * each field that was read, or is to be written (OPT fields). */
#define REC_MEMBER(name, type, need, limit) REC_CTYPE_##type name;
#define REC_STRUCT(T, lower, shape)           \
	struct rec_##lower {                  \
		uint64_t present;             \
		REC_FIELDS_##T(REC_MEMBER)    \
	};
REC_TYPES(REC_STRUCT)
#undef REC_STRUCT
#undef REC_MEMBER

/* Sets an OPT field and its presence bit: REC_SET(&b, BENCH, unit, "byte"). */
#define REC_SET(rec, T, name, value) \
	((rec)->name = (value), (rec)->present |= REC_BIT(T, name))

/* enum rec_... word values and their names: rec_block_status_name[] ... */
#define REC_WORD_ENUM(e, word) e,
#define REC_WORD_SET_ENUM(set, LIST) enum rec_##set { LIST(REC_WORD_ENUM) REC_##set##_count };
REC_WORD_SETS(REC_WORD_SET_ENUM)
#undef REC_WORD_SET_ENUM
#undef REC_WORD_ENUM
#define REC_WORD_SET_NAMES(set, LIST) extern const char *const rec_##set##_name[REC_##set##_count];
REC_WORD_SETS(REC_WORD_SET_NAMES)
#undef REC_WORD_SET_NAMES

/* The index of word s in names[0..n), or -1. */
int rec_word(const char *const *names, unsigned n, const char *s);
#define REC_WORD(set, s) rec_word(rec_##set##_name, REC_##set##_count, (s))

/* ---- the descriptors ------------------------------------------------------ */

enum rec_field_type { REC_T_U64, REC_T_HEX, REC_T_I64, REC_T_STR, REC_T_WORD };
enum rec_need { REC_NEED_REQ, REC_NEED_OPT };

struct rec_field {
	const char *key;
	enum rec_field_type type;
	enum rec_need need;
	uint64_t limit;
	size_t offset; /* in the record's struct */
};

struct rec_desc {
	const char *name; /* on the wire: "BENCH" */
	int positional;   /* S: fields by position, data after them */
	const struct rec_field *field;
	unsigned nfields;
	uint64_t required; /* REC_BIT of every REQ field */
	size_t size;       /* of the record's struct */
};

extern const struct rec_desc rec_desc[REC_TYPE_COUNT];
/* The descriptor of one field: REC_FIELD(TRAILER, status)->limit. */
#define REC_FIELD(T, name) (&rec_desc[REC_##T].field[REC_F_##T##_##name])

/* The record type named name (the TYPE of a line), or -1. */
int rec_type_of(const char *name);

/* ---- writing -------------------------------------------------------------- */

/* Starts the line of record t (wire_begin with its name). */
void rec_begin(struct wire_writer *w, char *buf, size_t cap, uint32_t run, uint32_t seq,
	       enum rec_type t);
/* Appends rec's fields in table order: REQ ones, and OPT ones present. */
void rec_write(struct wire_writer *w, enum rec_type t, const void *rec);
/* Appends one benchmark parameter, p.NAME=value (after rec_write of BENCH). */
void rec_write_param(struct wire_writer *w, const char *name, int64_t value);

/* ---- reading -------------------------------------------------------------- */

/* What rec_read found wrong, field by field (REC_BIT masks). */
struct rec_check {
	uint64_t missing;   /* REQ fields absent */
	uint64_t malformed; /* present but not of the field's type (a bad
			     * number, a bad %XX escape, an empty WORD) */
	uint64_t over;      /* well-formed but above the field's limit */
};

/*
 * Reads line l as record t into rec (the struct of t), zeroed first.
 * STR values are unescaped into text (cap bytes; WIRE_LINE_MAX always
 * suffices), which rec's pointers then point into; WORD values point into
 * the line. For key=value records the first field with the key counts and
 * unknown keys are ignored (a later firmware's). Returns 0 when nothing
 * is wrong, else -1 with *why saying what.
 */
int rec_read(const struct wire_line *l, enum rec_type t, void *rec, char *text, size_t cap,
	     struct rec_check *why);

/* Parses a signed decimal as I64 fields carry it; 0 on success. */
int rec_parse_i64(const char *s, int64_t *out);

#endif
