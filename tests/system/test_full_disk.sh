#!/bin/sh
# A disk that fills up under plot, compare --plot, report, stats -o and
# lava job -o: exit 2, the file and the cause named, the file that was
# there kept as it was, never a truncated or empty one, no .tmp left.
# gnuplot exits 0 when its picture cannot be written, so its failure is
# also played by a stand-in gnuplot that cuts every picture short (no root
# needed); the real one runs on a small tmpfs (root only: skipped without).
# A standard output that cannot take the text (/dev/full: stats, compare,
# lava job, baseline list) is exit 2 too. Result directories on a full
# tmpfs: a replay, also of DIR/uart.log into DIR, that cannot write its
# files changes nothing there; a `serial` whose uart.log the disk cut says
# so in meta.json, and that uart.log is not decoded again in place.
. tests/system/lib.sh
build=$1
# A tmpfs left mounted by an interrupted run goes first.
umount "$build/tests/full_disk/full" 2>/dev/null
umount "$build/tests/full_disk/small" 2>/dev/null
fresh_out full_disk
out=$(cd "$out" && pwd) # absolute: some commands run in another directory
rvb=$(cd "$build/host" && pwd)/rvbench

# no_tmp DIR: no temporary file (.NAME.tmp) in DIR.
no_tmp() {
	[ -z "$(find "$1" -name '.*.tmp')" ]
}

# mk DIR FACTOR: a result directory of two benchmarks (one picture each).
mk() {
	mkdir -p "$1"
	awk -v f="$2" 'BEGIN {
		printf "run,bench,block,params,hart,group,batch,index,warmup,input,cycles,instret,cycles_raw,instret_raw,flags\r\n"
		s = 12345
		for (b = 0; b < 2; b++)
			for (i = 0; i < 400; i++) {
				s = (s * 1103515245 + 12345) % 2147483648
				c = int((150 + 80 * (s % 3)) * f) + s % 7
				printf "0000000a,%s,%d,,1,0,1,%d,0,0,%d,120,%d,124,0\r\n", b ? "beta" : "alpha", b, i, c, c + 6
			}
	}' >"$1/samples.csv"
	meta_for_samples "$1"
}
mk "$out/a" 1
mk "$out/b" 1.1

# ---- stdout on /dev/full ------------------------------------------------------
# -o naming the standard output's own file: written after what is there
# (reopening /dev/stdout would truncate it), and a link written through.
echo precious >"$out/append.txt"
"$rvb" stats -o /dev/stdout "$out/a" >>"$out/append.txt"
check_eq "stats -o /dev/stdout >> FILE: exit 0" 0 "$?"
check_eq "... what FILE held is kept" precious "$(head -n 1 "$out/append.txt")"
check "... the statistics after it" grep -q '^alpha (run ' "$out/append.txt"
echo old >"$out/target.txt"
ln -sf target.txt "$out/link.txt"
"$rvb" stats -o "$out/link.txt" "$out/a" >/dev/null
check "stats -o LINK: the link kept" test -L "$out/link.txt"
check "... its file written" grep -q '^alpha (run ' "$out/target.txt"
"$rvb" stats "$out/a" >/dev/full 2>"$out/stats-stdout.err"
check_eq "stats > /dev/full: exit 2" 2 "$?"
check "... the cause said" grep -q 'stats: cannot write the standard output: No space left on device' \
	"$out/stats-stdout.err"
"$rvb" lava job --image file:///srv/rvbench.elf >/dev/full 2>"$out/lava-stdout.err"
check_eq "lava job > /dev/full: exit 2" 2 "$?"
check "... the cause said" grep -q 'lava job: cannot write the standard output: No space left on device' \
	"$out/lava-stdout.err"
"$rvb" compare "$out/a" "$out/b" >/dev/full 2>"$out/cmp-stdout.err"
check_eq "compare > /dev/full: exit 2" 2 "$?"
mkdir -p "$out/cwd"
(cd "$out/cwd" && "$rvb" baseline list >/dev/full 2>../bl-none.err)
check_eq "baseline list > /dev/full, no baselines: exit 2" 2 "$?"
(cd "$out/cwd" && "$rvb" baseline save ref "$out/a" >/dev/null 2>&1)
(cd "$out/cwd" && "$rvb" baseline list >"$out/bl.txt" 2>&1)
check_eq "baseline list: exit 0" 0 "$?"
check "... naming the baseline" grep -q '^ref  *2 blocks measured, 800 samples$' "$out/bl.txt"
(cd "$out/cwd" && "$rvb" baseline list >/dev/full 2>../bl.err)
check_eq "baseline list > /dev/full: exit 2, not a listing lost" 2 "$?"
check "... the cause said" grep -q 'baseline: cannot write the list: No space left on device' "$out/bl.err"

