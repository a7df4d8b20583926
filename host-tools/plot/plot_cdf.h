/* The CDF overlay of `rvbench compare --plot`. */
#ifndef RVBENCH_PLOT_CDF_H
#define RVBENCH_PLOT_CDF_H

#include <stddef.h>
#include <stdint.h>

/* Overlay of the CDFs of a[i] and b[i], one panel per i, titled title[i],
 * their x axis labelled unit (what the values count: res_unit of the
 * sides, "instr" for QEMU -icount runs); file ends in .png or .svg.
 * Returns 0, or -1 with a reason in err. */
int plot_cdf_overlay_unit(const char *file, size_t npanels, char *const *title,
			  uint64_t *const *a, const size_t *na, uint64_t *const *b, const size_t *nb,
			  const char *label_a, const char *label_b, const char *unit, char *err,
			  size_t errlen);

#endif
