# The UART stream's own targets (codec benchmark, decoder fuzzing).
#
#   make bench-codec   bytes/sample of decimal, encoding r and the entropy
#                      floor on the reference distributions
#   make fuzz          libFuzzer, ASan+UBSan, on both targets one after the
#                      other, FUZZ_SECONDS each (default 600): the whole
#                      stream (fuzz_collector: framing, chunking, codec) and
#                      one line (fuzz_line: the record readers, fast); a
#                      crash is saved in build/fuzz/ and belongs in
#                      tests/fuzz/regressions/
#   make fuzz-line     the line target alone, FUZZ_SECONDS
#   make fuzz-smoke    both for FUZZ_SMOKE_TIME seconds each (make test runs
#                      it through tests/system/test_fuzz_smoke.sh)

FUZZ_CC         ?= clang
FUZZ_SECONDS    ?= $(or $(FUZZ_TIME),600)
FUZZ_SMOKE_TIME ?= 15

# The decoder side only: no I/O, no CLI.
STREAM_LIB_SRCS := src/common/codec.c src/common/codec_decode.c src/common/wire.c src/common/crc.c src/common/stats.c \
                   src/common/inputs.c src/common/input_seed.c src/common/records.c src/common/bench_name.c $(wildcard host-tools/collect/*.c) \
                   host-tools/output/csv_out.c host-tools/output/csv_summary.c host-tools/output/rcsv.c \
                   host-tools/output/csv_events.c host-tools/output/meta_events.c \
                   host-tools/output/meta_json.c host-tools/output/meta_source.c \
                   host-tools/output/json_string.c \
                   host-tools/output/meta_context.c host-tools/output/context_fmt.c \
                   host-tools/output/host_build.c
STREAM_HDRS     := $(wildcard src/common/*.h host-tools/*/*.h tests/support/*.h) tests/fuzz/fuzz_body.c
# The decoder's layers (host-tools/objects.mk): collect and output.
STREAM_INC      := -Iinclude -Isrc/common -Ihost-tools/collect -Ihost-tools/output -I$(GEN_DIR)

FUZZ_BIN  := $(BUILD)/fuzz/fuzz_collector
FUZZ_LINE_BIN := $(BUILD)/fuzz/fuzz_line
BENCH_BIN := $(BUILD)/bench/bench_codec

.PHONY: bench-codec fuzz fuzz-line fuzz-smoke

# $(call fuzz_link,source): one libFuzzer binary over the decoder.
define fuzz_link
	@mkdir -p $(dir $@)
	$(call quiet,FUZZ-CC,$@)$(FUZZ_CC) -std=c11 -D_DEFAULT_SOURCE -D_GNU_SOURCE -g -O1 \
		-Wall -Wextra -Werror $(STREAM_INC) -Itests/fuzz \
		-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
		$(1) $(STREAM_LIB_SRCS) $(HOST_LIBS) -o $@
endef

$(FUZZ_BIN): tests/fuzz/fuzz_collector.c $(STREAM_LIB_SRCS) $(STREAM_HDRS)
	$(call fuzz_link,tests/fuzz/fuzz_collector.c)

$(FUZZ_LINE_BIN): tests/fuzz/fuzz_line.c $(STREAM_LIB_SRCS) $(STREAM_HDRS)
	$(call fuzz_link,tests/fuzz/fuzz_line.c)

$(BENCH_BIN): tests/bench/bench_codec.c src/common/codec.c src/common/codec_decode.c src/common/wire.c src/common/crc.c \
              tests/support/synth_dist.c $(STREAM_HDRS)
	@mkdir -p $(dir $@)
	$(call quiet,HOSTCC,$@)$(HCC) $(HCFLAGS) $(HOST_INC_support) $(filter-out $(STREAM_HDRS),$(filter %.c,$^)) -lm -o $@

bench-codec: $(BENCH_BIN)
	$(Q)$(BENCH_BIN)

# Each target's corpus grows in build/fuzz/corpus-NAME, seeded from
# tests/fuzz/corpus/NAME (and, for the stream, the regressions); the
# committed seeds stay small. $(call run_fuzz,binary,corpus name,seconds)
define run_fuzz
	@mkdir -p $(BUILD)/fuzz/corpus-$(2)
	$(Q)cp tests/fuzz/corpus/$(2)/* $(if $(filter stream,$(2)),tests/fuzz/regressions/*) $(BUILD)/fuzz/corpus-$(2)/
	$(Q)$(1) -max_total_time=$(3) -timeout=10 -rss_limit_mb=2048 -max_len=$(if $(filter line,$(2)),600,65536) \
		-artifact_prefix=$(BUILD)/fuzz/ -print_final_stats=1 $(BUILD)/fuzz/corpus-$(2)
endef

fuzz: $(FUZZ_BIN) $(FUZZ_LINE_BIN)
	$(call run_fuzz,$(FUZZ_BIN),stream,$(FUZZ_SECONDS))
	$(call run_fuzz,$(FUZZ_LINE_BIN),line,$(FUZZ_SECONDS))

fuzz-line: $(FUZZ_LINE_BIN)
	$(call run_fuzz,$(FUZZ_LINE_BIN),line,$(FUZZ_SECONDS))

fuzz-smoke: $(FUZZ_BIN) $(FUZZ_LINE_BIN)
	$(call run_fuzz,$(FUZZ_BIN),stream,$(FUZZ_SMOKE_TIME))
	$(call run_fuzz,$(FUZZ_LINE_BIN),line,$(FUZZ_SMOKE_TIME))

# A long synthetic stream for the collector's speed (docs/performance.md).
STREAM_GEN := $(BUILD)/bench/make_stream
$(STREAM_GEN): tests/bench/make_stream.c src/common/codec.c src/common/codec_decode.c src/common/wire.c src/common/crc.c \
               tests/support/synth_dist.c $(STREAM_HDRS)
	@mkdir -p $(dir $@)
	$(call quiet,HOSTCC,$@)$(HCC) $(HCFLAGS) $(HOST_INC_support) $(filter-out $(STREAM_HDRS),$(filter %.c,$^)) -lm -o $@

# The collector's decode and CSV speed on a stream file (docs/performance.md).
COLL_BENCH := $(BUILD)/bench/bench_collector
$(COLL_BENCH): tests/bench/bench_collector.c $(STREAM_LIB_SRCS) host-tools/output/atomic_file.c $(STREAM_HDRS)
	@mkdir -p $(dir $@)
	$(call quiet,HOSTCC,$@)$(HCC) $(HCFLAGS) $(STREAM_INC) tests/bench/bench_collector.c $(STREAM_LIB_SRCS) \
		host-tools/output/atomic_file.c $(HOST_LIBS) -o $@
