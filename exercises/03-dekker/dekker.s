# Exercise 3 -- Dekker's algorithm under sequential consistency.
# Two processors enter a critical section ITERATIONS times each; inside it they increment a
# shared counter with a plain load, add, store (the racy update of exercise 2). Dekker's
# protocol uses only loads and stores: want[me] := 1, then look at want[other]; on a conflict
# the processor whose turn it is not backs off. The second to finish prints the counter.
# Run with --cpus 2.

        .equ CONSOLE_PUTINT, 0xFFFF00000008
        .equ ITERATIONS, 20

        .data
        .align 64
want:   .word 0                     # want[0]
        .align 64
        .word 0                     # want[1] (one block each)
        .align 64
turn:   .word 0
        .align 64
counter: .word 0
        .align 64
done:   .word 0

        .text
_start: csrr r10, cpuid             # me
        li   r1, 2
        bge  r10, r1, out
        li   r1, 1
        sub  r11, r1, r10           # other = 1 - me
        la   r12, want
        shli r1, r10, 6
        add  r13, r12, r1           # &want[me]
        shli r1, r11, 6
        add  r14, r12, r1           # &want[other]
        la   r15, turn
        la   r16, counter
        li   r17, ITERATIONS
        li   r18, 1

enter:  st   r18, 0(r13)            # want[me] := 1
check:  ld   r1, 0(r14)             # want[other]?
        beq  r1, zero, critical
        ld   r2, 0(r15)             # conflict: whose turn?
        beq  r2, r10, check         # mine: keep insisting
        st   r0, 0(r13)             # not mine: want[me] := 0 ...
backoff: ld   r2, 0(r15)
        bne  r2, r10, backoff       # ... until it is my turn
        j    enter

critical:
        ld   r3, 0(r16)             # the critical section: a racy increment
        addi r3, r3, 1
        st   r3, 0(r16)
        st   r11, 0(r15)            # turn := other
        st   r0, 0(r13)             # want[me] := 0
        addi r17, r17, -1
        bne  r17, zero, enter

        la   r4, done
        fadd r6, r18, 0(r4)
        beq  r6, zero, out          # the first to finish says nothing
        ld   r3, 0(r16)
        li   r9, CONSOLE_PUTINT
        st   r3, 0(r9)
out:    halt
