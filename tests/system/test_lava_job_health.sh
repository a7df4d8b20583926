#!/bin/sh
# `rvbench lava fetch` and LAVA's verdict on a job. A job LAVA ended
# Incomplete (an infrastructure error after the trailer: the PDU did not
# answer at power-off) or Canceled (during its finalize) can still have
# the whole run in its log: that run is kept, but the job is not a clean
# one, and fetch must not say so (exit status 0) when LAVA said otherwise.
. tests/system/lib.sh
build=$1
fresh_out lava-job-health
out=$(cd "$out" && pwd)
build=$(cd "$build" && pwd)
rvb=$build/host/rvbench
fx=$PWD/tests/fixtures/lava/qemu-sifive_u.jsonl

mkdir -p "$out/bin"
cat >"$out/bin/lavacli" <<EOF
#!/bin/sh
[ "\$1" = -i ] && shift 2
case "\$1 \$2" in
"jobs wait") exit 0 ;;
"jobs show")
	case \$3 in
	200) printf '{"id": 200, "device": "qemu-01", "health": "Complete", "state": "Finished"}\n' ;;
	201) printf '{"id": 201, "device": "qemu-01", "health": "Incomplete", "state": "Finished", "failure_comment": "Infrastructure error: power-off failed"}\n' ;;
	202) printf '{"id": 202, "device": "qemu-01", "health": "Canceled", "state": "Finished"}\n' ;;
	esac ;;
"jobs logs") sed 's/^/- /' '$fx' ;;
*) exit 2 ;;
esac
EOF
chmod +x "$out/bin/lavacli"
export RVBENCH_LAVACLI="$out/bin/lavacli"

"$rvb" lava fetch -o "$out/ok" 200 >/dev/null 2>"$out/ok.err"
check_eq "fetch: a Complete job with its whole run is clean (0)" 0 "$?"

"$rvb" lava fetch -o "$out/infra" 201 >/dev/null 2>"$out/infra.err"
check_eq "fetch: an Incomplete job is not clean, whole log or not (1)" 1 "$?"
check "fetch: its run is kept" test -s "$out/infra/201/samples.csv"
check "fetch: it is said that LAVA did not complete the job" \
	grep -q 'lava fetch: job 201: LAVA ended the job Incomplete' "$out/infra.err"

"$rvb" lava fetch -o "$out/canceled" 202 >/dev/null 2>"$out/canceled.err"
check_eq "fetch: a Canceled job is not clean (1)" 1 "$?"
check "fetch: it is said that the job was canceled" \
	grep -q 'lava fetch: job 202: LAVA ended the job Canceled' "$out/canceled.err"

"$rvb" lava fetch -o "$out/all" 200 201 >/dev/null 2>&1
check_eq "fetch: the worst of the jobs (1)" 1 "$?"

# rvbench replay of a job's log reads LAVA's verdict, its last record: a
# failed job (here an infrastructure error after the trailer: the run is
# whole) is said with its error and is not a clean replay (exit 1); a log
# cut before the verdict is said to be cut.
sed 's/"result": "pass"}}$/"result": "fail", "error_type": "Infrastructure", "error_msg": "power-off failed"}}/' \
	"$fx" >"$out/failed.jsonl"
"$rvb" replay -o "$out/failed" "$out/failed.jsonl" >/dev/null 2>"$out/failed.err"
check_eq "replay: a job LAVA failed is not clean (1)" 1 "$?"
check "replay: ... and says why" \
	grep -q -x "rvbench: replay: LAVA failed the job (Infrastructure: power-off failed)" "$out/failed.err"
check "replay: ... its whole run kept" test "$(wc -l <"$out/failed/samples.csv")" -gt 1
grep -v '"case": "job"' "$fx" >"$out/cut.jsonl"
"$rvb" replay -o "$out/cut" "$out/cut.jsonl" >/dev/null 2>"$out/cut.err"
check_eq "replay: a log without LAVA's verdict, its run whole: exit 0" 0 "$?"
check "replay: ... said to be cut before the job ended" \
	grep -q "cut.jsonl has no job result from LAVA: cut before the job ended" "$out/cut.err"
"$rvb" replay -o "$out/passed" "$fx" >/dev/null 2>"$out/passed.err"
check_eq "replay: the job LAVA passed: exit 0, nothing said" "0 " "$? $(cat "$out/passed.err")"

# A submission lavacli answers with a server fault and no job id: the
# fault's text is shown escaped (an ESC in it must not reach the terminal).
cat >"$out/bin/lavacli-fault" <<'EOF2'
#!/bin/sh
printf 'Unable to submit: <Fault 400: "\033[2Jbad job">\n'
EOF2
chmod +x "$out/bin/lavacli-fault"
(cd "$out" && RVBENCH_LAVACLI="$out/bin/lavacli-fault" "$rvb" lava submit --image "$build/rvbench.elf" \
	--jobs "$out/fault-jobs.txt" >/dev/null 2>"$out/fault.err")
check_eq "submit, lavacli gives no job id: exit 2" 2 "$?"
check "submit: ... its text shown with the ESC escaped" \
	grep -q -F 'lavacli gave no job id: Unable to submit: <Fault 400: "\x1B[2Jbad job">' "$out/fault.err"
check "submit: ... and no raw ESC on stderr" sh -c "! grep -q \"$(printf '\033')\" '$out/fault.err'"
