#!/bin/sh
# A benchmark's inputs depend on the seed, its name and its parameters,
# never on its position in the run (src/common/input_seed.h): measured
# alone and within the whole suite under -icount shift=0, its samples,
# inputs and checksum are exactly the same.
. tests/system/lib.sh
build=$1
fresh_out seeding
q() { # q NAME BOOTARGS: one collection into $out/NAME
	"$build/host/rvbench" qemu --machine sifive_u --icount 0 --bootargs "$2" \
		-o "$out/$1" "$build/rvbench.elf" >"$out/$1.stdout" 2>&1
}
# The measured and warmup rows of BENCH, without the run tag and block id.
rows() {
	f=$out/$1/samples.csv
	tr -d '\r' <"$f" | awk -F, -v b="$(csv_col "$f" bench)" -v name="$2" \
		-v keep="$(for c in params index warmup input cycles instret cycles_raw instret_raw; do
			csv_col "$f" "$c"; done | tr '\n' ' ')" \
		'NR > 1 && $b == name { n = split(keep, k, " "); s = "";
			for (i = 1; i <= n; i++) s = s $k[i] ","; print s }'
}
block_of() { # block_of NAME BENCH: the block id BENCH had in that run
	f=$out/$1/summary.csv
	tr -d '\r' <"$f" | awk -F, -v b="$(csv_col "$f" bench)" -v id="$(csv_col "$f" block)" \
		-v name="$2" 'NR > 1 && $b == name {print $id; exit}'
}
checksum_of() {
	f=$out/$1/summary.csv
	tr -d '\r' <"$f" | awk -F, -v b="$(csv_col "$f" bench)" -v c="$(csv_col "$f" checksum)" \
		-v name="$2" 'NR > 1 && $b == name {print $c; exit}'
}

q suite 'rvbench.seed=0x5eed'
check_eq "the whole suite collects a complete run" 0 "$?"
check "meta.json records the seeding rule" \
	grep -q '"inputs_seed": "name-params"' "$out/suite/meta.json"

# lpm_lookup_fixed's table, hash_lookup's keys and qsort's arrays come
# from the setup stream; lpm_lookup's and hash_lookup's inputs from the
# input stream: both seeded by name and parameters.
for bench in lpm_lookup_fixed lpm_lookup hash_lookup qsort; do
	q "$bench" "rvbench.seed=0x5eed rvbench.run=$bench"
	check_eq "$bench alone collects a complete run" 0 "$?"
	a=$(block_of suite "$bench")
	b=$(block_of "$bench" "$bench")
	check "$bench: its block id differs between the runs ($a, $b)" [ -n "$a" -a "$a" != "$b" ]
	n=$(rows suite "$bench" | wc -l)
	check "$bench: $n samples in the suite" [ "$n" -gt 0 ]
	rows suite "$bench" >"$out/$bench.suite.rows"
	rows "$bench" "$bench" >"$out/$bench.alone.rows"
	check "$bench: the same samples, inputs and counts alone and in the suite" \
		cmp -s "$out/$bench.suite.rows" "$out/$bench.alone.rows"
	check_eq "$bench: the same checksum alone and in the suite" \
		"$(checksum_of suite "$bench")" "$(checksum_of "$bench" "$bench")"
done

# Another parameter value is another data set: the seed follows it.
q lpm-small 'rvbench.seed=0x5eed rvbench.run=lpm_lookup_fixed lpm_lookup_fixed.prefixes=1000'
check "lpm_lookup_fixed with other parameters gets another checksum" \
	[ "$(checksum_of lpm-small lpm_lookup_fixed)" != "$(checksum_of suite lpm_lookup_fixed)" ]
