/*
 * The FDT reader (platform/fdt.c) on real device trees, QEMU's sifive_u
 * and virt (fdt_fixture.h), run under ASan and UBSan so that any read
 * outside the blob is a failure, not luck: every node and property read,
 * and the lookups the firmware makes give QEMU's values.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fdt.h"
#include "fdt_fixture.h"
#include "test_main.h"

/* ---- real device trees --------------------------------------------------- */

/* Node count of QEMU 7.2's sifive_u tree with -smp 5 (`dtc -O dts | grep -c {`). */
#define NODES_SIFIVE_U 36

static void test_sifive_u(void **state)
{
	(void)state;
	struct blob b = load_fixture("sifive_u.dtb");
	const void *fdt = b.p;

	int chosen = fdt_path_offset(fdt, "/chosen");
	assert_true(chosen >= 0);
	const char *out = fdt_prop_string(fdt, chosen, "stdout-path");
	assert_non_null(out);
	assert_string_equal(out, "/soc/serial@10010000");

	int uart = fdt_path_offset(fdt, out);
	assert_true(uart >= 0);
	assert_true(fdt_node_is_compatible(fdt, uart, "sifive,uart0"));
	assert_false(fdt_node_is_compatible(fdt, uart, "ns16550a"));
	assert_int_equal(fdt_path_offset(fdt, "serial0"), uart);
	assert_int_equal(fdt_path_offset(fdt, "serial0:115200n8"), uart);
	uint64_t base = 0, size = 0;
	assert_int_equal(fdt_get_reg(fdt, uart, 0, &base, &size), 0);
	assert_int_equal(base, 0x10010000);
	assert_int_equal(size, 0x1000);
	assert_int_equal(fdt_get_reg(fdt, uart, 1, &base, &size), FDT_ERR_NOTFOUND);
	int len;
	assert_string_equal(fdt_get_name(fdt, uart, &len), "serial@10010000");
	assert_int_equal(len, 15);
	assert_int_equal(fdt_get_name(fdt, fdt_parent_offset(fdt, uart), NULL)[0], 's');

	uint64_t tb = 0;
	int cpus = fdt_path_offset(fdt, "/cpus");
	assert_true(cpus >= 0);
	assert_int_equal(fdt_prop_u64(fdt, cpus, "timebase-frequency", &tb), 0);
	assert_int_equal(tb, 1000000);

	int mem = fdt_path_offset(fdt, "/memory");
	assert_true(mem >= 0);
	assert_string_equal(fdt_prop_string(fdt, mem, "device_type"), "memory");
	assert_int_equal(fdt_get_reg(fdt, mem, 0, &base, &size), 0);
	assert_int_equal(base, 0x80000000);
	assert_int_equal(size, 0x8000000);

	int harts = 0;
	for (int cpu = fdt_first_subnode(fdt, cpus); cpu >= 0;
	     cpu = fdt_next_subnode(fdt, cpu)) {
		const char *dt = fdt_prop_string(fdt, cpu, "device_type");
		if (!dt || strcmp(dt, "cpu") != 0)
			continue;
		uint32_t id;
		assert_int_equal(fdt_prop_u32(fdt, cpu, "reg", &id), 0);
		assert_int_equal(id, (uint32_t)harts);
		const char *mmu = fdt_prop_string(fdt, cpu, "mmu-type");
		if (id == 0)
			assert_null(mmu);   /* the E51 monitor core */
		else
			assert_non_null(mmu);
		harts++;
	}
	assert_int_equal(harts, 5);
	assert_int_equal(fdt_address_cells(fdt, cpus), 1);
	assert_int_equal(fdt_size_cells(fdt, cpus), 0);

	assert_int_equal(fdt_path_offset(fdt, "/nonexistent"), FDT_ERR_NOTFOUND);
	assert_int_equal(fdt_path_offset(fdt, "nosuchalias"), FDT_ERR_NOTFOUND);
	assert_null(fdt_getprop(fdt, uart, "nosuchprop", &len));
	assert_int_equal(len, FDT_ERR_NOTFOUND);
	assert_int_equal(walk(fdt, fdt_path_offset(fdt, "/"), 0, 1), NODES_SIFIVE_U);
	free(b.p);
}

static void test_virt(void **state)
{
	(void)state;
	struct blob b = load_fixture("virt.dtb");
	const void *fdt = b.p;
	int chosen = fdt_path_offset(fdt, "/chosen");
	const char *out = fdt_prop_string(fdt, chosen, "stdout-path");
	assert_non_null(out);
	int uart = fdt_path_offset(fdt, out);
	assert_true(uart >= 0);
	assert_true(fdt_node_is_compatible(fdt, uart, "ns16550a"));
	uint64_t base = 0, tb = 0;
	assert_int_equal(fdt_get_reg(fdt, uart, 0, &base, NULL), 0);
	assert_int_equal(base, 0x10000000);
	assert_int_equal(fdt_prop_u64(fdt, fdt_path_offset(fdt, "/cpus"),
	                              "timebase-frequency", &tb), 0);
	assert_int_equal(tb, 10000000);
	free(b.p);
}

TEST_MAIN(cmocka_unit_test(test_sifive_u),
	  cmocka_unit_test(test_virt))
