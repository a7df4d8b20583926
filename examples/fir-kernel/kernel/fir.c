#include "fir.h"
#include "util.h"

void fir(int n, int taps, const double *restrict x, const double *restrict h, double *restrict y)
{
	for (int i = 0; i < n; i++) {
		double acc = 0.0;
		for (int k = 0; k < taps; k++)
			acc += h[k] * x[i + k];
		y[i] = acc;
	}
}
