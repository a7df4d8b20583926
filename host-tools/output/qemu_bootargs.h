/*
 * The kernel command line words rvbench puts before the user's bootargs
 * when it boots the image on QEMU: `rvbench qemu` (sources/source_qemu.c)
 * and a LAVA job for a qemu device (lava/lava_job.c) alike, so that a job
 * and a direct run of the same bootargs run the same benchmarks. Here,
 * below both layers, so that they cannot drift apart.
 */
#ifndef RVBENCH_QEMU_BOOTARGS_H
#define RVBENCH_QEMU_BOOTARGS_H

/* Reboot when done, so QEMU exits (-no-reboot); nobody types at the
 * prompt. With --exec or --console, rvbench.console=1 replaces listen_ms. */
#define QEMU_WORDS "rvbench.exit=reboot rvbench.listen_ms=0"
#define QEMU_WORDS_CONSOLE "rvbench.exit=reboot rvbench.console=1"
/* Under -icount a load costs one instruction wherever its data lives: a
 * memory-latency sweep measures the same at every size, so a few sizes
 * say it (docs/methodology.md). Later words (the user's) win. */
#define QEMU_WORDS_ICOUNT " mem_latency_rand.size_kib=4,64,4096 mem_latency_seq.size_kib=4,64,4096"

#endif
