# rvbench U-Boot script. `make uboot-disk` / `make sdcard` pack it with
# `mkimage -T script` as boot.scr beside rvbench.bin on a FAT partition;
# U-Boot's distro boot finds boot.scr there and runs it unattended, with
# devtype, devnum and distro_bootpart naming that partition.

# Firmware options (README "Options for the firmware"). Two seconds at the
# prompt give a person at the terminal time to press a key for the console;
# every benchmark keeps its own default sample count. The firmware's
# default rvbench.exit=auto powers QEMU virt off and parks the harts on a
# board, leaving the UART readable. `make uboot-disk UBOOT_BOOTARGS="..."`
# replaces this line.
setenv bootargs "rvbench.listen_ms=2000"

# booti (not bootelf or go, which pass argc/argv) reads the RISC-V Image
# header, moves the image to RAM base + 2 MiB (0x80200000, where it is
# linked) and enters it in S-mode with a0 = hart id, a1 = the device tree
# U-Boot runs on (fdtcontroladdr), bootargs written into its /chosen.
load ${devtype} ${devnum}:${distro_bootpart} ${kernel_addr_r} rvbench.bin
booti ${kernel_addr_r} - ${fdtcontroladdr}
