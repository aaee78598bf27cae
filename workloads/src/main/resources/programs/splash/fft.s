# fft.s -- a parallel radix-2 FFT in the style of SPLASH-2's FFT kernel.
#
# Shows: a data-parallel kernel whose processors synchronise only with barriers. It
# computes the forward DFT X[f] = sum_t x[t] * exp(-2*pi*i*f*t/N) of N = 4096 complex
# points with the iterative Cooley-Tukey algorithm: a bit-reversal permutation, then
# LOGN = 12 butterfly stages. Each stage's N/2 butterflies are split into contiguous
# ranges by processor number; a barrier separates the stages, because a stage reads what
# the previous one wrote. Within a stage every butterfly reads and writes its own two
# points, so the program is race-free apart from its synchronisation and prints the same
# checksum for every number of processors (1..16) and every seed.
#
#   ./fdr run workloads/src/main/resources/programs/splash/fft.s --cpus 4
#
# Arithmetic is fixed-point integer, so the result is exact and reproducible: the inputs
# are 16-bit signed integers (real and imaginary parts from an LCG); twiddle factors are
# Q30 numbers (1.0 = 2^30). A product of a point and a twiddle is rounded to the nearest
# integer: (a*w + 2^29) >> 30 (arithmetic shift). Values grow to at most N * 2^15 * 2^0.5
# < 2^28, so products stay below 2^58 and nothing overflows a 64-bit word; the outputs are
# within a few tens of the exact transform. The twiddles w^k = exp(-2*pi*i*k/N) are built
# from a table of cos/sin(2*pi/2^m) by w^k = w^(k-h) * w^h, h the highest power of two in
# k, so each is the product of at most log N rounded factors.
#
# Phases: (setup) processor 0 fills the input and the twiddle table; barrier;
# (1) bit reversal, out of place x -> y, points split by processor; barrier;
# (2) LOGN butterfly stages in place on y, a barrier after each; then processor 0 prints
# a checksum of y: h = h * MCG + value over re, im of every point in order.
#
# Registration and barriers: see barrier.s (processor 0 counts the processors at start,
# assuming they all start together; registers r25..r29 belong to it).

        .equ CONSOLE_PUTINT, 0xFFFF00000008
        .equ LOGN, 12
        .equ N, 4096                         # must be 2^LOGN, LOGN <= 16 (see trig)
        .equ SEED, 12345                     # input generator
        .equ MCG, 6364136223846793005        # Knuth's MMIX LCG
        .equ INC, 1442695040888963407
        .equ ONE, 1073741824                 # 1.0 in Q30
        .equ ROUND, 536870912                # 0.5 in Q30

        .data
        .align 64
x:      .space N * 16                        # input: (re, im) word pairs
y:      .space N * 16                        # output, transformed in place
tw:     .space N / 2 * 16                    # twiddles w^k = (cos, -sin)(2*pi*k/N), Q30
trig:                                        # (cos, sin)(2*pi / 2^m) in Q30, m = 1..16
        .word -1073741824, 0
        .word 0, 1073741824
        .word 759250125, 759250125
        .word 992008094, 410903207
        .word 1053110176, 209476638
        .word 1068571464, 105245103
        .word 1072448455, 52686014
        .word 1073418433, 26350943
        .word 1073660973, 13176464
        .word 1073721611, 6588356
        .word 1073736771, 3294193
        .word 1073740561, 1647099
        .word 1073741508, 823550
        .word 1073741745, 411775
        .word 1073741804, 205887
        .word 1073741819, 102944

        .text
_start: jal  sync_register                   # r28 = P
        csrr r1, cpuid
        la   r20, y
        la   r21, tw
        li   r22, ROUND
        bne  r1, zero, setup_done

# --- setup (processor 0): input and twiddles ---------------------------------------
        la   r12, x
        li   r9, N
        li   r10, SEED
        li   r13, MCG
        li   r14, INC
input:  mul  r10, r10, r13
        add  r10, r10, r14
        sari r11, r10, 48                    # top 16 bits, signed
        st   r11, 0(r12)
        mul  r10, r10, r13
        add  r10, r10, r14
        sari r11, r10, 48
        st   r11, 8(r12)
        addi r12, r12, 16
        addi r9, r9, -1
        bne  r9, zero, input

        li   r11, ONE                        # w^0 = 1
        st   r11, 0(r21)
        st   r0, 8(r21)
        li   r6, 1                           # h: fill w^h .. w^(2h-1)
        li   r7, LOGN                        # w^h = exp(-2*pi*i / 2^r7)
        la   r15, trig
        li   r16, N / 2
tw_level:
        bge  r6, r16, setup_done
        addi r8, r7, -1
        shli r8, r8, 4
        add  r8, r8, r15
        ld   r11, 0(r8)                      # c = cos
        ld   r12, 8(r8)                      # s = sin; w^h = c - i*s
        mov  r9, r6                          # k = h
        add  r17, r6, r6
