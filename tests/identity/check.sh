#!/bin/sh
# The identity check: the current tree against an earlier commit, for a
# change that must not change what rvbench sends or writes.
#
#   tests/identity/check.sh BASE_COMMIT [WORKDIR]
#
# The host, strictly: the same damaged copies of the earlier firmware's
# streams (tests/identity/damage.py), and the streams the current firmware
# sends, replayed by both builds of the host tool, must give identical
# files: uart.log, the CSVs, meta.json, stdout, stderr and the exit status.
#
# The firmware, field by field: under -icount the counters count every
# instruction and some values are addresses, so the stream of a firmware
# whose code changed at all differs in the run tag, hart cycle counts,
# timer-phase samples, trap addresses and the like (tests/identity/
# fields.py). The earlier commit is built again, perturbed: a few
# instructions in each machine record's writer and at the start of the run
# (one nop; a spin of a thousand turns) and pages of data added. The fields
# those change are the allowance; every field the current firmware changes
# must be in it: nothing the code computes from the measurements may
# differ.
#
# Exit 0 when both hold. DAMAGED_PER_LOG (default 40) sets how many damaged
# copies of each log.
set -eu
# comm and sort as fields.py sorts: by bytes
export LC_ALL=C
base=$1
work=${2:-$(mktemp -d)}
per_log=${DAMAGED_PER_LOG:-40}
top=$(cd "$(dirname "$0")/../.." && pwd)
id=$top/tests/identity

rm -rf "$work/base-tree" "$work/base" "$work/new" "$work/damaged" "$work/fresh" "$work"/host-*
git -C "$top" worktree add --detach -f "$work/base-tree" "$base" >/dev/null
cleanup="git -C '$top' worktree remove --force '$work/base-tree'"
trap 'eval "$cleanup"' EXIT

# The perturbed copies: NAME|instructions at the start of the run|
# instructions in each record's writer|pages of data added|bytes every
# function but the entry moves up. A spin of a million turns moves every
# later event by milliseconds of emulated time, as long as the longest
# samples, so events that land at a moment (a timer, an interrupt handled
# by OpenSBI during a sample) land elsewhere.
variants='nop|nop|nop|1|0
spin|spin 1000000|nop; nop; nop; nop; nop; nop; nop|3|256'
# perturb TREE AT_START PER_RECORD PAGES SHIFT: inserts them into the
# earlier firmware's src/run.c (run_all), src/stream.c (stream_send) and
# linker script.
perturb() {
	code() { # "nop" or "spin N" or "nop; nop; ..." as C statements
		case $1 in
		spin*) echo "for (volatile unsigned identity_i = 0; identity_i < ${1#spin }; identity_i++) {}" ;;
		*) echo "$1" | sed 's/nop/__asm__ volatile("nop");/g' ;;
		esac
	}
	sed -i "s/^void stream_send(void)\$/static const volatile char identity_pad[$4 * 4096] = { 1 };\nvoid stream_send(void)/" \
		"$1/src/stream.c"
	sed -i "/^void stream_send(void)\$/,/^{\$/ s/^{\$/{\n\t$(code "$3")\n\t(void)identity_pad[0];/" \
		"$1/src/stream.c"
	sed -i "/^void run_all(const struct config \*c)\$/,/^{\$/ s/^{\$/{\n\t$(code "$2")/" "$1/src/run.c"
	sed -i "s/^\(\t\tKEEP(\*(.text.entry)).*\)\$/\1\n\t\t. += $5;/" "$1/linker/rvbench.ld"
	git -C "$1" diff --stat | tail -n 1 | grep -q '3 files changed' || {
		echo "identity: could not perturb $base (src/stream.c, src/run.c, linker/rvbench.ld)" >&2
		exit 2
	}
}

echo "identity: building $base, its perturbed copies and the current tree"
make -C "$work/base-tree" -j2 all >"$work/base-build.log" 2>&1
make -C "$top" -j2 all >"$work/new-build.log" 2>&1
printf '%s\n' "$variants" | while IFS='|' read -r name at_start per_record pages shift; do
	rm -rf "$work/$name-tree" "$work/$name"
	git -C "$top" worktree add --detach -f "$work/$name-tree" "$base" >/dev/null
	perturb "$work/$name-tree" "$at_start" "$per_record" "$pages" "$shift"
	make -C "$work/$name-tree" -j2 all >"$work/$name-build.log" 2>&1
done
for name in $(printf '%s\n' "$variants" | cut -d'|' -f1); do
	cleanup="$cleanup; git -C '$top' worktree remove --force '$work/$name-tree'"
done

echo "identity: booting the scenarios with each"
"$id/capture.sh" boot "$work/base-tree" "$work/base"
"$id/capture.sh" boot "$top" "$work/new"
for name in $(printf '%s\n' "$variants" | cut -d'|' -f1); do
	"$id/capture.sh" boot "$work/$name-tree" "$work/$name"
done

status=0
for log in "$work"/base/*/uart.log; do
	name=$(basename "$(dirname "$log")")
	for v in $(printf '%s\n' "$variants" | cut -d'|' -f1); do
		python3 "$id/fields.py" "$log" "$work/$v/$name/uart.log"
	done | sort -u >"$work/$name.allowed"
	python3 "$id/fields.py" "$log" "$work/new/$name/uart.log" >"$work/$name.changed"
	extra=$(comm -13 "$work/$name.allowed" "$work/$name.changed")
	if [ -n "$extra" ]; then
		echo "identity: $name: the current firmware changes what the perturbations do not:"
		printf '  %s\n' "$extra"
		status=1
	else
		echo "identity: $name: $(wc -l <"$work/$name.changed") fields differ, all among the" \
			"$(wc -l <"$work/$name.allowed") the perturbations change"
	fi
done

echo "identity: replaying damaged streams and the current firmware's with both hosts"
seed=1
for log in "$work"/base/*/uart.log; do
	name=$(basename "$(dirname "$log")")
	mkdir -p "$work/damaged/$name" "$work/fresh/$name"
	python3 "$id/damage.py" "$log" "$work/damaged/$name" "$per_log" "$seed"
	cp "$work/new/$name/uart.log" "$work/fresh/$name/000.log"
	seed=$((seed + 1))
done
for side in base new; do
	tree=$work/base-tree
	[ "$side" = new ] && tree=$top
	"$id/capture.sh" replay "$tree" "$work/host-$side" "$work/damaged"
	"$id/capture.sh" replay "$tree" "$work/host-$side/fresh" "$work/fresh"
done
files=$(find "$work/host-base" -type f | wc -l)
if diff -r --brief "$work/host-base" "$work/host-new"; then
	echo "identity: host: all $files files identical" \
		"($(ls "$work"/damaged/*/*.log | wc -l) damaged streams, $(ls "$work"/fresh/*/*.log | wc -l) current ones)"
else
	echo "identity: host: differences above (in $work)"
	status=1
fi
exit $status
