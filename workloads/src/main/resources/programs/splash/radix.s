# radix.s -- a parallel radix sort in the style of SPLASH-2's RADIX kernel.
#
# Shows: all-to-all communication through shared memory. It sorts NKEYS = 16384 unsigned
# 32-bit keys (from an LCG) with 4 passes over 8-bit digits, least significant first.
# Each processor owns a contiguous chunk of the keys, [cpu*NKEYS/P, (cpu+1)*NKEYS/P).
# One pass:
#   1. each processor counts the digits of its chunk into its own histogram; barrier
#   2. each processor computes where its keys go: the rank of its first key with digit d
#      is the number of keys with a smaller digit (all processors) plus the number with
#      digit d in lower-numbered processors' chunks (a prefix sum over digit, then
#      processor, read from all histograms into the processor's own offsets)
#   3. each processor moves its keys, in order, to their ranks in the other array; barrier
# The sort is stable, so after 4 passes the keys are sorted. Every shared word is written
# by one processor between two barriers and read by others only across a barrier:
# histograms are cleared in step 1 of the next pass, after the barrier that follows every
# processor's reading of them in step 2. The program is race-free apart from its
# synchronisation, and the sorted array, hence the checksum, is the same for every P
# (1..16) and every seed.
#
#   ./fdr run workloads/src/main/resources/programs/splash/radix.s --cpus 4
#
# At the end processor 0 checks that the keys are in order (an assert: trigger
# RADIX_UNSORTED) and prints a checksum of the sorted array: h = h * MCG + key in order.
# More than MAXCPUS processors stops the machine with trigger RADIX_TOO_MANY (the
# histograms are statically sized).
#
# Registration and barriers: see barrier.s (processor 0 counts the processors at start,
# assuming they all start together; registers r25..r29 belong to it).

        .equ CONSOLE_PUTINT, 0xFFFF00000008
        .equ NKEYS, 16384
        .equ RADIX, 256                      # 8-bit digits
        .equ PASSES, 4                       # 32-bit keys; even, so the result ends in keys
        .equ MAXCPUS, 16
        .equ SEED, 777
        .equ MCG, 6364136223846793005
        .equ INC, 1442695040888963407
        .equ RADIX_UNSORTED, 0x5A1
        .equ RADIX_TOO_MANY, 0x5A2

        .data
        .align 64
keys:   .space NKEYS * 8
other:  .space NKEYS * 8                     # odd passes write here, even passes back
hist:   .space MAXCPUS * RADIX * 8           # hist[cpu][digit]: 2 KB per processor
offs:   .space MAXCPUS * RADIX * 8           # offs[cpu][digit]: next rank for that digit

        .text
# Registers: r1 = cpuid, r2/r3 = my chunk [lo, hi), r4 = &hist[cpu], r5 = &offs[cpu],
# r6 = source array, r7 = destination array, r8 = digit shift, r9 = pass count.
_start: jal  sync_register                   # r28 = P
        li   r2, MAXCPUS + 1
        slt  r2, r28, r2
        assert r2, RADIX_TOO_MANY
        csrr r1, cpuid
        bne  r1, zero, setup_done
        la   r2, keys                        # processor 0 generates the keys
        li   r3, NKEYS
        li   r4, SEED
        li   r5, MCG
        li   r6, INC
gen:    mul  r4, r4, r5
        add  r4, r4, r6
        shri r7, r4, 32                      # the high half of the state
        st   r7, 0(r2)
        addi r2, r2, 8
        addi r3, r3, -1
        bne  r3, zero, gen
setup_done:
        jal  barrier

        li   r4, NKEYS
        mul  r2, r1, r4
        div  r2, r2, r28                     # lo
        addi r3, r1, 1
        mul  r3, r3, r4
        div  r3, r3, r28                     # hi
        shli r4, r1, 11                      # cpu * RADIX * 8
        la   r5, offs
        add  r5, r5, r4
        la   r10, hist
        add  r4, r4, r10
        la   r6, keys
        la   r7, other
        li   r8, 0
        li   r9, PASSES

pass:   mov  r10, r4                         # 1. clear my histogram ...
        li   r11, RADIX
clear:  st   r0, 0(r10)
        addi r10, r10, 8
        addi r11, r11, -1
        bne  r11, zero, clear
        shli r10, r2, 3                      # ... and count my chunk's digits
        add  r10, r10, r6
        sub  r11, r3, r2
        beq  r11, zero, count_done
count:  ld   r12, 0(r10)
        shr  r12, r12, r8
        andi r12, r12, RADIX - 1
        shli r12, r12, 3
        add  r12, r12, r4
        ld   r13, 0(r12)
        addi r13, r13, 1
        st   r13, 0(r12)
        addi r10, r10, 8
        addi r11, r11, -1
        bne  r11, zero, count
count_done:
        jal  barrier                         # every histogram is complete

        li   r10, 0                          # 2. r10 = keys ranked before (digit d, cpu q)
        li   r11, 0                          # digit d
        la   r12, hist                       # r12 = &hist[0][d]
        mov  r13, r5                         # r13 = &offs[cpu][d]
rank_digit:
        li   r14, 0                          # processor q
        mov  r15, r12                        # r15 = &hist[q][d]
rank_cpu:
        bne  r14, r1, rank_add
        st   r10, 0(r13)                     # my first key with digit d goes here
rank_add:
        ld   r16, 0(r15)
        add  r10, r10, r16
        addi r15, r15, RADIX * 8
        addi r14, r14, 1
        blt  r14, r28, rank_cpu
        addi r12, r12, 8
        addi r13, r13, 8
        addi r11, r11, 1
        li   r14, RADIX
        blt  r11, r14, rank_digit

        shli r10, r2, 3                      # 3. move my keys, in order, to their ranks
        add  r10, r10, r6
        sub  r11, r3, r2
        beq  r11, zero, move_done
move:   ld   r12, 0(r10)
        shr  r13, r12, r8
        andi r13, r13, RADIX - 1
        shli r13, r13, 3
        add  r13, r13, r5
        ld   r14, 0(r13)                     # rank = offs[cpu][digit]++
        addi r15, r14, 1
        st   r15, 0(r13)
        shli r14, r14, 3
        add  r14, r14, r7
        st   r12, 0(r14)
        addi r10, r10, 8
        addi r11, r11, -1
        bne  r11, zero, move
move_done:
        jal  barrier                         # the destination is complete
        mov  r10, r6                         # swap source and destination
        mov  r6, r7
        mov  r7, r10
        addi r8, r8, 8
        addi r9, r9, -1
        bne  r9, zero, pass

        bne  r1, zero, finish                # processor 0: check and checksum
        mov  r10, r6                         # the last destination (keys: PASSES is even)
        li   r11, NKEYS
        li   r12, 0                          # previous key
        li   r13, 0                          # checksum
        li   r14, MCG
check:  ld   r15, 0(r10)
        sltu r16, r15, r12
        xori r16, r16, 1                     # 1 if previous <= key
        assert r16, RADIX_UNSORTED
        mul  r13, r13, r14
        add  r13, r13, r15
        mov  r12, r15
        addi r10, r10, 8
        addi r11, r11, -1
        bne  r11, zero, check
        li   r15, CONSOLE_PUTINT
        st   r13, 0(r15)
finish: halt

        .include "barrier.s"
