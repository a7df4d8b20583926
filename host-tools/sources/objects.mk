# sources: where the bytes come from (QEMU, a serial port, a saved log),
# the console driven over the UART (--exec, --console) and the session that
# feeds the decoder and writes the result directory. The session prints the
# analysis of what it collected, so sources may include analysis, output,
# collect and src/common.
HOST_INC_sources := $(HOST_INC_analysis) -Ihost-tools/sources
HOST_LIB_SRCS += $(wildcard host-tools/sources/*.c)
