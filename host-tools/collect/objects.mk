# collect: the stream decoder. It turns the UART's bytes into the model of
# runs, benchmarks and samples (collector.h), checks them and computes each
# block's statistics. A pure library: no files, no terminal, no command
# line; the fuzzer and the benchmarks link it alone. It may include
# src/common and itself only.
HOST_INC_collect := -Iinclude -Isrc/common -Ihost-tools/collect
HOST_LIB_SRCS += $(wildcard host-tools/collect/*.c)
