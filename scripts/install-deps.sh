#!/bin/sh
# Installs the Debian packages rvbench needs that are missing, saying which
# and why. The levels:
#   scripts/install-deps.sh [run]   what building and running needs (make run)
#   scripts/install-deps.sh images  run + the tools that make boot images
#   scripts/install-deps.sh test    images + the test tools (make test)
#   scripts/install-deps.sh lava    run + LAVA's dispatcher (make test-lava)
# Runs apt-get as root, or through sudo; with neither, names the missing
# packages and the apt-get line to run, and fails. Nothing is fetched from
# anywhere but the configured Debian archive.
set -eu

level=${1:-run}

# package                     why
run='
gcc-riscv64-unknown-elf      cross-compiler for the firmware
picolibc-riscv64-unknown-elf C library for the freestanding firmware
qemu-system-misc             qemu-system-riscv64 runs the image (sifive_u, virt)
opensbi                      OpenSBI firmware (fw_jump) QEMU boots the image with
gnuplot-nox                  plots (rvbench plot)
gcc                          host compiler for the rvbench CLI
make                         the build
libisal-dev                  ISA-L computes the run CRC-32 in the collector (carry-less multiply)
libjansson-dev               Jansson reads meta.json back: compare checks both contexts
libyaml-dev                  libyaml reads LAVA job logs in YAML (replay)
'
images='
u-boot-qemu                  U-Boot for the QEMU virt boot chain
u-boot-tools                 mkimage for U-Boot boot scripts
mtools                       mformat/mcopy fill the FAT partitions of the disk images
fdisk                        sfdisk writes the MBR of build/uboot-disk.img
gdisk                        sgdisk writes and checks the GPT of build/sdcard.img
device-tree-compiler         fdtput writes the FU540 riscv,pmu node into a device tree (scripts/images/fu540-pmu.sh)
'
test='
libcmocka-dev                cmocka for the host unit tests
clang                        the libFuzzer target for the stream decoder (make fuzz)
libclang-rt-14-dev           libFuzzer and the sanitizer runtimes for clang
libbenchmark-tools           compare.py of Google Benchmark, to check gbench-json exports
python3-scipy                what compare.py needs
time                         GNU time measures the peak memory of rvbench replay (tests/system/test_replay_hostile.sh)
'
lava='
lava-dispatcher              lava-run, the LAVA dispatcher without a server (about 150 packages)
tftpd-hpa                    the TFTP server that U-Boot devices are validated against
telnet                       the console client that U-Boot devices are validated against
'

target=$level # the make target that needs them
case $level in
run) need=$run ;;
images) need=$run$images ;;
test) need=$run$images$test ;;
lava) need=$run$lava; target=test-lava ;;
--list-run) printf '%s' "$run" | awk 'NF {print $1}'; exit 0 ;;
--list-images) printf '%s' "$images" | awk 'NF {print $1}'; exit 0 ;;
--list-test) printf '%s' "$test" | awk 'NF {print $1}'; exit 0 ;;
--list-lava) printf '%s' "$lava" | awk 'NF {print $1}'; exit 0 ;;
*)
	echo "usage: scripts/install-deps.sh [run|images|test|lava]" >&2
	exit 2
	;;
esac

missing=''
reasons=''
for pkg in $(printf '%s\n' "$need" | awk 'NF {print $1}'); do
	if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed'; then
		missing="$missing $pkg"
		reasons="$reasons$(printf '%s\n' "$need" | awk -v p="$pkg" '$1 == p {$1 = ""; print "  " p ":" $0}')
"
	fi
done

[ -z "$missing" ] && exit 0

if [ "$(id -u)" = 0 ]; then
	as_root=''
elif command -v sudo >/dev/null 2>&1; then
	as_root='sudo'
else
	echo "rvbench: missing Debian packages (for make ${target}):" >&2
	printf '%s' "$reasons" >&2
	echo "rvbench: no root and no sudo to install them; as root, run:" >&2
	echo "  apt-get install -y --no-install-recommends$missing" >&2
	exit 1
fi

echo "rvbench: installing missing Debian packages:"
printf '%s' "$reasons"
export DEBIAN_FRONTEND=noninteractive
# The package lists of a fresh machine may be empty or stale.
$as_root apt-get update -q >/dev/null || $as_root apt-get update -q
# shellcheck disable=SC2086
$as_root apt-get install -y -q --no-install-recommends $missing
