#!/bin/sh
# The U-Boot boards' jobs as LAVA's dispatcher validates them
# (lava-run --validate: the pipeline is built and checked, nothing boots)
# against device configurations shaped like LAVA's templates.
. tests/system/lib.sh
build=$1
fresh_out lava-validate
out=$(cd "$out" && pwd)
rvb=$build/host/rvbench

"$rvb" lava job --device-type hifive-unleashed-a00 --image "$build/rvbench.bin" \
	--bootargs 'rvbench.run=addi100 rvbench.seed=0x1234' -o "$out/hifive.yaml"
check_eq "lava job writes the hifive-unleashed-a00 job" 0 "$?"
timeout 120 lava-run --validate --job-id $$ --output-dir "$out/hifive" \
	--device tests/lava/devices/hifive-unleashed-a00.yaml "$out/hifive.yaml" >"$out/hifive.log" 2>&1
check_eq "lava-run --validate accepts the hifive-unleashed-a00 job" 0 "$?"
check "its validation passed" grep -q '"case": "validate", "definition": "lava", "result": "pass"' "$out/hifive.log"
check "the pipeline deploys over TFTP and boots with U-Boot" \
	grep -q 'class: actions.boot.u_boot.UBootAction' "$out/hifive/description.yaml"
check "the kernel goes to TFTP" grep -q 'class: actions.deploy.tftp.TftpAction' "$out/hifive/description.yaml"
check "the test is the rvbench monitor" grep -q 'name: lava-test-monitor' "$out/hifive/description.yaml"
# The monitor waits for each END as long as the connection's timeout,
# which is connect-device's: the run's (--timeout, 20 minutes), not the
# boot's 5 (tests/lava/test_lava_timeout.sh runs it on qemu).
check_eq "the board's connection lasts as long as the run" "timeout: 1200" \
	"$(grep -A2 'name: connect-device' "$out/hifive/description.yaml" | sed -n 's/^ *\(timeout: [0-9]*\)$/\1/p')"
# No prompts: U-Boot's "Starting kernel" ends the boot, no step waits for
# a Linux banner or a login that rvbench never prints.
check_eq "no step waits for a Linux login" 0 "$(grep -c 'auto-login' "$out/hifive/description.yaml")"

"$rvb" lava job --device-type generic-uboot-board --image "$build/rvbench.bin" --load-addr 0x84000000 \
	-o "$out/generic.yaml"
timeout 120 lava-run --validate --job-id $$ --output-dir "$out/generic" \
	--device tests/lava/devices/generic-uboot-board.yaml "$out/generic.yaml" >"$out/generic.log" 2>&1
check_eq "lava-run --validate accepts a generic U-Boot board's job" 0 "$?"

# A job LAVA must refuse, so the check above can fail: no boot commands
# and no method.
sed '/method: u-boot/d' "$out/hifive.yaml" >"$out/broken.yaml"
timeout 120 lava-run --validate --job-id $$ --output-dir "$out/broken" \
	--device tests/lava/devices/hifive-unleashed-a00.yaml "$out/broken.yaml" >"$out/broken.log" 2>&1
check "lava-run --validate refuses a job without a boot method" test "$?" -ne 0
