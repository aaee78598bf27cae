# spin-lock.s -- every processor adds to a shared counter under a test-and-set lock.
#
# Shows: an atomic swap as a lock, a critical section, and a race-free result:
# the program prints ITERATIONS x (number of processors) whatever the interleaving.
# Compare with racy-counter.s, which does the same work without the lock.
#
#   ./fdr run examples/spin-lock.s --cpus 4            # prints 4000
#
# How the last processor is found: each processor registers (fadd on 'arrived') as its
# first memory access and counts itself finished (fadd on 'finished') at the end; the one
# whose finish makes finished == arrived prints. All processors start together, so all
# have registered long before the first one finishes.

        .equ CONSOLE_PUTINT, 0xFFFF00000008
        .equ ITERATIONS, 1000

        .data
        .align 64
lock:    .word 0
        .align 64
counter: .word 0
        .align 64
arrived: .word 0
finished: .word 0

        .text
_start: la   r10, arrived
        li   r11, 1
        fadd r0, r11, 0(r10)                 # register: arrived += 1

        la   r1, lock
        la   r2, counter
        li   r3, ITERATIONS
        li   r4, 1                           # the value that means "taken"

loop:
acquire:
        swap r5, r4, 0(r1)                   # r5 = old lock; lock = 1
        bne  r5, zero, acquire               # somebody else holds it: try again
        ld   r6, 0(r2)                       # critical section
        addi r6, r6, 1
        st   r6, 0(r2)
        st   r0, 0(r1)                       # release
        addi r3, r3, -1
        bne  r3, zero, loop

        la   r10, finished
        fadd r12, r11, 0(r10)                # r12 = finished before me
        addi r12, r12, 1
        la   r10, arrived
        ld   r13, 0(r10)
        bne  r12, r13, done                  # not the last one
        ld   r6, 0(r2)
        li   r7, CONSOLE_PUTINT
        st   r6, 0(r7)
done:   halt
