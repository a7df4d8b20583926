#!/bin/sh
# The jobs `rvbench lava job` writes against the job schema lava-server
# checks on submission (lava_common.schemas.validate, strict, as
# `lavacli jobs validate --strict` asks): lava-run --validate builds the
# pipeline but never runs that schema, so a key the server refuses would
# pass tests/lava/test_lava_validate.sh and fail in the lab.
. tests/system/lib.sh
build=$1
fresh_out lava-schema
out=$(cd "$out" && pwd)
rvb=$build/host/rvbench
py=/usr/bin/python3

schema_ok() {
	"$py" - "$1" <<'EOF'
import sys
import yaml
from lava_common.schemas import validate
with open(sys.argv[1]) as f:
    validate(yaml.safe_load(f), strict=True, extra_context_variables=[])
EOF
}

"$rvb" lava job --image "$build/rvbench.elf" --bootargs 'rvbench.run=addi100' --tags qemu-01 \
	-o "$out/qemu.yaml"
check "the qemu job passes the server's strict schema" schema_ok "$out/qemu.yaml"
"$rvb" lava job --image "$build/rvbench.elf" --icount off --smp 1 --timeout 1440 -o "$out/qemu2.yaml"
check "... with -icount off, one hart and the longest timeout" schema_ok "$out/qemu2.yaml"
"$rvb" lava job --device-type hifive-unleashed-a00 --image "$build/rvbench.bin" --tags a,b \
	-o "$out/hifive.yaml"
check "the hifive-unleashed-a00 job passes the server's strict schema" schema_ok "$out/hifive.yaml"
"$rvb" lava job --device-type generic-uboot-board --image "$build/rvbench.bin" --load-addr 0x84000000 \
	--console console=ttyS0,115200 -o "$out/generic.yaml"
check "a generic U-Boot board's job passes the server's strict schema" schema_ok "$out/generic.yaml"
# A key the schema does not know, so the check above can fail.
sed 's/^priority: medium$/priority: medium\nfrobnicate: 1/' "$out/qemu.yaml" >"$out/broken.yaml"
schema_ok "$out/broken.yaml" 2>/dev/null
check "the schema refuses a job with an unknown key" test "$?" -ne 0
