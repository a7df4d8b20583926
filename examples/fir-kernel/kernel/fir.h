/* A direct-form FIR filter: y[i] = sum over k of h[k] * x[i + k]. */
#ifndef FIR_H
#define FIR_H

#define FIR_N 256
#define FIR_TAPS 16

void fir(int n, int taps, const double *x, const double *h, double *y);

#endif
