/* The run context's values for people (context_fmt.h). */
#include "context_fmt.h"

#include <stdio.h>

const char *ctx_sbi_impl_name(uint64_t id)
{
	/* SBI spec, "Base Extension": SBI Implementation IDs. */
	static const char *const names[] = { "BBL", "OpenSBI", "Xvisor", "KVM",
					     "RustSBI", "Diosix", "Coffer" };
	return id < sizeof(names) / sizeof(names[0]) ? names[id] : NULL;
}

const char *ctx_fmt_sbi_spec(char *buf, size_t n, uint64_t v)
{
	snprintf(buf, n, "%llu.%llu", (unsigned long long)((v >> 24) & 0x7f),
		 (unsigned long long)(v & 0xffffff));
	return buf;
}

const char *ctx_fmt_hex(char *buf, size_t n, uint64_t v)
{
	snprintf(buf, n, "0x%llx", (unsigned long long)v);
	return buf;
}

const char *ctx_fmt_impl_version(char *buf, size_t n, uint64_t impl, uint64_t v)
{
	if (impl != 1)
		return ctx_fmt_hex(buf, n, v);
	snprintf(buf, n, "%llu.%llu", (unsigned long long)(v >> 16),
		 (unsigned long long)(v & 0xffff));
	return buf;
}

const char *ctx_fmt_mhz(char *buf, size_t n, uint64_t hz)
{
	uint64_t khz = (hz + 500) / 1000;
	snprintf(buf, n, "%llu.%03llu MHz", (unsigned long long)(khz / 1000),
		 (unsigned long long)(khz % 1000));
	return buf;
}
