# Exercise 2 -- the lost update.
# Two processors each add 1 to a shared counter ITERATIONS times with a plain load, add,
# store (no atomic instruction, no lock). The second to finish prints the counter.
# Run with --cpus 2.

        .equ CONSOLE_PUTINT, 0xFFFF00000008
        .equ ITERATIONS, 50

        .data
        .align 64
counter: .word 0
        .align 64
done:    .word 0

        .text
_start: csrr r1, cpuid
        li   r2, 2
        bge  r1, r2, out            # cpus 2.. have nothing to do
        la   r1, counter
        li   r2, ITERATIONS
loop:   ld   r3, 0(r1)              # read ...
        addi r3, r3, 1              # ... add ...
        st   r3, 0(r1)              # ... write back: the other processor may have written in between
        addi r2, r2, -1
        bne  r2, zero, loop
        la   r4, done
        li   r5, 1
        fadd r6, r5, 0(r4)          # r6 := how many finished before me (atomic)
        beq  r6, zero, out          # the first to finish says nothing
        ld   r3, 0(r1)
        li   r9, CONSOLE_PUTINT
        st   r3, 0(r9)              # the second prints the counter
out:    halt
