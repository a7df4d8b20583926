# One cmocka binary per tests/unit/test_*.c.
UNIT_TEST_SRCS := $(wildcard tests/unit/test_*.c)
# Test-only code (the synthetic stream generator and the reference sample
# distributions): linked into the unit tests and the bench tools, not the CLI.
TEST_SUPPORT_SRCS := $(wildcard tests/support/*.c)
HOST_LIB_SRCS += $(TEST_SUPPORT_SRCS)
