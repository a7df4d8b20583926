#!/bin/sh
# make soak: RUNS (default 50) collections by `rvbench qemu`, each with a
# random subset of the benchmarks, sometimes bootargs the firmware must
# reject, and a random end: none, a signal (INT, TERM, HUP, PIPE) after a
# random delay, or a --max-time (a cut at a total time). Every result directory is then checked
# against itself (tests/soak/check_results.py): meta.json against the
# CSV files' counts, the exit status against what happened, no .tmp file.
# Not part of `make test`: it takes minutes. Ends with one line
# "soak: N runs, T s, F failures" and exits 1 on any failure.
#   tests/soak/soak.sh BUILD [RUNS] [SEED]
set -u
build=$1
runs=${2:-50}
seed=${3:-1}
rvb=$build/host/rvbench
elf=$build/rvbench.elf
out=$build/soak
rm -rf "$out"
mkdir -p "$out"

# The benchmarks this image has, from a short run of all of them.
"$rvb" qemu --bootargs "rvbench.samples=5 rvbench.warmup=1" -o "$out/names" "$elf" \
	>/dev/null 2>&1
names=$(grep -a -o ' BENCH id=[0-9]* name=[^ ]*' "$out/names/uart.log" | sed 's/.*name=//' | sort -u)
if [ -z "$names" ]; then
	echo "soak: no benchmark found in a first run ($out/names)"
	exit 1
fi

start=$(date +%s)
failures=0
i=1
while [ "$i" -le "$runs" ]; do
	# One line of choices per run, from Python's seeded generator:
	# RUN-SELECTION SAMPLES BAD-BOOTARGS END DELAY
	plan=$(python3 - "$seed" "$i" $names <<'PY'
import random, sys
rng = random.Random("%s-%s" % (sys.argv[1], sys.argv[2]))
names = sys.argv[3:]
pick = rng.sample(names, rng.randint(1, min(6, len(names))))
bad = rng.choice(["-"] * 6 + ["rvbench.frobnicate=1", "rvbench.samples=abc",
                  "rvbench.warmup=lots", "addi100.nope=1", "rvbench.run=no_such_bench"])
end = rng.choice(["none", "none", "INT", "TERM", "HUP", "PIPE", "timeout"])
print(",".join(pick), rng.choice([50, 1000, 5000, 20000]), bad, end,
      "%.1f" % rng.uniform(0.2, 2.5), rng.randint(1, 3))
PY
)
	set -- $plan
	sel=$1 samples=$2 bad=$3 end=$4 delay=$5 tsecs=$6
	bootargs="rvbench.run=$sel rvbench.samples=$samples"
	[ "$bad" != "-" ] && bootargs="$bootargs $bad"
	d=$out/run$i
	timeout_opt="--timeout 120"
	[ "$end" = timeout ] && timeout_opt="--timeout 120 --max-time $tsecs"
	"$rvb" qemu $timeout_opt --bootargs "$bootargs" -o "$d" "$elf" \
		>"$d.stdout" 2>"$d.stderr" &
	pid=$!
	if [ "$end" != none ] && [ "$end" != timeout ]; then
		sleep "$delay"
		kill -s "$end" "$pid" 2>/dev/null
	fi
	wait "$pid"
	rc=$?
	echo "$bootargs|$end|$delay|$rc" >"$d.plan"
	if ! python3 tests/soak/check_results.py "$d" "$rc" "$end" "$bad" >"$d.check" 2>&1; then
		failures=$((failures + 1))
		echo "soak: run $i FAILED ($bootargs; end $end; exit $rc):"
		sed 's/^/  /' "$d.check"
	else
		echo "soak: run $i ok ($end, exit $rc, $(cat "$d.check"))"
	fi
	i=$((i + 1))
done
secs=$(($(date +%s) - start))
echo "soak: $runs runs, $secs s, $failures failures"
[ "$failures" = 0 ]
