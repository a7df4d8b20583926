#!/bin/sh
# make test-lava: rvbench under LAVA's own dispatcher, without a server.
#   tests/lava/run.sh BUILD
# Installs what is missing from Debian first (lava-dispatcher, about 150
# packages and a few minutes the first time; tftpd-hpa and telnet, which a
# U-Boot device's validation looks for), then runs tests/lava/test_*.sh,
# each printing "ok - ..." / "not ok - ..." lines, and ends with the line
# "N passed, N failed". lava-run works in /var/lib/lava/dispatcher: root.
set -u
build=$1

need=''
for pkg in lava-dispatcher tftpd-hpa telnet; do
	dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' ||
		need="$need $pkg"
done
if [ -n "$need" ]; then
	echo "rvbench: installing for make test-lava:$need (LAVA's dispatcher, the TFTP server and telnet its devices use)"
	if [ "$(id -u)" = 0 ]; then
		as_root=''
	elif command -v sudo >/dev/null 2>&1; then
		as_root='sudo'
	else
		echo "rvbench: need root or sudo to install:$need" >&2
		exit 1
	fi
	export DEBIAN_FRONTEND=noninteractive
	$as_root apt-get update -q >/dev/null || $as_root apt-get update -q
	# shellcheck disable=SC2086
	$as_root apt-get install -y -q --no-install-recommends $need || exit 1
fi

log=$build/tests/log
mkdir -p "$log"
passed=0
failed=0
for t in tests/lava/test_*.sh; do
	name=$(basename "$t" .sh)
	out=$log/$name.out
	sh "$t" "$build" >"$out" 2>&1
	rc=$?
	p=$(grep -c '^ok - ' "$out")
	f=$(grep -c '^not ok - ' "$out")
	if [ "$rc" != 0 ] && [ "$f" = 0 ]; then
		f=1
		echo "not ok - $name exited with status $rc" >>"$out"
	fi
	passed=$((passed + p))
	failed=$((failed + f))
	if [ "$f" = 0 ]; then
		echo "lava   $name: $p passed"
	else
		echo "lava   $name: $f FAILED (log: $out)"
		grep -E '^not ok - |^#' "$out" | head -30
	fi
done
echo "$passed passed, $failed failed"
[ "$failed" = 0 ] && [ "$passed" -gt 0 ]