tw_k:   sub  r10, r9, r6
        shli r10, r10, 4
        add  r10, r10, r21
        ld   r13, 0(r10)                     # w^(k-h) = a + i*b
        ld   r14, 8(r10)
        mul  r18, r13, r11                   # re = a*c + b*s
        mul  r19, r14, r12
        add  r18, r18, r19
        add  r18, r18, r22
        sari r18, r18, 30
        mul  r19, r14, r11                   # im = b*c - a*s
        mul  r23, r13, r12
        sub  r19, r19, r23
        add  r19, r19, r22
        sari r19, r19, 30
        shli r10, r9, 4
        add  r10, r10, r21
        st   r18, 0(r10)
        st   r19, 8(r10)
        addi r9, r9, 1
        blt  r9, r17, tw_k
        add  r6, r6, r6
        addi r7, r7, -1
        j    tw_level
setup_done:
        jal  barrier                         # input and twiddles are ready

# --- phase 1: bit reversal, points [cpu*N/P, (cpu+1)*N/P) ------------------------------
        li   r4, N
        mul  r2, r1, r4
        div  r2, r2, r28                     # lo
        addi r3, r1, 1
        mul  r3, r3, r4
        div  r3, r3, r28                     # hi
        la   r15, x
        mov  r8, r2
        bge  r8, r3, rev_done
rev_point:
        mov  r9, r8
        li   r10, 0                          # r10 = r8 with its LOGN bits reversed
        li   r11, LOGN
rev_bit:
        shli r10, r10, 1
        andi r12, r9, 1
        or   r10, r10, r12
        shri r9, r9, 1
        addi r11, r11, -1
        bne  r11, zero, rev_bit
        shli r12, r8, 4
        add  r12, r12, r15
        shli r13, r10, 4
        add  r13, r13, r20
        ld   r14, 0(r12)                     # y[rev(i)] = x[i]
        st   r14, 0(r13)
        ld   r14, 8(r12)
        st   r14, 8(r13)
        addi r8, r8, 1
        blt  r8, r3, rev_point
rev_done:
        jal  barrier

# --- phase 2: butterfly stages, butterflies [cpu*(N/2)/P, (cpu+1)*(N/2)/P) ------------
        li   r4, N / 2
        mul  r2, r1, r4
        div  r2, r2, r28                     # lo
        addi r3, r1, 1
        mul  r3, r3, r4
        div  r3, r3, r28                     # hi
        li   r5, 1                           # stage s = 1..LOGN
        li   r6, 1                           # half = 2^(s-1): distance of the two points
        li   r7, LOGN - 1                    # twiddle index = k << (LOGN - s)
stage:  addi r23, r6, -1
        mov  r8, r2                          # butterfly b
        bge  r8, r3, stage_done
butterfly:
        and  r9, r8, r23                     # k = b mod half: position in its group
        shl  r10, r9, r7
        shli r10, r10, 4
        add  r10, r10, r21
        ld   r11, 0(r10)                     # w = wr + i*wi
        ld   r12, 8(r10)
        add  r13, r8, r8
        sub  r13, r13, r9                    # i = 2b - k = group * 2*half + k
        shli r13, r13, 4
        add  r13, r13, r20                   # &y[i]
        shli r14, r6, 4
        add  r14, r14, r13                   # &y[i + half]
        ld   r15, 0(r14)                     # t = w * y[i + half]
        ld   r16, 8(r14)
        mul  r17, r15, r11
        mul  r18, r16, r12
        sub  r17, r17, r18
        add  r17, r17, r22
        sari r17, r17, 30                    # tr
        mul  r18, r15, r12
        mul  r19, r16, r11
        add  r18, r18, r19
        add  r18, r18, r22
        sari r18, r18, 30                    # ti
        ld   r15, 0(r13)                     # u = y[i]
        ld   r16, 8(r13)
        add  r19, r15, r17                   # y[i] = u + t
        st   r19, 0(r13)
        add  r19, r16, r18
        st   r19, 8(r13)
        sub  r19, r15, r17                   # y[i + half] = u - t
        st   r19, 0(r14)
        sub  r19, r16, r18
        st   r19, 8(r14)
        addi r8, r8, 1
        blt  r8, r3, butterfly
stage_done:
        jal  barrier                         # the next stage reads other processors' points
        addi r5, r5, 1
        add  r6, r6, r6
        addi r7, r7, -1
        li   r24, LOGN
        bge  r24, r5, stage

# --- checksum (processor 0) ---------------------------------------------------------
        bne  r1, zero, finish
        li   r9, N * 2
        mov  r12, r20
        li   r10, 0
        li   r13, MCG
sum:    ld   r11, 0(r12)
        mul  r10, r10, r13
        add  r10, r10, r11
        addi r12, r12, 8
        addi r9, r9, -1
        bne  r9, zero, sum
        li   r11, CONSOLE_PUTINT
        st   r10, 0(r11)
finish: halt

        .include "barrier.s"
