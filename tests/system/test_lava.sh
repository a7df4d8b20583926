#!/bin/sh
# rvbench and LAVA without a LAVA server: replay of a log lava-run wrote
# (tests/fixtures/lava/), in both of LAVA's forms and damaged; the job
# definitions; submit and fetch against a fake lavacli that records its
# arguments and serves that log. (make test-lava runs the real lava-run.)
. tests/system/lib.sh
build=$1
fresh_out lava
# Absolute: submit runs in $out, where it writes its job list.
out=$(cd "$out" && pwd)
build=$(cd "$build" && pwd)
rvb=$build/host/rvbench
fx=tests/fixtures/lava/qemu-sifive_u.jsonl

# ---- replay of a LAVA log ----------------------------------------------------
"$rvb" replay --lava-job 4 --device-name qemu-01 -o "$out/json" "$fx" >"$out/json.stdout" 2>&1
check_eq "a lava-run log replays to a complete run" 0 "$?"
check "meta.json keeps the job id and the LAVA counts" \
	meta_has "$out/json/meta.json" \
	'"lava": {"job": "4", "records": 189, "uart_lines": 110, "damaged_lines": 0}'
check "meta.json keeps the device name" grep -q '"device_name": "qemu-01"' "$out/json/meta.json"
s=$out/json/samples.csv
check_eq "addi100 from the LAVA log is exactly 100 net cycles" 100 \
	"$(bench_rows "$s" addi100 0 | distinct "$(csv_col "$s" cycles)")"
check_eq "uart.log holds exactly the target and feedback lines" \
	"$(grep -c '"lvl": "target"\|"lvl": "feedback"' "$fx")" "$(wc -l <"$out/json/uart.log" | tr -d ' ')"

# The TRAILER read after the monitor stopped: LAVA logs it as feedback.
sed '/TRAILER/s/"lvl": "target", "msg": \(".*"\)}$/"lvl": "feedback", "msg": \1, "ns": "common"}/' "$fx" \
	>"$out/feedback.jsonl"
check "the TRAILER made a feedback record" grep -q '"feedback", "msg": "@RVB [0-9a-f]* [0-9]* TRAILER ' "$out/feedback.jsonl"
"$rvb" replay -o "$out/feedback" "$out/feedback.jsonl" >/dev/null 2>&1
check_eq "a trailer in a feedback record completes the run" 0 "$?"

# lavacli jobs logs --raw: the same records as a YAML list
sed 's/^/- /' "$fx" >"$out/raw.yaml"
"$rvb" replay -o "$out/yaml" "$out/raw.yaml" >/dev/null 2>&1
check_eq "the YAML form replays to a complete run" 0 "$?"
check "the YAML form gives the same samples" cmp -s "$s" "$out/yaml/samples.csv"
check "without --lava-job the job is null" meta_has "$out/yaml/meta.json" '"lava": {"job": null'

# Damage: a garbled line among the dispatcher's, and the log cut in the
# middle of a sample line (a job killed while the board was sending).
awk 'NR == 5 {print "{\"dt\": \"x\", \"lvl\": \"inf"} {print}' "$fx" >"$out/garbled.jsonl"
"$rvb" replay -o "$out/garbled" "$out/garbled.jsonl" >/dev/null 2>"$out/garbled.err"
check_eq "a garbled dispatcher line costs nothing" 0 "$?"
check "the garbled line is counted" meta_has "$out/garbled/meta.json" '"damaged_lines": 1}'
check "the garbled line is reported" grep -q '1 line of .* is not a LAVA record' "$out/garbled.err"
check "the garbled log gives the same samples" cmp -s "$s" "$out/garbled/samples.csv"

cut_at=$(grep -n '"@RVB [0-9a-f]* [0-9]* S 1 ' "$fx" | head -n 1 | cut -d: -f1)
head -n $((cut_at - 1)) "$fx" >"$out/cut.jsonl"
sed -n "${cut_at}p" "$fx" | head -c 70 >>"$out/cut.jsonl"
"$rvb" replay -o "$out/cut" "$out/cut.jsonl" >/dev/null 2>&1
check_eq "a log cut inside a sample line is an incomplete run" 1 "$?"
check "the cut line is counted as damaged" meta_has "$out/cut/meta.json" '"damaged_lines": 1}'
check "what arrived before the cut is kept" test "$(bench_rows "$out/cut/samples.csv" addi100 0 | wc -l)" -eq 1000
check "the lost samples are in gaps.csv" grep -q 'crc32' "$out/cut/gaps.csv"

