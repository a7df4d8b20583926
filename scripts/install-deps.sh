#!/bin/sh
# Installs the Debian packages rvbench needs that are missing, saying which
# and why. Runs apt-get as root, or through sudo. Nothing is fetched from
# anywhere but the configured Debian archive.
set -eu

# package        why
need='
gcc-riscv64-unknown-elf      cross-compiler for the firmware
picolibc-riscv64-unknown-elf C library for the freestanding firmware
qemu-system-misc             qemu-system-riscv64 runs the image (sifive_u, virt)
opensbi                      OpenSBI firmware (fw_jump) for the boot chains
u-boot-qemu                  U-Boot for QEMU virt boot tests
u-boot-tools                 mkimage for U-Boot boot scripts
mtools                       mformat/mcopy fill the FAT partitions of the disk images
fdisk                        sfdisk writes the MBR of build/uboot-disk.img
gdisk                        sgdisk writes and checks the GPT of build/sdcard.img
libcmocka-dev                cmocka for the host unit tests
libisal-dev                  ISA-L computes the run CRC-32 in the collector (carry-less multiply)
libjansson-dev               Jansson reads meta.json back: compare checks both contexts
libyaml-dev                  libyaml reads LAVA job logs in YAML (replay)
lavacli                      rvbench lava submit and fetch talk to a LAVA server through it
gnuplot-nox                  plots (rvbench plot)
clang                        the libFuzzer target for the stream decoder (make fuzz)
libclang-rt-14-dev           libFuzzer and the sanitizer runtimes for clang
libbenchmark-tools           compare.py of Google Benchmark, to check gbench-json exports
python3-scipy                what compare.py needs
gcc                          host compiler for the rvbench CLI
make                         the build
'

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

echo "rvbench: installing missing Debian packages:"
printf '%s' "$reasons"

if [ "$(id -u)" = 0 ]; then
	as_root=''
elif command -v sudo >/dev/null 2>&1; then
	as_root='sudo'
else
	echo "rvbench: need root or sudo to install:$missing" >&2
	exit 1
fi

export DEBIAN_FRONTEND=noninteractive
# The package lists of a fresh machine may be empty or stale.
$as_root apt-get update -q >/dev/null || $as_root apt-get update -q
# shellcheck disable=SC2086
$as_root apt-get install -y -q --no-install-recommends $missing
