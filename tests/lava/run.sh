#!/bin/sh
# make test-lava: rvbench under LAVA's own dispatcher, without a server.
#   tests/lava/run.sh BUILD
# make test-lava installs what is missing from Debian first (make
# deps-lava: lava-dispatcher, about 150 packages and a few minutes the
# first time; tftpd-hpa and telnet, which a U-Boot device's validation
# looks for). This runs tests/lava/test_*.sh,
# each printing "ok - ..." / "not ok - ..." lines, and ends with the line
# "N passed, N failed". lava-run works in /var/lib/lava/dispatcher: root.
set -u
build=$1

log=$build/tests/log
mkdir -p "$log"
passed=0
skipped=0
failed=0
. tests/tally.sh
run_tap "lava  " "$build" tests/lava/test_*.sh
summary
