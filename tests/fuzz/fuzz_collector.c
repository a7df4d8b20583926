/* libFuzzer target for the stream decoder and the codec (make fuzz). */
#include "fuzz_body.c"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_one(data, size);
	return 0;
}