# A log whose first lines are mostly garbage (14 of its first 16) is still
# read as the LAVA log it is, its garbage counted, not refused as a UART
# log without a RUN header.
{ for i in $(seq 14); do echo "#%&garbage line $i"; done; cat "$fx"; } >"$out/garbage-first.jsonl"
"$rvb" replay -o "$out/garbage-first" "$out/garbage-first.jsonl" >/dev/null 2>"$out/garbage-first.err"
check_eq "a LAVA log with 14 garbled first lines replays to a complete run" 0 "$?"
check "its 14 garbled lines are counted" meta_has "$out/garbage-first/meta.json" '"damaged_lines": 14}'
check "and reported as not LAVA records" grep -q '^rvbench: replay: 14 lines of .* are not a LAVA record' \
	"$out/garbage-first.err"
check "it gives the same samples" cmp -s "$s" "$out/garbage-first/samples.csv"

# A log fetched from the middle of a line is still a LAVA log.
tail -c +20 "$fx" >"$out/midline.jsonl"
"$rvb" replay -o "$out/midline" "$out/midline.jsonl" >/dev/null 2>&1
check_eq "a log starting in the middle of a line replays to a complete run" 0 "$?"
check "its cut first line is counted" meta_has "$out/midline/meta.json" '"damaged_lines": 1}'

printf 'not a LAVA log\n' >"$out/plain.log"
"$rvb" replay --lava-job 1 -o "$out/plain" "$out/plain.log" >/dev/null 2>"$out/plain.err"
check_eq "--lava-job on a file that is not a LAVA log is an error" 2 "$?"

# ---- job definitions ---------------------------------------------------------
"$rvb" lava job --image "$build/rvbench.elf" --bootargs 'rvbench.run=addi*' -o "$out/q.yaml"
check_eq "lava job writes a qemu job" 0 "$?"
check "the qemu job boots the image given, as a file URL" \
	grep -q "url: \"file://$(cd "$build" && pwd)/rvbench.elf\"" "$out/q.yaml"
"$rvb" lava job --image "$build/rvbench.elf" --bootargs 'say "hi"' >/dev/null 2>"$out/bad.err"
check_eq "bootargs with a quote are refused" 2 "$?"
"$rvb" lava job --device-type my-board --image http://lab/rvbench.bin --load-addr 0x84000000 \
	>"$out/u.yaml"
check "a U-Boot board's job loads at the address given" \
	grep -q '"tftp 0x84000000 {KERNEL}"' "$out/u.yaml"
"$rvb" lava job --load-addr 0x84000000 --image http://lab/rvbench.bin >/dev/null 2>&1
check_eq "--load-addr on qemu is refused" 2 "$?"

# lava-server refuses a job_name over 200 characters: refused here, not
# written (nor, in submit, cut to fit with its label lost).
long=$(printf '%0201d' 0)
"$rvb" lava job --image "$build/rvbench.elf" --job-name "$long" -o "$out/long.yaml" 2>"$out/long.err"
check_eq "a job name over 200 characters is refused" 2 "$?"
check "the job name's limit is said" grep -q "job name must be 1..200 characters" "$out/long.err"
check "no job written for it" test ! -e "$out/long.yaml"
"$rvb" lava job --image "$build/rvbench.elf" --job-name "$(printf '%0200d' 0)" -o "$out/200.yaml"
check_eq "a job name of 200 characters is taken" 0 "$?"

