# Counting test results, for tests/run-all.sh and tests/lava/run.sh (sourced).
# The caller sets passed=0 failed=0 skipped=0 and log=DIR.

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

# The line run_tap's scripts end with when they ran to their last line.
TAP_END='# reached the end of the script'

# run_tap KIND BUILD SCRIPT...: runs each script (sourced by `sh`, $0 the
# script, $1 BUILD), each printing "ok - ..." / "not ok - ..." lines (TAP
# style), and tallies them. A script is one failure more when it did not
# run to its end (an `exit` on the way, a shell error that killed it): the
# checks after that point never ran, and an early `exit 0` must not pass
# for a pass. A script that ran no check is a failure too. "# SKIP WHY"
# lines (lib.sh's skip_rest, which ends the script as reached) are counted
# as skipped, never as passed.
run_tap() {
	kind=$1
	tap_build=$2
	shift 2
	for t in "$@"; do
		name=$(basename "$t" .sh)
		out=$log/$name.out
		TAP_END=$TAP_END sh -c '. "$0"; echo "$TAP_END"' "$t" "$tap_build" >"$out" 2>&1
		rc=$?
		p=$(grep -c '^ok - ' "$out")
		f=$(grep -c '^not ok - ' "$out")
		s=$(grep -c '^# SKIP ' "$out")
		if ! grep -q -x "$TAP_END" "$out"; then
			f=$((f + 1))
			echo "not ok - $name stopped before its end (exit status $rc)" >>"$out"
		elif [ "$p" = 0 ] && [ "$f" = 0 ] && [ "$s" = 0 ]; then
			f=1
			echo "not ok - $name ran no check" >>"$out"
		fi
		skipped=$((skipped + s))
		tally "$kind" "$name" "$p" "$f" "$out" '^not ok - |^#' 30
		[ "$s" = 0 ] || echo "$kind $name: $s skipped: $(sed -n 's/^# SKIP //p' "$out" | head -n 1)"
	done
}

# The last line, which CI reads; fails unless something passed and nothing
# failed. Skipped checks (never counted as passed) are named just before.
summary() {
	[ "${skipped:-0}" = 0 ] || echo "# ${skipped} skipped (see the lines above): not passed"
	echo "$passed passed, $failed failed"
	[ "$failed" = 0 ] && [ "$passed" -gt 0 ]
}
