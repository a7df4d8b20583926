/*
 * The one place that executes ecall. Calling convention (SBI spec ch. 3):
 * a7 = extension id, a6 = function id, a0..a5 arguments; the SBI returns
 * error in a0 and value in a1 and preserves every other register.
 * Legacy extensions (EID < 0x10) return a single value in a0 only.
 */
#include "sbi.h"

struct sbiret sbi_ecall(long eid, long fid, long arg0, long arg1, long arg2,
                        long arg3, long arg4, long arg5)
{
	register long a0 __asm__("a0") = arg0;
	register long a1 __asm__("a1") = arg1;
	register long a2 __asm__("a2") = arg2;
	register long a3 __asm__("a3") = arg3;
	register long a4 __asm__("a4") = arg4;
	register long a5 __asm__("a5") = arg5;
	register long a6 __asm__("a6") = fid;
	register long a7 __asm__("a7") = eid;
	/* "memory": the callee may read buffers we wrote (and HSM starts a
	 * hart that reads memory), so no store may be kept in a register. */
	__asm__ volatile("ecall"
	                 : "+r"(a0), "+r"(a1)
	                 : "r"(a2), "r"(a3), "r"(a4), "r"(a5), "r"(a6), "r"(a7)
	                 : "memory");
	return (struct sbiret){ .error = a0, .value = a1 };
}

long sbi_probe_extension(long eid)
{
	struct sbiret r = sbi_ecall(SBI_EXT_BASE, 3, eid, 0, 0, 0, 0, 0);
	return r.error ? 0 : r.value;
}

/* BASE functions 0, 1 and 2: spec version, implementation id and version.
 * SBI 0.1 had no BASE extension; its ecall fails, and the caller records
 * nothing rather than a guess. */
int sbi_base_info(long fid, unsigned long *out)
{
	struct sbiret r = sbi_ecall(SBI_EXT_BASE, fid, 0, 0, 0, 0, 0, 0);
	if (r.error)
		return -1;
	*out = (unsigned long)r.value;
	return 0;
}

void sbi_console_putchar(int ch)
{
	sbi_ecall(SBI_EXT_LEGACY_PUTCHAR, 0, ch, 0, 0, 0, 0, 0);
}

int sbi_console_getchar(void)
{
	/* Legacy calls put their result in a0, i.e. in .error. */
	long c = sbi_ecall(SBI_EXT_LEGACY_GETCHAR, 0, 0, 0, 0, 0, 0, 0).error;
	return c < 0 ? -1 : (int)(c & 0xff);
}

long sbi_system_reset(unsigned long type, unsigned long reason)
{
	return sbi_ecall(SBI_EXT_SRST, 0, (long)type, (long)reason,
	                 0, 0, 0, 0).error;
}

long sbi_hart_start(unsigned long hartid, unsigned long addr,
                    unsigned long opaque)
{
	return sbi_ecall(SBI_EXT_HSM, 0, (long)hartid, (long)addr,
	                 (long)opaque, 0, 0, 0).error;
}

long sbi_set_timer(uint64_t stime_value)
{
	/* TIME extension (SBI 0.2+); OpenSBI 1.1 has it on every platform. */
	return sbi_ecall(SBI_EXT_TIME, 0, (long)stime_value, 0, 0, 0, 0, 0).error;
}

long sbi_send_ipi(unsigned long hart_mask, unsigned long hart_mask_base)
{
	return sbi_ecall(SBI_EXT_IPI, 0, (long)hart_mask, (long)hart_mask_base, 0, 0, 0, 0).error;
}

long sbi_hart_stop(void)
{
	return sbi_ecall(SBI_EXT_HSM, 1, 0, 0, 0, 0, 0, 0).error;
}

long sbi_hart_get_status(unsigned long hartid)
{
	struct sbiret r = sbi_ecall(SBI_EXT_HSM, 2, (long)hartid, 0, 0, 0, 0, 0);
	return r.error ? r.error : r.value;
}

/*
 * The same three calls under the names of the public API
 * (include/rvbench_builtin.h), for the entry-cost and cross-hart
 * benchmarks: aliases, not wrappers, so what they measure is exactly the
 * code rvbench itself runs.
 */
struct sbiret bench_sbi_ecall(long eid, long fid, long arg0, long arg1, long arg2, long arg3,
			      long arg4, long arg5) __attribute__((alias("sbi_ecall")));
long bench_sbi_send_ipi(unsigned long hart_mask, unsigned long hart_mask_base)
	__attribute__((alias("sbi_send_ipi")));
long bench_sbi_set_timer(uint64_t stime_value) __attribute__((alias("sbi_set_timer")));