# ---- submit and fetch through a fake lavacli ---------------------------------
# It appends its arguments to calls.log, numbers the jobs it is given from
# 100, keeps each definition, and answers show and logs from the fixture.
fake=$out/bin/lavacli
mkdir -p "$out/bin" "$out/server"
cat >"$fake" <<EOF
#!/bin/sh
srv='$out/server'
echo "\$*" >>"\$srv/calls.log"
[ "\$1" = -i ] && shift 2
case "\$1 \$2" in
"jobs submit")
	n=\$(cat "\$srv/next" 2>/dev/null || echo 100)
	cp "\$3" "\$srv/job-\$n.yaml"
	echo \$((n + 1)) >"\$srv/next"
	if [ -e "\$srv/multinode" ]; then # one id per role instance, as LAVA's multinode jobs
		for i in \$(seq 0 19); do echo "\$n.\$i"; done
	else
		echo "\$n"
	fi ;;
"jobs wait")
	[ -e "\$srv/stuck-\$3" ] && { echo timeout!; exit 1; }
	exit 0 ;;
"jobs show")
	dev=\$(sed -n 's/^- "\\(.*\\)"/\\1/p' "\$srv/job-\$3.yaml" | head -n 1)
	if [ -e "\$srv/failed-\$3" ]; then
		printf '{"id": %s, "device": "%s", "health": "Incomplete", "state": "Finished", "failure_comment": "%s"}\n' \\
			"\$3" "\$dev" "\$(cat "\$srv/failed-\$3")"
	else
		printf '{"id": %s, "device": "%s", "health": "Complete", "state": "Finished"}\n' "\$3" "\$dev"
	fi ;;
"jobs logs")
	[ -e "\$srv/nolog-\$3" ] && exit 0
	if [ -e "\$srv/failed-\$3" ]; then
		sed 's/^/- /' '$PWD/$fx' | sed '/ TRAILER /,\$d'
	else
		sed 's/^/- /' '$PWD/$fx'
	fi ;;
*)
	echo "fake lavacli: \$*" >&2; exit 2 ;;
esac
EOF
chmod +x "$fake"
export RVBENCH_LAVACLI="$fake"

( cd "$out" && "$rvb" lava submit -i lab --image "$build/rvbench.elf" --bootargs 'rvbench.run=addi100' \
	--device qemu-01 --device qemu-02 --repeat 2 >submit.stdout 2>submit.stderr )
check_eq "submit: one job per device and repetition" 0 "$?"
check_eq "submit: the job ids recorded" "100 101 102 103" "$(cut -f1 "$out/lava-jobs.txt" | tr '\n' ' ' | sed 's/ $//')"
check_eq "submit: their labels recorded" "device=qemu-02 repeat=2" "$(sed -n '4p' "$out/lava-jobs.txt" | cut -f2)"
check "submit: through the identity given" grep -q '^-i lab jobs submit ' "$out/server/calls.log"
check "submit: each device's job is tagged with its name" \
	grep -q '^- "qemu-02"$' "$out/server/job-103.yaml"
check "submit: the jobs carry the bootargs" \
	grep -q 'rvbench.bootargs: "rvbench.run=addi100"' "$out/server/job-100.yaml"

# A submission that answers with 20 job ids (a multinode job): every one
# is listed, none dropped for want of room.
touch "$out/server/multinode"
( cd "$out" && "$rvb" lava submit -i lab --image "$build/rvbench.elf" --device qemu-03 \
	--jobs multi-jobs.txt >multi.stdout 2>multi.stderr )
check_eq "submit: a multinode answer succeeds" 0 "$?"
check_eq "submit: all 20 of its job ids listed, in order" "$(seq -f '104.%g' 0 19 | tr '\n' ' ')" \
	"$(cut -f1 "$out/multi-jobs.txt" | tr '\n' ' ')"
rm "$out/server/multinode"

# A device name long enough to cut a short label buffer: the job name
# (with its label) is over LAVA's 200 and refused whole, not cut.
longdev=$(printf 'board-%0190d' 0)
( cd "$out" && "$rvb" lava submit -i lab --image "$build/rvbench.elf" --device "$longdev" \
	>longdev.stdout 2>longdev.stderr )
check_eq "submit: a device name that makes the job name too long is refused (exit 2)" 2 "$?"
check "... saying the limit, with the whole label" \
	grep -q "lava submit: device=$longdev repeat=1: the job name must be 1..200 characters" \
	"$out/longdev.stderr"

