/*
 * SBI calls from S-mode to OpenSBI (SBI spec 1.0; OpenSBI 1.1 provides
 * BASE, legacy console, TIME, IPI, HSM, SRST and PMU, but not DBCN).
 * Errors are the spec's negative SBI_ERR_* values in sbiret.error.
 */
#ifndef RVBENCH_SBI_H
#define RVBENCH_SBI_H

#include <stdint.h>

struct sbiret {
	long error;
	long value;
};

#define SBI_SUCCESS               0
#define SBI_ERR_FAILED           (-1)
#define SBI_ERR_NOT_SUPPORTED    (-2)
#define SBI_ERR_INVALID_PARAM    (-3)
#define SBI_ERR_DENIED           (-4)
#define SBI_ERR_INVALID_ADDRESS  (-5)
#define SBI_ERR_ALREADY_AVAILABLE (-6)
#define SBI_ERR_ALREADY_STARTED  (-7)
#define SBI_ERR_ALREADY_STOPPED  (-8)

#define SBI_EXT_LEGACY_PUTCHAR  0x01
#define SBI_EXT_LEGACY_GETCHAR  0x02
#define SBI_EXT_BASE            0x10
#define SBI_EXT_HSM             0x48534D
#define SBI_EXT_TIME            0x54494D45
#define SBI_EXT_IPI             0x735049
#define SBI_EXT_SRST            0x53525354

#define SBI_SRST_SHUTDOWN       0
#define SBI_SRST_COLD_REBOOT    1
#define SBI_SRST_WARM_REBOOT    2
#define SBI_SRST_REASON_NONE    0
#define SBI_SRST_REASON_FAILURE 1

struct sbiret sbi_ecall(long eid, long fid, long a0, long a1, long a2,
                        long a3, long a4, long a5);

/* Nonzero (extension-specific, usually 1) if eid is implemented. */
long sbi_probe_extension(long eid);

/* BASE extension: fid SBI_BASE_SPEC_VERSION (major << 24 | minor),
 * SBI_BASE_IMPL_ID (1 is OpenSBI) or SBI_BASE_IMPL_VERSION (OpenSBI:
 * major << 16 | minor) into *out; 0, or -1 if the call failed. */
#define SBI_BASE_SPEC_VERSION 0
#define SBI_BASE_IMPL_ID      1
#define SBI_BASE_IMPL_VERSION 2
int sbi_base_info(long fid, unsigned long *out);

/* Legacy console (EID 0x01/0x02): polled through M-mode, slow but always
 * there on OpenSBI. getchar returns -1 when nothing is waiting. */
void sbi_console_putchar(int ch);
int sbi_console_getchar(void);

/* Returns only on failure: the SBI error (e.g. SBI_ERR_NOT_SUPPORTED for
 * shutdown on sifive_u, which has no finisher device). */
long sbi_system_reset(unsigned long type, unsigned long reason);

/* Start hartid in S-mode at addr with a0 = hartid, a1 = opaque. Do not
 * use it for the FU540's E51 (hart 0): it reports success, never arrives. */
long sbi_hart_start(unsigned long hartid, unsigned long addr,
                    unsigned long opaque);

/* Stop the calling hart (HSM): returns only on failure, with the error. */
long sbi_hart_stop(void);

/* Raise a supervisor software interrupt (SSIP) on the harts in
 * hart_mask << hart_mask_base. */
long sbi_send_ipi(unsigned long hart_mask, unsigned long hart_mask_base);

/* HSM state of hartid (0 started, 1 stopped, 2 start pending, ...) or
 * a negative SBI error. */
long sbi_hart_get_status(unsigned long hartid);

/* Program the next supervisor timer interrupt at `time` value stime_value
 * (and clear a pending one); UINT64_MAX means never. */
long sbi_set_timer(uint64_t stime_value);

#endif
