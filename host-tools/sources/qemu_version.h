/* The version of the QEMU that runs the image, for meta.json: results of
 * different QEMU versions are different machines. */
#ifndef RVBENCH_QEMU_VERSION_H
#define RVBENCH_QEMU_VERSION_H

#include <stddef.h>

/*
 * Runs `bin --version` (no shell) and puts the version it names ("7.2.22"
 * from "QEMU emulator version 7.2.22 (Debian ...)") into buf. 0, or -1
 * when it could not be run or said something else (buf then "unknown").
 */
int qemu_version(const char *bin, char *buf, size_t n);

#endif
