# racy-counter.s -- every processor adds to a shared counter WITHOUT a lock.
#
# Shows: a data race and lost updates. Each increment is a load, an add and a store;
# when another processor's store falls between them, one increment is lost. The total
# printed is at most ITERATIONS x processors and changes with the interleaving, i.e. with
# the seed. Same seed, same output: the simulator is deterministic. This is the kind of
# execution FDR records so that it can be replayed exactly.
#
#   ./fdr run examples/racy-counter.s --cpus 4 --memory ideal --seed 1
#   ./fdr run examples/racy-counter.s --cpus 4 --memory ideal --seed 2    # a different total
#
# The last processor to finish prints the total (see spin-lock.s for how it is found).

        .equ CONSOLE_PUTINT, 0xFFFF00000008
        .equ ITERATIONS, 1000

        .data
        .align 64
counter: .word 0
        .align 64
arrived: .word 0
finished: .word 0

        .text
_start: la   r10, arrived
        li   r11, 1
        fadd r0, r11, 0(r10)                 # register: arrived += 1

        la   r2, counter
        li   r3, ITERATIONS
loop:   ld   r6, 0(r2)                       # read ...
        addi r6, r6, 1                       # ... modify ...
        st   r6, 0(r2)                       # ... write: another store may have come between
        addi r3, r3, -1
        bne  r3, zero, loop

        la   r10, finished
        fadd r12, r11, 0(r10)
        addi r12, r12, 1
        la   r10, arrived
        ld   r13, 0(r10)
        bne  r12, r13, done
        ld   r6, 0(r2)
        li   r7, CONSOLE_PUTINT
        st   r6, 0(r7)
done:   halt
