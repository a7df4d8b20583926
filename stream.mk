# The UART stream's own targets (codec benchmark, decoder fuzzing).
#
#   make bench-codec   bytes/sample of decimal, encoding r and the entropy
#                      floor on the reference distributions
#   make fuzz          libFuzzer on the stream decoder and codec, ASan+UBSan,
#                      FUZZ_TIME seconds (default 600); a crash is saved in
#                      build/fuzz/ and belongs in tests/fuzz/regressions/
#   make fuzz-smoke    the same for FUZZ_SMOKE_TIME seconds (make test runs
#                      it through tests/system/test_fuzz_smoke.sh)

FUZZ_CC         ?= clang
FUZZ_TIME       ?= 600
FUZZ_SMOKE_TIME ?= 15

# The decoder side only: no I/O, no CLI.
STREAM_LIB_SRCS := src/common/codec.c src/common/codec_decode.c src/common/wire.c src/common/crc.c src/common/stats.c \
                   src/common/inputs.c src/common/input_seed.c src/common/records.c $(wildcard host-tools/collect/*.c) \
                   host-tools/output/csv_out.c host-tools/output/csv_summary.c \
                   host-tools/output/csv_events.c host-tools/output/meta_events.c \
                   host-tools/output/meta_json.c host-tools/output/meta_source.c \
                   host-tools/output/json_string.c \
                   host-tools/output/meta_context.c host-tools/output/context_fmt.c \
                   host-tools/output/host_build.c
STREAM_HDRS     := $(wildcard src/common/*.h host-tools/*/*.h tests/support/*.h) tests/fuzz/fuzz_body.c
# The decoder's layers (host-tools/objects.mk): collect and output.
STREAM_INC      := -Iinclude -Isrc/common -Ihost-tools/collect -Ihost-tools/output -I$(GEN_DIR)

FUZZ_BIN  := $(BUILD)/fuzz/fuzz_collector
BENCH_BIN := $(BUILD)/bench/bench_codec

.PHONY: bench-codec fuzz fuzz-smoke

$(FUZZ_BIN): tests/fuzz/fuzz_collector.c $(STREAM_LIB_SRCS) $(STREAM_HDRS)
	@mkdir -p $(dir $@)
	$(call quiet,FUZZ-CC,$@)$(FUZZ_CC) -std=c11 -D_DEFAULT_SOURCE -D_GNU_SOURCE -g -O1 \
		-Wall -Wextra -Werror $(STREAM_INC) -Itests/fuzz \
		-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
		tests/fuzz/fuzz_collector.c $(STREAM_LIB_SRCS) $(HOST_LIBS) -o $@

$(BENCH_BIN): tests/bench/bench_codec.c src/common/codec.c src/common/codec_decode.c src/common/wire.c src/common/crc.c \
              tests/support/synth_dist.c $(STREAM_HDRS)
	@mkdir -p $(dir $@)
	$(call quiet,HOSTCC,$@)$(HCC) $(HCFLAGS) $(HOST_INC_support) $(filter-out $(STREAM_HDRS),$(filter %.c,$^)) -lm -o $@

bench-codec: $(BENCH_BIN)
	$(Q)$(BENCH_BIN)

# The corpus grows in build/fuzz/corpus (seeded from tests/fuzz/corpus and
# the regressions); the committed seeds stay small.
define run_fuzz
	@mkdir -p $(BUILD)/fuzz/corpus
	$(Q)cp tests/fuzz/corpus/* tests/fuzz/regressions/* $(BUILD)/fuzz/corpus/
	$(Q)$(FUZZ_BIN) -max_total_time=$(1) -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
		-artifact_prefix=$(BUILD)/fuzz/ -print_final_stats=1 $(BUILD)/fuzz/corpus
endef

fuzz: $(FUZZ_BIN)
	$(call run_fuzz,$(FUZZ_TIME))

fuzz-smoke: $(FUZZ_BIN)
	$(call run_fuzz,$(FUZZ_SMOKE_TIME))

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
