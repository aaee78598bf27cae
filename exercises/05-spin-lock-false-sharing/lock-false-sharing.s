# Exercise 5 -- a cas spin lock with false sharing.
# The lock word and both processors' private counters sit in ONE cache block: every private
# increment takes the block away from the other processor, although no data is shared.
# Run with --cpus 2; compare with lock-padded.s.

        .equ MINE_SHIFT, 3          # mine[1] is 8 bytes after mine[0]

        .data
        .align 64
lock:    .word 0
mine:    .word 0, 0                 # mine[0], mine[1]: same block as the lock
        .align 64
counter: .word 0
        .align 64
done:    .word 0

        .include "lock-body.s"
