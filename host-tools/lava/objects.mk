# lava: rvbench in a LAVA lab. The job definitions `rvbench lava job`
# writes (one template per kind of device) and the running of lavacli,
# Debian's client, which does all the talking to the server; the logs come
# back through replay's LAVA reader (sources/source_lava.c). It writes
# strings as output's JSON strings (valid YAML), so it may include output,
# collect and src/common.
HOST_INC_lava := $(HOST_INC_output) -Ihost-tools/lava
HOST_LIB_SRCS += $(wildcard host-tools/lava/*.c)
