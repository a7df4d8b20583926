#!/bin/sh
# rvbench plot in parallel: worker processes, each drawing its figures in
# one gnuplot. The images are the very bytes one gnuplot per figure draws
# (-j 1), named in the same order; nothing is left in TMPDIR; and when one
# figure's script fails inside a batch, only that figure is missing and its
# error is the one reported.
. tests/system/lib.sh
build=$1
rvb=$build/host/rvbench
fresh_out plot-jobs
need_gnuplot

# A sweep of 15 blocks (15 images and a sweep figure) and a second benchmark.
mkdir -p "$out/one" "$out/par" "$out/bad" "$out/tmp"
awk 'BEGIN {
	printf "run,bench,block,params,hart,group,batch,index,warmup,input,cycles,instret,cycles_raw,instret_raw,flags\r\n"
	s = 4242
	for (k = 0; k < 15; k++)
		for (i = 0; i < 40; i++) {
			s = (s * 1103515245 + 12345) % 2147483648
			c = 64 * (k < 4 ? 3 : k < 10 ? 12 : 80) + s % 50
			printf "0000000d,lat,%d,size_kib=%d;steps=64,1,0,1,%d,0,0,%d,85,%d,89,0\r\n", k, 2 ^ (k + 2), i, c, c + 6
		}
	for (i = 0; i < 300; i++) {
		s = (s * 1103515245 + 12345) % 2147483648
		printf "0000000d,other,15,,1,0,1,%d,0,0,%d,50,%d,54,0\r\n", i, 100 + s % 13, 106 + s % 13
	}
}' >"$out/one/samples.csv"
meta_for_samples "$out/one"
cp "$out/one/samples.csv" "$out/one/meta.json" "$out/par/"
cp "$out/one/samples.csv" "$out/one/meta.json" "$out/bad/"

TMPDIR=$out/tmp "$rvb" plot -j 1 "$out/one" >"$out/one.txt" 2>"$out/one.err"
check_eq "plot -j 1 exits 0" 0 "$?"
TMPDIR=$out/tmp "$rvb" plot -j 2 "$out/par" >"$out/par.txt" 2>"$out/par.err"
check_eq "plot -j 2 exits 0" 0 "$?"
check_eq "17 figures: 15 blocks, the sweep, the other benchmark" 17 "$(wc -l <"$out/par.txt" | tr -d ' ')"
check "the same files named in the same order" \
	sh -c "sed 's|/one/|/X/|' '$out/one.txt' >'$out/a' && sed 's|/par/|/X/|' '$out/par.txt' >'$out/b' && cmp -s '$out/a' '$out/b'"
same=0
for f in "$out"/one/plot-*.png; do
	cmp -s "$f" "$out/par/$(basename "$f")" && same=$((same + 1))
done
check_eq "every image the same bytes as drawn one gnuplot per figure" 17 "$same"
check_eq "nothing left in TMPDIR" "" "$(ls -A "$out/tmp")"
check "gnuplot said nothing" test ! -s "$out/par.err"

# A gnuplot that fails on the size_kib=64 figure's script (directly, or
# loaded from a batch) and otherwise is gnuplot.
real=$(command -v gnuplot)
mkdir -p "$out/bin"
cat >"$out/bin/gnuplot" <<EOF
#!/bin/sh
loaded=\$(sed -n "s/^load '\\(.*\\)'\$/\\1/p" "\$1")
if cat "\$1" \$loaded | grep -q 'size_kib=64;'; then
	echo "refused: the size_kib=64 figure" >&2
	exit 1
fi
exec "$real" "\$@"
EOF
chmod +x "$out/bin/gnuplot"
PATH=$out/bin:$PATH TMPDIR=$out/tmp "$rvb" plot -j 2 "$out/bad" >"$out/bad.txt" 2>"$out/bad.err"
check_eq "a failed figure makes plot exit 2" 2 "$?"
check "its error is gnuplot's for that figure" grep -q 'refused: the size_kib=64 figure' "$out/bad.err"
check "that figure is missing" test ! -e "$out/bad/plot-lat-size_kib=64-steps=64.png"
check_eq "the 16 others are drawn, named on stdout" 16 "$(wc -l <"$out/bad.txt" | tr -d ' ')"
same=0
for f in $(cat "$out/bad.txt"); do
	cmp -s "$f" "$out/one/$(basename "$f")" && same=$((same + 1))
done
check_eq "... each the same as before" 16 "$same"
check_eq "nothing left in TMPDIR after the failure either" "" "$(ls -A "$out/tmp")"
