# Boot media for the HiFive Unleashed and the U-Boot chain (docs/hardware.md),
# built from Debian's own OpenSBI without root (scripts/images/). Included by
# the Makefile after its own targets, so `all` stays the default goal.
#
#   make fw_payload      build/fw_payload.bin: fw_jump padded to 2 MiB + rvbench.bin
#   make uboot-disk      build/uboot-disk.img: MBR, FAT with boot.scr + rvbench.bin
#   make sdcard          build/sdcard.img: GPT for the stock FSBL and for U-Boot
#   make images          all three
#   make run-uboot       boot build/uboot-disk.img through Debian's U-Boot on QEMU virt
#   make run-fw-payload  boot build/fw_payload.bin as QEMU sifive_u's -bios
#
# UBOOT_BOOTARGS="rvbench.samples=200 ..." replaces boot/boot.cmd's bootargs.

# The card carries no riscv,pmu node for the U54's event counters: OpenSBI
# reads it at boot from the stock FSBL's tree, before rvbench runs, and
# Debian's fw_jump embeds no tree. An OpenSBI built with the node
# (FW_FDT_PATH=, scripts/images/fu540-pmu.sh; docs/hardware.md, "Hardware
# events on the U54") goes on the card with OPENSBI_FW_JUMP=its fw_jump.bin.
OPENSBI_FW_JUMP ?= /usr/lib/riscv64-linux-gnu/opensbi/generic/fw_jump.bin
UBOOT_QEMU      ?= /usr/lib/u-boot/qemu-riscv64_smode/u-boot.bin
UBOOT_BOOTARGS  ?=
# Read by the recipes from the environment: any quote in it stays data.
export UBOOT_BOOTARGS

# A missing firmware file is named with the Debian package providing it.
need_file = @test -r $(1) || { echo "rvbench: $(1) not found: it comes with the Debian package $(2) (make deps-images, or apt-get install $(2))" >&2; exit 1; }

.PHONY: images fw_payload uboot-disk sdcard run-uboot run-fw-payload
images: fw_payload uboot-disk sdcard
fw_payload: $(BUILD)/fw_payload.bin
uboot-disk: $(BUILD)/uboot-disk.img
sdcard: $(BUILD)/sdcard.img

# Rewritten only when UBOOT_BOOTARGS changes, so boot.scr follows it.
$(BUILD)/boot.args: FORCE
	@mkdir -p $(dir $@)
	@printf '%s\n' "$$UBOOT_BOOTARGS" | cmp -s - $@ || printf '%s\n' "$$UBOOT_BOOTARGS" >$@

# "| deps-images": mkimage, mtools, sfdisk and sgdisk are installed like the rest.
# The firmware file is a prerequisite only when present: when missing, the
# script says which package it comes with instead of "no rule to make".
$(BUILD)/boot.scr: boot/boot.cmd $(BUILD)/boot.args scripts/images/boot-scr.sh | deps-images
	$(call quiet,MKIMAGE,$@)scripts/images/boot-scr.sh boot/boot.cmd "$$UBOOT_BOOTARGS" $@

$(BUILD)/fw_payload.bin: $(BUILD)/rvbench.bin $(wildcard $(OPENSBI_FW_JUMP)) scripts/images/fw-payload.sh | deps-images
	$(call quiet,PAYLOAD,$@)scripts/images/fw-payload.sh $(OPENSBI_FW_JUMP) $(BUILD)/rvbench.bin $@

$(BUILD)/uboot-disk.img: $(BUILD)/boot.scr $(BUILD)/rvbench.bin scripts/images/uboot-disk.sh scripts/images/lib.sh | deps-images
	$(call quiet,DISK,$@)scripts/images/uboot-disk.sh $@ $(BUILD)/boot.scr $(BUILD)/rvbench.bin

$(BUILD)/sdcard.img: $(BUILD)/fw_payload.bin $(BUILD)/boot.scr $(BUILD)/rvbench.bin scripts/images/sdcard.sh scripts/images/lib.sh | deps-images
	$(call quiet,SDCARD,$@)scripts/images/sdcard.sh $@ $(BUILD)/fw_payload.bin $(BUILD)/boot.scr $(BUILD)/rvbench.bin

# U-Boot's autoboot countdown busy-waits: under -icount it takes ~10 s of
# emulated instructions, so this chain runs on host time (noisy cycles).
run-uboot: deps-images
	$(Q)$(MAKE) --no-print-directory all uboot-disk
	$(call need_file,$(OPENSBI_FW_JUMP),opensbi)
	$(call need_file,$(UBOOT_QEMU),u-boot-qemu)
	$(Q)$(BUILD)/host/rvbench qemu --machine virt --memory 256M --icount off \
		--qemu-args "-bios $(OPENSBI_FW_JUMP) -drive file=$(BUILD)/uboot-disk.img,format=raw,if=virtio" \
		$(UBOOT_QEMU)

# The bytes the board's FSBL loads; no -kernel, so no bootargs: the run
# parks when done (SBI shutdown is unsupported on sifive_u) and rvbench
# stops QEMU after the trailer.
run-fw-payload: deps-images
	$(Q)$(MAKE) --no-print-directory all fw_payload
	$(Q)$(BUILD)/host/rvbench qemu --machine sifive_u --smp 5 --icount 0 \
		--qemu-args "-bios $(BUILD)/fw_payload.bin"

.PHONY: FORCE
FORCE:
