# The rvbench host CLI, one folder per layer. Each folder's objects.mk lists
# its sources and the -I flags it is compiled with: only its own folder and
# those of the layers below it, so an include from a layer above (or from a
# sibling) fails the build. The layers point one way:
#
#   cli -> sources, plot, export, report -> analysis -> output -> collect -> src/common
#   cli -> lava -> output
#
# Everything but cli/main.c is also linked into the unit tests (built with
# ASan and UBSan), which see every folder.
HOST_LAYERS := collect output analysis fleet report sources plot export lava cli
include $(foreach l,$(HOST_LAYERS),host-tools/$(l)/objects.mk)

HOST_INC_ALL := $(foreach l,$(HOST_LAYERS),-Ihost-tools/$(l))
HOST_SRCS := $(wildcard host-tools/*/*.c) $(wildcard src/common/*.c)
