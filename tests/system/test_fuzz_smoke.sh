#!/bin/sh
# A short libFuzzer run of the stream decoder and codec under ASan and
# UBSan (make fuzz runs the long one). TAP-style lines for tests/run-all.sh.
#   tests/system/test_fuzz_smoke.sh BUILD
build=${1:-build}
log=$build/tests/log/fuzz-smoke.log
mkdir -p "$build/tests/log"
if ! command -v clang >/dev/null 2>&1; then
	echo "not ok - fuzz smoke: clang not installed (scripts/install-deps.sh)"
	exit 0
fi
if make -s BUILD="$build" FUZZ_SMOKE_TIME=15 fuzz-smoke >"$log" 2>&1; then
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	echo "ok - fuzz smoke: 15 s, ${runs:-?} inputs, no crash"
else
	echo "not ok - fuzz smoke: a crash or a build error (see $log)"
	grep -E 'ERROR|SUMMARY|error:|artifact' "$log" | head -10 | sed 's/^/# /'
fi
