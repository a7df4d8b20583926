#include "dataset.h"
#include "fir.h"
#include "util.h"

double output_data[FIR_N] __attribute__((aligned(64)));

int main(void)
{
	uint64_t t0 = read_cycles();
	fir(FIR_N, FIR_TAPS, input_data, coeffs, output_data);
	uint64_t t1 = read_cycles();
	report("fir", t1 - t0);
	return verify_double(FIR_N, output_data, verify_data);
}
