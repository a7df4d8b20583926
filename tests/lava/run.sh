#!/bin/sh
# make test-lava: rvbench under LAVA's own dispatcher, without a server.
#   tests/lava/run.sh BUILD
# Installs what is missing from Debian first (scripts/install-deps.sh lava:
# lava-dispatcher, about 150 packages and a few minutes the first time;
# tftpd-hpa and telnet, which a U-Boot device's validation looks for),
# then runs tests/lava/test_*.sh,
# each printing "ok - ..." / "not ok - ..." lines, and ends with the line
# "N passed, N failed". lava-run works in /var/lib/lava/dispatcher: root.
set -u
build=$1

sh scripts/install-deps.sh lava || exit 1

log=$build/tests/log
mkdir -p "$log"
passed=0
failed=0
. tests/tally.sh
run_tap "lava  " "$build" tests/lava/test_*.sh
summary
