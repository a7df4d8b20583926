# The harness, the benchmark registry, the wire encoder and the built-in
# benchmarks. src/common/ is compiled for both sides: the firmware and the
# host CLI share one implementation of the wire format, CRCs, LCG and
# statistics. A benchmark is one file in src/benches/ (or in BENCH_DIR).
FW_SRCS += $(wildcard src/*.c) $(wildcard src/common/*.c) $(wildcard src/benches/*.c) \
           $(if $(BENCH_DIR),$(wildcard $(BENCH_DIR)/*.c))
HOST_LIB_SRCS += $(wildcard src/common/*.c) src/config.c
FW_SRCS += $(wildcard src/lib/*.c)
