# Entry point, trap vector and trap reporting: firmware only.
FW_SRCS += boot/entry.S boot/trap_vector.S boot/empty_body.S boot/trap.c
