# Counting test results, for tests/run-all.sh and tests/lava/run.sh (sourced).
# The caller sets passed=0 failed=0 and log=DIR.

# tally KIND NAME PASSED FAILED LOG PATTERN N: adds one test's counts to the
# totals and prints its line; on failure, the lines of its log that match
# PATTERN, at most N of them.
tally() {
	passed=$((passed + $3))
	failed=$((failed + $4))
	if [ "$4" = 0 ]; then
		echo "$1 $2: $3 passed"
	else
		echo "$1 $2: $4 FAILED (log: $5)"
		grep -E "$6" "$5" | head -"$7"
	fi
}

# run_tap KIND BUILD SCRIPT...: runs each script as `sh SCRIPT BUILD`, each
# printing "ok - ..." / "not ok - ..." lines (TAP style), and tallies them;
# a script that exits non-zero with no "not ok" line counts as one failure.
run_tap() {
	kind=$1
	tap_build=$2
	shift 2
	for t in "$@"; do
		name=$(basename "$t" .sh)
		out=$log/$name.out
		sh "$t" "$tap_build" >"$out" 2>&1
		rc=$?
		p=$(grep -c '^ok - ' "$out")
		f=$(grep -c '^not ok - ' "$out")
		if [ "$rc" != 0 ] && [ "$f" = 0 ]; then
			f=1
			echo "not ok - $name exited with status $rc" >>"$out"
		fi
		tally "$kind" "$name" "$p" "$f" "$out" '^not ok - |^#' 30
	done
}

# The last line, which CI reads; fails unless something passed and nothing
# failed.
summary() {
	echo "$passed passed, $failed failed"
	[ "$failed" = 0 ] && [ "$passed" -gt 0 ]
}
