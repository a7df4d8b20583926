# Helpers for the system tests (sourced). Each check prints one TAP-style
# line, "ok - what" or "not ok - what", that tests/run-all.sh counts.

check() {
	what=$1
	shift
	if "$@"; then
		echo "ok - $what"
	else
		echo "not ok - $what"
	fi
}

# check_eq WHAT EXPECTED ACTUAL
check_eq() {
	if [ "$2" = "$3" ]; then
		echo "ok - $1"
	else
		echo "not ok - $1: expected '$2', got '$3'"
	fi
}

# csv_col FILE NAME: the column number of NAME in FILE's header.
csv_col() {
	head -n 1 "$1" | tr -d '\r' | tr ',' '\n' | grep -n -x "$2" | cut -d: -f1
}

# trailer_field UARTLOG KEY: KEY's value in the TRAILER record.
trailer_field() {
	grep -a '@RVB [0-9a-f]* [0-9]* TRAILER ' "$1" | tail -n 1 | tr ' ' '\n' | sed -n "s/^$2=//p"
}

# bench_rows SAMPLES BENCH WARMUP(0|1): rows of BENCH with that warmup flag.
bench_rows() {
	b=$(csv_col "$1" bench)
	w=$(csv_col "$1" warmup)
	tr -d '\r' <"$1" | awk -F, -v b="$b" -v w="$w" -v name="$2" -v want="$3" \
		'NR > 1 && $b == name && $w == want' 
}

# distinct VALUES of column COL over rows on stdin (one per line, sorted).
distinct() {
	awk -F, -v c="$1" '{print $c}' | sort -u | tr '\n' ' ' | sed 's/ $//'
}
