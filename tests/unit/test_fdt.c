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
/* And of its virt tree with one hart. */
#define NODES_VIRT 30

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

/* Pre-order of the tree by first/next_subnode, with each node's depth. */
static int preorder(const void *fdt, int node, int depth, int *offs, int *depths, int n, int cap)
{
	assert_true(n < cap);
	offs[n] = node;
	depths[n++] = depth;
	for (int c = fdt_first_subnode(fdt, node); c >= 0; c = fdt_next_subnode(fdt, c))
		n = preorder(fdt, c, depth + 1, offs, depths, n, cap);
	return n;
}

/* fdt_next_node visits the nodes in the order and at the depths of a
 * recursive walk, stops when it leaves the subtree it began in, goes to
 * the end with no depth, and refuses an offset that is not a node. */
static void check_next_node(const char *fixture, int nodes)
{
	struct blob b = load_fixture(fixture);
	const void *fdt = b.p;
	int offs[64], depths[64];
	int root = fdt_path_offset(fdt, "/");
	int n = preorder(fdt, root, 0, offs, depths, 0, 64);
	assert_int_equal(n, nodes);

	int depth = 0, k = 0, node;
	for (node = root; node >= 0; node = fdt_next_node(fdt, node, &depth), k++) {
		assert_true(k < n);
		assert_int_equal(node, offs[k]);
		assert_int_equal(depth, depths[k]);
	}
	assert_int_equal(node, FDT_ERR_NOTFOUND);
	assert_int_equal(k, n);

	/* Without a depth the walk goes on past the subtree, to the end. */
	int cpus = fdt_path_offset(fdt, "/cpus"), from = 0;
	while (offs[from] != cpus)
		from++;
	for (k = from, node = cpus; node >= 0; node = fdt_next_node(fdt, node, NULL), k++)
		assert_int_equal(node, offs[k]);
	assert_int_equal(k, n);

	/* With one, it ends where /cpus ends. */
	depth = 0;
	for (k = from, node = cpus; node >= 0; node = fdt_next_node(fdt, node, &depth), k++)
		assert_true(depths[k] > depths[from] || k == from);
	assert_true(k < n && depths[k] <= depths[from]);

	int prop = fdt_first_property(fdt, cpus);
	assert_true(prop >= 0);
	assert_int_equal(fdt_next_node(fdt, prop, &depth), FDT_ERR_BADOFFSET);
	assert_int_equal(fdt_next_node(NULL, root, &depth), FDT_ERR_BADMAGIC);
	free(b.p);
}

static void test_next_node(void **state)
{
	(void)state;
	check_next_node("sifive_u.dtb", NODES_SIFIVE_U);
	check_next_node("virt.dtb", NODES_VIRT);
}

TEST_MAIN(cmocka_unit_test(test_sifive_u),
	  cmocka_unit_test(test_virt),
	  cmocka_unit_test(test_next_node))
