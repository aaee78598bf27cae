# The code both lock programs share (included after their data layout and MINE_SHIFT).
# Each of two processors ITERATIONS times: take the lock with cas, add 1 to the shared
# counter, release the lock, then add 1 to its own private counter (mine[cpu], no lock
# needed: nobody else uses that word). The second to finish prints the shared counter.

        .equ CONSOLE_PUTINT, 0xFFFF00000008
        .equ ITERATIONS, 30

        .text
_start: csrr r10, cpuid
        li   r1, 2
        bge  r10, r1, out
        la   r11, lock
        la   r12, counter
        la   r13, mine
        shli r1, r10, MINE_SHIFT
        add  r13, r13, r1           # &mine[cpu] = mine + (cpu << MINE_SHIFT)
        li   r14, ITERATIONS
        li   r15, 1

acquire: cas r1, r0, r15, 0(r11)    # if lock == 0 then lock := 1; r1 := old value
        bne  r1, zero, acquire      # somebody holds it: try again
        ld   r2, 0(r12)             # critical section
        addi r2, r2, 1
        st   r2, 0(r12)
        st   r0, 0(r11)             # release
        ld   r3, 0(r13)             # private work: mine[cpu] += 1
        addi r3, r3, 1
        st   r3, 0(r13)
        addi r14, r14, -1
        bne  r14, zero, acquire

        la   r4, done
        fadd r6, r15, 0(r4)
        beq  r6, zero, out
        ld   r2, 0(r12)
        li   r9, CONSOLE_PUTINT
        st   r2, 0(r9)
out:    halt
