#!/bin/sh
# scripts/install-deps.sh: two levels, and without root or sudo a message
# naming each missing package with the apt-get line to run. dpkg-query and
# id are stand-ins on a PATH without sudo: nothing is installed.
. tests/system/lib.sh
build=$1
fresh_out deps
bin=$out/bin
mkdir -p "$bin"
for t in awk grep sh printf cat; do
	ln -s "$(command -v $t)" "$bin/$t"
done
# Every package installed but those listed in $MISSING.
cat >"$bin/dpkg-query" <<'STUB'
#!/bin/sh
for p in $MISSING; do [ "$p" = "$3" ] && exit 1; done
printf 'install ok installed'
STUB
printf '#!/bin/sh\necho 1000\n' >"$bin/id"
chmod +x "$bin/dpkg-query" "$bin/id"
deps() { # deps LEVEL MISSING: runs the script, its exit status in $rc
	MISSING=$2 PATH=$bin sh scripts/install-deps.sh $1 >"$out/stdout" 2>"$out/stderr"
	rc=$?
}

run=$(sh scripts/install-deps.sh --list-run | tr '\n' ' ')
test_only=$(sh scripts/install-deps.sh --list-test | tr '\n' ' ')
for p in gcc-riscv64-unknown-elf picolibc-riscv64-unknown-elf qemu-system-misc opensbi gnuplot-nox; do
	check "make run installs $p" sh -c "echo ' $run' | grep -q ' $p '"
done
for p in clang libclang-rt-14-dev python3-scipy libbenchmark-tools libcmocka-dev; do
	check "make run does not install the test tool $p" sh -c "! echo ' $run' | grep -q ' $p '"
	check "make test installs $p" sh -c "echo ' $test_only' | grep -q ' $p '"
done

lava_only=$(sh scripts/install-deps.sh --list-lava | tr '\n' ' ')
for p in lava-dispatcher tftpd-hpa telnet; do
	check "make run does not install LAVA's $p" sh -c "! echo ' $run $test_only' | grep -q ' $p '"
	check "make test-lava installs $p" sh -c "echo ' $lava_only' | grep -q ' $p '"
done
deps lava 'qemu-system-misc lava-dispatcher clang'
check_eq "lava level: the run level and LAVA's packages, not the test tools" \
	"  apt-get install -y --no-install-recommends qemu-system-misc lava-dispatcher" \
	"$(grep 'apt-get install' "$out/stderr")"

deps run ''
check_eq "nothing missing: exit 0, silent" "0 " "$rc $(cat "$out/stdout" "$out/stderr")"
deps run 'qemu-system-misc opensbi clang'
check_eq "run level, two missing, no root or sudo: exit 1" 1 "$rc"
check "the message names qemu-system-misc and why" grep -q '^  qemu-system-misc: ' "$out/stderr"
check_eq "the apt-get line names exactly the run level's missing packages" \
	"  apt-get install -y --no-install-recommends qemu-system-misc opensbi" \
	"$(grep 'apt-get install' "$out/stderr")"
deps test 'qemu-system-misc clang'
check_eq "test level: the test tool is named too" \
	"  apt-get install -y --no-install-recommends qemu-system-misc clang" \
	"$(grep 'apt-get install' "$out/stderr")"
deps bogus ''
check_eq "an unknown level is a usage error" 2 "$rc"
