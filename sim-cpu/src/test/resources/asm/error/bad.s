nop
add r1, r2, 5
