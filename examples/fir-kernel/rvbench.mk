# kernel/ is built as its Makefile builds it (-O3 -funroll-loops, its
# include/ directory); QUIET keeps its report off the UART while measured.
BENCH_SRCS     := kernel/fir.c kernel/main.c fir_bench.c
BENCH_INCLUDES := kernel kernel/include
BENCH_CFLAGS   := -O3 -funroll-loops -DQUIET
