# Helpers for the image scripts (sourced). Everything is built in plain
# files without root: sfdisk/sgdisk partition a file, mtools fills a FAT
# partition in place through "-i FILE@@OFFSET" (no loop mounts).

# sgdisk and sfdisk live in /usr/sbin, often not in a user's PATH.
PATH=$PATH:/usr/sbin:/sbin
export PATH

die() {
	echo "rvbench: $*" >&2
	exit 1
}

# need_tool TOOL PACKAGE: stop, naming the Debian package, if TOOL is missing.
need_tool() {
	command -v "$1" >/dev/null 2>&1 ||
		die "$1 not found: install the Debian package $2 (make deps, or apt-get install $2)"
}

# need_file FILE PACKAGE: the same for a firmware file from a package.
need_file() {
	[ -r "$1" ] ||
		die "$1 not found: it comes with the Debian package $2 (make deps, or apt-get install $2)"
}

# blank IMG MIB: a sparse file of MIB MiB of zeros.
blank() {
	rm -f "$1"
	dd if=/dev/zero of="$1" bs=1048576 count=0 seek="$2" 2>/dev/null
}

# fat_fill IMG START_SECTOR SECTORS LABEL FILE:NAME...: format the
# partition at START_SECTOR as FAT and copy each FILE into its root as NAME.
fat_fill() {
	img=$1
	start=$2
	at=$(($2 * 512))
	sectors=$3
	label=$4
	shift 4
	need_tool mformat mtools
	# -h/-s: a geometry mtools accepts for any size; only LBA is used.
	mformat -i "$img@@$at" -T "$sectors" -h 64 -s 32 -H "$start" -v "$label" ::
	for f in "$@"; do
		mcopy -i "$img@@$at" -o "${f%%:*}" "::${f#*:}"
	done
}
