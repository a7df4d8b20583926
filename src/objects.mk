# The harness, the benchmark registry, the wire encoder and the built-in
# benchmarks. src/common/ is compiled for both sides: the firmware and the
# host CLI share one implementation of the wire format, CRCs, LCG and
# statistics. A benchmark is one file in src/benches/ (BENCH_DIR's are
# built as units of their own: bench-units.mk).
FW_SRCS += $(wildcard src/*.c) $(wildcard src/common/*.c) $(wildcard src/benches/*.c)
HOST_LIB_SRCS += $(wildcard src/common/*.c) src/config.c
FW_SRCS += $(wildcard src/lib/*.c)
