# Exercise 5 -- the same cas spin lock without false sharing.
# Identical code; the lock and each private counter have a cache block of their own.
# Run with --cpus 2; compare with lock-false-sharing.s.

        .equ MINE_SHIFT, 6          # mine[1] is 64 bytes after mine[0]

        .data
        .align 64
lock:    .word 0
        .align 64
mine:    .word 0                    # mine[0]
        .space 56                   # ... padding to the next block
        .word 0                     # mine[1], 64 bytes further
        .align 64
counter: .word 0
        .align 64
done:    .word 0

        .include "lock-body.s"
