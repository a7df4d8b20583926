#!/bin/sh
# The captured firmware streams in tests/fixtures/firmware/ are what the
# current image sends: booted again (tests/fixtures/capture.sh), each must
# come out byte for byte the same (-icount makes it repeatable), so the
# decoder's tests never read a stream the firmware no longer sends.
# A difference means the firmware's output changed: run `make fixtures`
# and commit the new files. The BUILD line is left out of the comparison:
# it names the commit the image was built from, which committing the new
# fixtures changes.
. tests/system/lib.sh
build=$1
out=$build/tests/fixtures-now
rm -rf "$out"

check "the fixture runs boot and complete" tests/fixtures/capture.sh "$build" "$out"
for f in tests/fixtures/firmware/*.log; do
	name=$(basename "$f")
	if grep -av '^@RVB [0-9a-f]* [0-9]* BUILD ' "$f" >"$out/$name.want" &&
		grep -av '^@RVB [0-9a-f]* [0-9]* BUILD ' "$out/$name" >"$out/$name.got" &&
		cmp -s "$out/$name.want" "$out/$name.got"; then
		echo "ok - $name is what the firmware sends today"
	else
		echo "not ok - $name differs from what the firmware sends today: run make fixtures"
	fi
done
