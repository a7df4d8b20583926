#!/bin/sh
# The report links every plot-*.png it finds in the directory ("Other
# figures": one left from an earlier plot, or put there by hand), named as
# it is. In a link a name is a URL: '#' began a fragment (plot-a#1.png
# fetched plot-a), 'x:' a scheme (plot-x:y.png went nowhere) and a space
# ended a Markdown link. The links are percent-encoded now; the names
# shown stay as they are (escaped for HTML or Markdown).
. tests/system/lib.sh
build=$1
rvb=$build/host/rvbench
fresh_out report_links

mkdir -p "$out/d"
awk 'BEGIN {
	printf "run,bench,block,params,hart,group,batch,index,warmup,input,cycles,instret,cycles_raw,instret_raw,flags\r\n"
	for (i = 0; i < 4; i++)
		printf "00000011,one,0,,1,0,1,%d,0,0,%d,0,%d,6,0\r\n", i, 100 + i, 106 + i
}' >"$out/d/samples.csv"
meta_for_samples "$out/d"
printf 'run,bench,block,params,hart,group,batch,count,min,median,p99,mad,unit,per_call,status\r\n00000011,one,0,,1,0,1,4,100,101,103,1,,,ok\r\n' \
	>"$out/d/summary.csv"
for f in 'plot-a#1.png' 'plot-x:y.png' 'plot-s p.png' 'plot-q%.png' 'plot-one.png'; do
	printf 'png' >"$out/d/$f"
done
"$rvb" report --no-plots "$out/d" >/dev/null 2>"$out/report.err"
check_eq "report exits 0" "0 " "$? $(cat "$out/report.err")"
html=$out/d/index.html
md=$out/d/report.md
check "html: '#' percent-encoded in the link and the image" \
	grep -q -F '<a href="plot-a%231.png"><img src="plot-a%231.png"' "$html"
check "html: ':' percent-encoded (no scheme plot-x)" grep -q -F 'href="plot-x%3Ay.png"' "$html"
check "html: ' ' and '%' percent-encoded" \
	sh -c "grep -q -F 'href=\"plot-s%20p.png\"' '$html' && grep -q -F 'href=\"plot-q%25.png\"' '$html'"
check "html: the caption is the name as it is" grep -q -F '<figcaption>plot-a#1.png</figcaption>' "$html"
check "html: the row's own figure linked as it was" grep -q -F '<a href="plot-one.png">plot</a>' "$html"
check "md: the links percent-encoded" \
	sh -c "grep -q -F '(plot-a%231.png)' '$md' && grep -q -F '(plot-x%3Ay.png)' '$md' && grep -q -F '(plot-s%20p.png)' '$md'"
check "md: the row's own figure linked as it was" grep -q -F '[plot](plot-one.png)' "$md"
