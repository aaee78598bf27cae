# stencil.s -- a 2D Jacobi stencil in the style of SPLASH-2's OCEAN relaxation sweeps.
#
# Shows: nearest-neighbour sharing and a barrier per iteration. A 64 x 64 grid of
# integers relaxes for ITERS = 32 Jacobi iterations: every interior point becomes the
# rounded average of its four neighbours, new = (north + south + west + east + 2) >> 2,
# computed from the previous grid into the other one (two grids, swapped each
# iteration); the boundary stays fixed. The interior rows are split into contiguous bands,
# rows [1 + cpu*(N-2)/P, 1 + (cpu+1)*(N-2)/P), so each processor reads the edge rows of
# its neighbours' bands: the sense-reversing barrier of barrier.s between iterations makes
# sure they were written (and that nobody overwrites a row a slower neighbour still
# reads). Each processor also adds up how much its points changed, sum |new - old|, and
# adds that to a shared total with one fadd per iteration: a reduction whose result does
# not depend on the order of the additions. The program is race-free apart from its
# synchronisation and prints the same checksum for every P (1..16) and every seed.
#
#   ./fdr run workloads/src/main/resources/programs/splash/stencil.s --cpus 4
#
# Processor 0 fills the grid from an LCG (20-bit values, boundary included) and copies it
# to the second grid so both have the boundary. At the end it prints a checksum of the
# final grid, h = h * MCG + value in row-major order, with the total change folded in last.
#
# Registration and barriers: see barrier.s (processor 0 counts the processors at start,
# assuming they all start together; registers r25..r29 belong to it).

        .equ CONSOLE_PUTINT, 0xFFFF00000008
        .equ N, 64                           # grid is N x N
        .equ ITERS, 32
        .equ ROW, N * 8                      # bytes per grid row
        .equ SEED, 2024
        .equ MCG, 6364136223846793005
        .equ INC, 1442695040888963407

        .data
        .align 64
grid0:  .space N * N * 8
grid1:  .space N * N * 8
        .align 64
change: .word 0                              # sum of |new - old| over all points and iterations

        .text
# Registers: r1 = cpuid, r2/r3 = my rows [lo, hi), r4 = source grid, r5 = destination
# grid, r6 = iterations left, r16 = ROW, r7..r15 and r17..r24 = temporaries.
_start: jal  sync_register                   # r28 = P
        csrr r1, cpuid
        li   r16, ROW
        la   r4, grid0
        la   r5, grid1
        bne  r1, zero, setup_done
        mov  r7, r4                          # processor 0 fills both grids
        mov  r8, r5
        li   r9, N * N
        li   r10, SEED
        li   r11, MCG
        li   r12, INC
fill:   mul  r10, r10, r11
        add  r10, r10, r12
        shri r13, r10, 44                    # top 20 bits
        st   r13, 0(r7)
        st   r13, 0(r8)
        addi r7, r7, 8
        addi r8, r8, 8
        addi r9, r9, -1
        bne  r9, zero, fill
setup_done:
        jal  barrier

        li   r7, N - 2                       # interior rows, split in bands
        mul  r2, r1, r7
        div  r2, r2, r28
        addi r2, r2, 1                       # lo
        addi r3, r1, 1
        mul  r3, r3, r7
        div  r3, r3, r28
        addi r3, r3, 1                       # hi
        li   r6, ITERS

iteration:
        li   r24, 0                          # my change in this iteration
        mov  r7, r2                          # row i
        bge  r7, r3, rows_done
row:    mul  r8, r7, r16
        addi r8, r8, 8                       # offset of (i, 1)
        add  r9, r8, r4                      # r9 = &src[i][j]
        add  r10, r8, r5                     # r10 = &dst[i][j]
        li   r11, N - 2                      # columns left
point:  sub  r12, r9, r16
        ld   r12, 0(r12)                     # north
        add  r13, r9, r16
        ld   r13, 0(r13)                     # south
        add  r12, r12, r13
        ld   r13, -8(r9)                     # west
        add  r12, r12, r13
        ld   r13, 8(r9)                      # east
        add  r12, r12, r13
        addi r12, r12, 2
        shri r12, r12, 2                     # rounded average
        st   r12, 0(r10)
        ld   r13, 0(r9)                      # old value
        sub  r13, r12, r13
        bge  r13, zero, point_abs
        sub  r13, zero, r13
point_abs:
        add  r24, r24, r13
        addi r9, r9, 8
        addi r10, r10, 8
        addi r11, r11, -1
        bne  r11, zero, point
        addi r7, r7, 1
        blt  r7, r3, row
rows_done:
        la   r7, change
        fadd r0, r24, 0(r7)                  # reduction: one atomic add per processor
        jal  barrier                         # my neighbours' edge rows are written
        mov  r7, r4                          # swap the grids
        mov  r4, r5
        mov  r5, r7
        addi r6, r6, -1
        bne  r6, zero, iteration

        bne  r1, zero, finish                # processor 0: checksum of the latest grid (r4)
        mov  r7, r4
        li   r8, N * N
        li   r9, 0
        li   r10, MCG
sum:    ld   r11, 0(r7)
        mul  r9, r9, r10
        add  r9, r9, r11
        addi r7, r7, 8
        addi r8, r8, -1
        bne  r8, zero, sum
        la   r7, change
        ld   r11, 0(r7)
        mul  r9, r9, r10
        add  r9, r9, r11
        li   r11, CONSOLE_PUTINT
        st   r9, 0(r11)
finish: halt

        .include "barrier.s"