# ---- a gnuplot whose pictures come out cut, with exit status 0 ---------------
fake=$out/fakebin
mkdir -p "$fake"
cat >"$fake/gnuplot" <<'SH'
#!/bin/sh
# gnuplot on a full disk: each picture (set output, also in a loaded
# script) cut after its PNG signature; exit status 0 all the same.
outputs() {
	sed -n "s/^load '\(.*\)'\$/\1/p" "$1" | while read -r s; do outputs "$s"; done
	sed -n "s/^set output '\(.*\)'\$/\1/p" "$1"
}
outputs "$1" | while read -r o; do printf '\211PNG\r\n\032\n' >"$o"; done
exit 0
SH
chmod +x "$fake/gnuplot"

c=$out/cut
mk "$c" 1
printf 'old' >"$c/plot-alpha.png"
for jobs in 1 2; do
	PATH=$fake:$PATH "$rvb" plot --jobs $jobs "$c" >"$c.$jobs.out" 2>"$c.$jobs.err"
	check_eq "plot --jobs $jobs, pictures cut short: exit 2" 2 "$?"
	check "... the picture named, incomplete" \
		grep -q "plot: cannot write $c/plot-[a-z]*.png: gnuplot's picture is incomplete" "$c.$jobs.err"
	check_eq "... no picture claimed on stdout" "" "$(cat "$c.$jobs.out")"
	check_eq "... the old plot-alpha.png kept as it was" old "$(cat "$c/plot-alpha.png")"
	check "... no plot-beta.png" test ! -e "$c/plot-beta.png"
	check "... no .tmp left" no_tmp "$c"
done
PATH=$fake:$PATH "$rvb" plot -o "$out/cut.svg" "$c" >/dev/null 2>"$out/cutsvg.err"
check_eq "plot -o FILE.svg, pictures cut short: exit 2" 2 "$?"
check "... the SVG named, incomplete" grep -q "cut-[a-z]*.svg: gnuplot's picture is incomplete" "$out/cutsvg.err"
check "... no SVG, no .tmp left" test -z "$(find "$out" -maxdepth 1 -name '*cut*.svg*')"
PATH=$fake:$PATH "$rvb" compare --plot "$out/cdf.png" "$out/a" "$out/b" >/dev/null 2>"$out/cdf.err"
check_eq "compare --plot, picture cut short: exit 2" 2 "$?"
check "... cdf.png named, incomplete" grep -q "cdf.png: gnuplot's picture is incomplete" "$out/cdf.err"
check "... no cdf.png, no .tmp left" test -z "$(find "$out" -maxdepth 1 -name '*cdf.png*')"
PATH=$fake:$PATH "$rvb" report "$c" >/dev/null 2>"$c.report.err"
check_eq "report, pictures cut short: exit 2" 2 "$?"
check "... no index.html, no .tmp left" sh -c "test ! -e '$c/index.html' && test -z \"\$(find '$c' -name '.*.tmp')\""

# ---- the real gnuplot on a small tmpfs ----------------------------------------
full=$out/full
mkdir -p "$full"
if ! mount -t tmpfs -o size=1m tmpfs "$full" 2>"$out/mount.err"; then
	skip_rest "the full-disk checks on a tmpfs: cannot mount one ($(head -c 100 "$out/mount.err"); needs root)"
