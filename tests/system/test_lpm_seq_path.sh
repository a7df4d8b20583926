#!/bin/sh
# lpm_lookup_seq walks the trie as deep as lpm_lookup (src/benches/
# lpm_lookup.c, seq_base()), under QEMU -icount shift=0, where a sample is
# exactly run()'s instructions but its `ret` (the calibration's body is a
# lone `ret`). Its destinations start at the /16 of a prefix of length
# 17..24, which has a second level, so every lookup is two dependent loads.
# lpm_run_seq's two-level path, read off the disassembly:
#
#    1 lw    st->base          8 bltz  taken: a chunk     15 addw  + index
#    2 ld    trie.l1           9 lui   0x80000            16 ld    trie.chunks
#    3 addw  base + input     10 not   ~LPM_CHILD         17 sll   32
#    4 srlw  dst >> 16        11 and   chunk number       18 srl   30 (x 4)
#    5 sll   x 4              12 srlw  dst >> 8           19 add
#    6 add   &l1[dst >> 16]   13 zext.b & 0xFF            20 lw    load 2
#    7 lw    load 1           14 sllw  chunk x 256        21 bgez  taken: a hop
#                                                         22 sll, 23 srl (zero-extend)
#
# 23; lpm_run's is the same walk with `sext.w input` (1) where seq loads the
# base and adds it (2): 22, lpm_lookup's median. Before, the base was a
# random address, at the default seed in a /16 without a second level:
# 1..8 with bltz not taken, then sll, srl: 10, one load (README's table).
#   tests/system/test_lpm_seq_path.sh BUILD
. tests/system/lib.sh
build=$1
fresh_out lpm_seq_path

# q NAME BOOTARGS: one collection into $out/NAME
q() {
	"$build/host/rvbench" qemu --icount 0 -o "$out/$1" --bootargs "$2" \
		"$build/rvbench.elf" >"$out/$1.stdout" 2>&1
}
# col NAME BENCH COLUMN: COLUMN of BENCH's row in NAME's summary.csv
col() {
	s=$out/$1/summary.csv
	tr -d '\r' <"$s" | awk -F, -v b="$(csv_col "$s" bench)" -v c="$(csv_col "$s" "$3")" \
		-v name="$2" 'NR > 1 && $b == name {print $c}'
}
# exact NAME BENCH: its instret if every sample is it (min = max = median
# instret, verify ok, no sample off the usual path), else "-"
exact() {
	if [ "$(col "$1" "$2" min)" = "$(col "$1" "$2" max)" ] &&
		[ "$(col "$1" "$2" min)" = "$(col "$1" "$2" instret_median)" ] &&
		[ "$(col "$1" "$2" verify)" = ok ] && [ "$(col "$1" "$2" path_differs)" = 0 ]; then
		col "$1" "$2" min
	else
		echo -
	fi
}

# The default blocks (prefixes=100000, 100 warmup + 1000 samples), as in
# README's table.
q default 'rvbench.run=lpm_lookup,lpm_lookup_seq'
check_eq "lpm_lookup and lpm_lookup_seq at their defaults collect a complete run" 0 "$?"
check_eq "lpm_lookup_seq: every sample 23 instructions, two loads (was 10, one)" 23 \
	"$(exact default lpm_lookup_seq)"
check_eq "lpm_lookup: median 22, the same two-level walk less the base's load and add" 22 \
	"$(col default lpm_lookup instret_median)"

# test_suite.sh's seed and table size, and another seed: a base at the
# start of the /16, not at the prefix (0x1234abcd's prefix is in its /16's
# last /24: from there the walk left the /16 after 256 lookups).
q small 'rvbench.run=lpm_lookup_seq rvbench.seed=0x1234abcd lpm_lookup_seq.prefixes=1000'
check_eq "seed 0x1234abcd, prefixes=1000: every sample 23 instructions" 23 "$(exact small lpm_lookup_seq)"
q other 'rvbench.run=lpm_lookup_seq rvbench.seed=7 lpm_lookup_seq.prefixes=20000'
check_eq "seed 7, prefixes=20000: every sample 23 instructions" 23 "$(exact other lpm_lookup_seq)"