"$rvb" lava fetch -i lab -o "$out/nightly/day1" "$out/lava-jobs.txt" >"$out/fetch.stdout" 2>"$out/fetch.stderr"
check_eq "fetch: every job fetched and complete" 0 "$?"
check_eq "fetch: one result directory per job" "100 101 102 103" "$(ls "$out/nightly/day1" | tr '\n' ' ' | sed 's/ $//')"
check "fetch: waited for each job" grep -q '^-i lab jobs wait 103 --timeout 3600$' "$out/server/calls.log"
check "fetch: the job's device in meta.json" grep -q '"device_name": "qemu-02"' "$out/nightly/day1/103/meta.json"
check "fetch: the job id in meta.json" meta_has "$out/nightly/day1/103/meta.json" '"lava": {"job": "103"'
check "fetch: the raw log kept" cmp -s "$out/raw.yaml" "$out/nightly/day1/101/lava-log.yaml"
check "fetch: the job details kept" grep -q '"health": "Complete"' "$out/nightly/day1/100/lava-job.json"
check "fetch: the same samples as the log replayed" cmp -s "$s" "$out/nightly/day1/102/samples.csv"

touch "$out/server/stuck-101"
"$rvb" lava fetch --timeout 5 -o "$out/stuck" 100 101 >/dev/null 2>"$out/stuck.err"
check_eq "fetch: a job that does not finish is an error" 2 "$?"
check "fetch: the other job is still fetched" test -s "$out/stuck/100/samples.csv"
check "fetch: the job that did not finish is named" grep -q 'job 101 did not finish' "$out/stuck.err"

# A job LAVA ended Incomplete (its test action timed out before the
# trailer): LAVA's reason is said, a control byte escaped as \xNN (as every
# text bound for a terminal), and the run is incomplete (1).
printf 'lava-test-monitor timed out after 1200 seconds\\u001b[0m' >"$out/server/failed-102"
"$rvb" lava fetch -o "$out/failed" 102 >/dev/null 2>"$out/failed.err"
check_eq "fetch: a job cut short by LAVA is an incomplete run" 1 "$?"
check "fetch: LAVA's failure comment is said" \
	grep -qF 'job 102 on qemu-02 (Incomplete: lava-test-monitor timed out after 1200 seconds\x1B[0m)' "$out/failed.err"
check "fetch: what the board sent before is kept" test -s "$out/failed/102/samples.csv"
# A job canceled before it ran has an empty log: said as such (2).
touch "$out/server/nolog-103"
"$rvb" lava fetch -o "$out/nolog" 103 >/dev/null 2>"$out/nolog.err"
check_eq "fetch: a job without a log is an error" 2 "$?"
check "fetch: the job without a log is named" grep -q 'job 103: LAVA has no log of it (Complete)' "$out/nolog.err"

# lavacli prints "Unable to submit" and exits 0 when the server refuses.
cat >"$out/bin/refusing" <<'EOF'
#!/bin/sh
echo "Unable to submit job.yaml: <Fault 400: 'Invalid YAML'>"
EOF
chmod +x "$out/bin/refusing"
RVBENCH_LAVACLI="$out/bin/refusing" "$rvb" lava submit --image "$build/rvbench.elf" \
	--jobs "$out/refused.txt" >/dev/null 2>"$out/refused.err"
check_eq "submit: a refused job is an error" 2 "$?"
check "submit: lavacli's answer is shown" grep -q 'Invalid YAML' "$out/refused.err"
check_eq "submit: no id recorded for it" 0 "$(wc -l <"$out/refused.txt" | tr -d ' ')"

# Without $RVBENCH_LAVACLI, lavacli is the one on PATH.
unset RVBENCH_LAVACLI
: >"$out/server/calls.log"
PATH="$out/bin:$PATH" "$rvb" lava fetch -o "$out/onpath" 100 >/dev/null 2>&1
check_eq "fetch: lavacli found on PATH" 0 "$?"
check "fetch: through the lavacli on PATH" grep -q '^jobs logs 100 --raw$' "$out/server/calls.log"
