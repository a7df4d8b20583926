/* rvbench: collect rvbench results from QEMU, a serial port or a log. */
#include "cli.h"

int main(int argc, char **argv)
{
	return cli_main(argc, argv);
}
