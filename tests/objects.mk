# One cmocka binary per tests/unit/test_*.c.
UNIT_TEST_SRCS := $(wildcard tests/unit/test_*.c)