fi
small=$out/small
trap 'umount "$full"; umount "$small" 2>/dev/null' EXIT
r=$full/r
mk "$r" 1
"$rvb" plot "$r" >/dev/null 2>"$out/plot-ok.err"
check_eq "tmpfs, room left: plot exits 0" 0 "$?"
"$rvb" stats --format json -o "$full/x.json" "$r" 2>"$out/stats-ok.err"
check_eq "tmpfs, room left: stats -o exits 0" 0 "$?"
mkdir -p "$out/before"
cp "$r"/plot-*.png "$full/x.json" "$out/before/"
# 8 KiB set aside, the rest filled: a picture (30 to 140 KiB) then gets
# cut, not left empty.
dd if=/dev/zero of="$full/spare" bs=1k count=8 2>/dev/null
dd if=/dev/zero of="$full/fill" bs=4k count=512 2>/dev/null # more than its 1 MiB

"$rvb" stats --format json -o "$full/x.json" "$r" 2>"$out/stats.err"
check_eq "full disk: stats -o exits 2" 2 "$?"
check "... the file and the cause said" \
	grep -q "stats: cannot write $full/x.json: No space left on device" "$out/stats.err"
check "... the old x.json kept as it was" cmp -s "$full/x.json" "$out/before/x.json"
"$rvb" stats --format csv -o "$full/new.csv" "$r" 2>/dev/null
check_eq "full disk: stats -o a new file exits 2" 2 "$?"
check "... no new.csv, not even empty" test ! -e "$full/new.csv"
"$rvb" lava job --image file:///srv/rvbench.elf -o "$full/job.yaml" 2>"$out/lava.err"
check_eq "full disk: lava job -o exits 2" 2 "$?"
check "... the file and the cause said" \
	grep -q "lava job: cannot write $full/job.yaml: No space left on device" "$out/lava.err"
check "... no job.yaml" test ! -e "$full/job.yaml"
check "... no .tmp left" no_tmp "$full"

rm -f "$full/spare"
"$rvb" plot "$r" >"$out/plot.out" 2>"$out/plot.err"
check_eq "full disk: plot exits 2" 2 "$?"
check "... a picture named, incomplete" \
	grep -q "plot: cannot write $r/plot-[a-z]*.png: gnuplot's picture is incomplete" "$out/plot.err"
check_eq "... no picture claimed on stdout" "" "$(cat "$out/plot.out")"
for p in "$out"/before/plot-*.png; do
	check "... $(basename "$p") kept as it was" cmp -s "$p" "$r/$(basename "$p")"
done
check "... no .tmp left" no_tmp "$full"
"$rvb" plot -o "$full/x.svg" "$r" >/dev/null 2>"$out/svg.err"
check_eq "full disk: plot -o FILE.svg exits 2" 2 "$?"
check "... no SVG left" test -z "$(find "$full" -name '*.svg*')"
"$rvb" compare --plot "$full/cdf.png" "$out/a" "$out/b" >/dev/null 2>"$out/cmp.err"
check_eq "full disk: compare --plot exits 2" 2 "$?"
check "... cdf.png named" grep -q "cannot write $full/cdf.png" "$out/cmp.err"
check "... no cdf.png" test ! -e "$full/cdf.png"
"$rvb" report "$r" >/dev/null 2>"$out/report.err"
check_eq "full disk: report exits 2" 2 "$?"
check "... no .tmp left" no_tmp "$full"

# ---- result directories on a full disk: replay, serial ------------------------
# A directory's uart.log decoded again into it: samples.csv cannot be
# written, so nothing is replaced, and the results there stay readable
# with their meta.json (which used to be renamed aside, said not to
# describe the files, though none had changed). A replay of another input
# over them (--force) alike, its advice naming that input.
mkdir -p "$small"
# Checked: the fill below must never land on the real disk.
if ! mount -t tmpfs -o size=256k tmpfs "$small"; then
	echo "not ok - mount a 256 KiB tmpfs on $small"
	exit 0
