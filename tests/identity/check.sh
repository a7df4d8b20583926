#!/bin/sh
# The byte-identity check: the current tree against an earlier commit.
# Boots the same scenarios on QEMU with both builds (tests/identity/
# capture.sh), replays the same damaged copies of the earlier build's
# streams (tests/identity/damage.py) with both, and compares every file:
# uart.log, the CSVs, meta.json, stdout, stderr and the exit status.
#
#   tests/identity/check.sh BASE_COMMIT [WORKDIR]
#
# Exit 0 when everything is identical; the differing files otherwise.
# DAMAGED_PER_LOG (default 40) sets how many damaged copies of each log.
set -eu
base=$1
work=${2:-$(mktemp -d)}
per_log=${DAMAGED_PER_LOG:-40}
top=$(cd "$(dirname "$0")/../.." && pwd)

rm -rf "$work/base-tree"
git -C "$top" worktree add --detach -f "$work/base-tree" "$base" >/dev/null
trap 'git -C "$top" worktree remove --force "$work/base-tree"' EXIT
echo "identity: building $base and the current tree"
make -C "$work/base-tree" -j2 all >"$work/base-build.log" 2>&1
make -C "$top" -j2 all >"$work/new-build.log" 2>&1

echo "identity: capturing with $base"
rm -rf "$work/base" "$work/new" "$work/damaged"
"$top/tests/identity/capture.sh" boot "$work/base-tree" "$work/base"
seed=1
for log in "$work"/base/*/uart.log; do
	name=$(basename "$(dirname "$log")")
	mkdir -p "$work/damaged/$name"
	python3 "$top/tests/identity/damage.py" "$log" "$work/damaged/$name" "$per_log" "$seed"
	seed=$((seed + 1))
done
"$top/tests/identity/capture.sh" replay "$work/base-tree" "$work/base" "$work/damaged"

echo "identity: capturing with the current tree"
"$top/tests/identity/capture.sh" boot "$top" "$work/new"
"$top/tests/identity/capture.sh" replay "$top" "$work/new" "$work/damaged"

files=$(find "$work/base" -type f | wc -l)
if diff -r --brief "$work/base" "$work/new"; then
	echo "identity: all $files files identical ($(ls "$work"/damaged/*/*.log | wc -l) damaged streams)"
else
	echo "identity: differences above (in $work)"
	exit 1
fi