fi
fix=tests/fixtures/qemu-sifive_u-300.log
d=$small/r
"$rvb" replay -o "$d" "$fix" >/dev/null 2>&1
check_eq "tmpfs, room left: replay exits 0" 0 "$?"
cp "$d/meta.json" "$out/r.meta"
cp "$d/samples.csv" "$out/r.samples"
dd if=/dev/zero of="$small/fill" bs=4k count=64 2>/dev/null # more than its 256 KiB
for force in "" --force; do
	"$rvb" replay $force -o "$d" "$d/uart.log" >"$out/inplace.out" 2>"$out/inplace.err"
	check_eq "full disk: decoding in place $force exits 2" 2 "$?"
	check "... samples.csv named" grep -q "cannot write $d/samples.csv: No space left on device" "$out/inplace.err"
	check "... nothing changed, said" grep -q "^results NOT written in $d: nothing there was changed" "$out/inplace.out"
	check "... meta.json kept as it was" cmp -s "$out/r.meta" "$d/meta.json"
	check "... samples.csv kept as it was" cmp -s "$out/r.samples" "$d/samples.csv"
	check "... no meta.json.stale, no word of one" \
		sh -c "test ! -e '$d/meta.json.stale' && ! grep -q stale '$out/inplace.err'"
	check "... no .tmp left" no_tmp "$small"
	"$rvb" stats "$d" >/dev/null 2>&1
	check_eq "... the results still read (stats)" 0 "$?"
done
"$rvb" replay --force -o "$d" tests/fixtures/firmware/sifive_u.log >"$out/over.out" 2>&1
check_eq "full disk: another input over the results (--force): exit 2" 2 "$?"
check "... the advice names the input, not its cut copy" \
	grep -q "results NOT written in $d: nothing there was changed; tests/fixtures/firmware/sifive_u.log, the input, is as it was: decode it again into a directory with room: rvbench replay tests/fixtures/firmware/sifive_u.log -o DIR" "$out/over.out"
check "... uart.log and meta.json kept as they were" \
	sh -c "cmp -s '$fix' '$d/uart.log' && cmp -s '$out/r.meta' '$d/meta.json'"
check "... no .tmp left" no_tmp "$small"

# `rvbench serial` whose uart.log the full disk cuts, with room again for
# the result files before the run ends: the results hold every sample,
# meta.json says how much of the stream uart.log holds, stderr says it,
# exit 2; decoding that uart.log again in place is refused, since it
# would replace the samples with fewer.
rm -rf "$small"/* "$small"/.[!.]*
dd if=/dev/zero of="$small/fill" bs=1k count=248 2>/dev/null
python3 - "$rvb" "$small/s" "$small/fill" "$fix" "$out" <<'PY'
import os, pty, subprocess, sys, time
rvb, d, fill, fix, out = sys.argv[1:]
log = open(fix, "rb").read()
m, s = pty.openpty()
p = subprocess.Popen([rvb, "serial", "--port", os.ttyname(s), "--timeout", "60", "-o", d],
                     stdout=open(out + "/serial.out", "wb"), stderr=open(out + "/serial.err", "wb"))
os.close(s)
for _ in range(100):
    if os.path.exists(d + "/uart.log"):
        break
    time.sleep(0.05)
time.sleep(0.2)
for i in range(0, len(log), 1024):
    os.write(m, log[i:i + 1024])
    time.sleep(0.01)
    if i == 12 * 1024: # uart.log is cut by now: room for the results
        time.sleep(0.3)
        os.unlink(fill)
rc = p.wait(timeout=30)
os.close(m)
open(out + "/serial.rc", "w").write("%d\n" % rc)
PY
n=$(wc -c <"$small/s/uart.log")
size=$(wc -c <"$fix")
check_eq "serial, uart.log cut by a full disk: exit 2" 2 "$(cat "$out/serial.rc")"
check "... uart.log holds part of the stream ($n of $size bytes)" test "$n" -lt "$size"
check "... stderr says how much" grep -q "$small/s/uart.log is incomplete: it holds only the first $n of the $size bytes received (No space left on device)" "$out/serial.err"
check "... meta.json says so" \
	meta_has "$small/s/meta.json" "\"uart_log\": {\"bytes\": $n, \"complete\": false, \"stream_bytes\": $size, \"error\": \"No space left on device\"}"
check "... the results hold every sample" cmp -s "$out/r.samples" "$small/s/samples.csv"
check "... the summary says uart.log is cut" grep -q "^results in $small/s (its uart.log cut short" "$out/serial.out"
"$rvb" replay -o "$small/s" "$small/s/uart.log" >/dev/null 2>"$out/serial-again.err"
check_eq "... decoding that uart.log again in place: exit 2" 2 "$?"
check "... refused, saying why" grep -q "decoding it again there would replace them with less" "$out/serial-again.err"
check "... the samples kept" cmp -s "$out/r.samples" "$small/s/samples.csv"
