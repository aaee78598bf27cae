# lu.s -- blocked LU decomposition in the style of SPLASH-2's LU kernel.
#
# Shows: a kernel with a dependence structure more irregular than a loop split, still
# synchronised only with barriers. It factors an n x n matrix A = L * U (L unit lower
# triangular, U upper triangular, stored in place over A, no pivoting, as in SPLASH-2)
# with n = 64 in 8 x 8 blocks. The arithmetic is modulo the prime 2^31 - 1, so it is
# exact (division is multiplication by an inverse, a^(p-2) mod p) and the result is the
# unique LU factorisation over that field, whatever the order of the updates. Entries
# stay below 2^31, so a product fits in a 64-bit word before the reduction.
#
#   ./fdr run workloads/src/main/resources/programs/splash/lu.s --cpus 4
#
# For each diagonal block K = 0 .. NB-1 (NB = n / 8 blocks a side):
#   1. the owner of block (K,K) factors it in place and stores the inverses of its pivots
#      in pivinv; barrier
#   2. the owners of the blocks right of it, (K,J), solve L(K,K) * X = A(K,J), and the
#      owners of the blocks below it, (I,K), solve X * U(K,K) = A(I,K); barrier
#   3. the owners of the trailing blocks (I,J), I,J > K, subtract A(I,K) * A(K,J).
# Block (I,J) is owned by processor (I + J) mod P, a diagonal wrap: the owner is a
# function of the block and P only, so the partition, and with it every value, is the
# same for every interleaving. There is no barrier between step 3 and the next step 1:
# block (K+1,K+1) was last updated by its own owner, and step 3 reads only row and column
# K, which step 1 and 2 of K+1 do not write; the barrier after the next step 1 orders
# everything else. Every block is written by one processor between two barriers and read
# by others only across a barrier, so the program is race-free apart from its
# synchronisation and prints the same checksum for every P (1..16) and every seed.
#
# The matrix is filled by processor 0 from an LCG (values mod p). A zero pivot (not
# expected: about one chance in 2^25 for a random matrix) stops the machine with trigger
# LU_ZERO_PIVOT. At the end processor 0 prints a checksum of the factored matrix:
# h = h * MCG + a[i][j] over all entries in row-major order.
#
# Registration and barriers: see barrier.s (processor 0 counts the processors at start,
# assuming they all start together; registers r25..r29 belong to it).

        .equ CONSOLE_PUTINT, 0xFFFF00000008
        .equ N, 64                           # matrix size
        .equ B, 8                            # block size; N must be a multiple of B
        .equ NB, N / B                       # blocks a side
        .equ ROW, N * 8                      # bytes per matrix row
        .equ PRIME, 2147483647               # 2^31 - 1
        .equ SEED, 4242
        .equ MCG, 6364136223846793005
        .equ INC, 1442695040888963407
        .equ LU_ZERO_PIVOT, 0x1D0

        .data
        .align 64
a:      .space N * N * 8                     # row-major; a block row of 8 words = 1 cache block
pivinv: .space N * 8                         # inverse of every pivot, written in step 1

        .text
# Registers kept by the main loop: r1 = cpuid, r16 = ROW, r17 = PRIME, r18 = K,
# r19 = I, r20 = J, r21 = &a. The block routines take K, I, J from there and clobber
# r2..r15 and r22..r24 (and r31).
_start: jal  sync_register                   # r28 = P
        csrr r1, cpuid
        li   r16, ROW
        li   r17, PRIME
        la   r21, a
        bne  r1, zero, setup_done
        mov  r2, r21                         # processor 0 fills the matrix
        li   r3, N * N
        li   r4, SEED
        li   r5, MCG
        li   r6, INC
fill:   mul  r4, r4, r5
        add  r4, r4, r6
        shri r7, r4, 33                      # 31 random bits ...
        rem  r7, r7, r17                     # ... reduced mod p
        st   r7, 0(r2)
        addi r2, r2, 8
        addi r3, r3, -1
        bne  r3, zero, fill
setup_done:
        jal  barrier

        li   r18, 0                          # K
step:   add  r2, r18, r18                    # 1. diagonal block, by its owner
        rem  r2, r2, r28
        bne  r2, r1, diag_done
        jal  lu_diag
diag_done:
        jal  barrier                         # L(K,K), U(K,K) and pivinv are ready

        addi r20, r18, 1                     # 2. perimeter: (K,J) and (J,K), J > K,
perimeter:                                   #    have the same owner (K + J) mod P
        li   r2, NB
        bge  r20, r2, perimeter_done
        add  r2, r18, r20
        rem  r2, r2, r28
        bne  r2, r1, perimeter_next
        jal  lu_row
        jal  lu_col
perimeter_next:
        addi r20, r20, 1
        j    perimeter
perimeter_done:
        jal  barrier                         # row K of U and column K of L are ready

        addi r19, r18, 1                     # 3. trailing blocks (I,J), I,J > K
interior_i:
        li   r2, NB
        bge  r19, r2, interior_done
        addi r20, r18, 1
interior_j:
        li   r2, NB
        bge  r20, r2, interior_i_next
        add  r2, r19, r20
        rem  r2, r2, r28
        bne  r2, r1, interior_j_next
        jal  lu_interior
interior_j_next:
        addi r20, r20, 1
        j    interior_j
interior_i_next:
        addi r19, r19, 1
        j    interior_i
interior_done:                               # no barrier: see the header
        addi r18, r18, 1
        li   r2, NB
        blt  r18, r2, step

        bne  r1, zero, finish                # the last step ended with a barrier
        mov  r2, r21                         # processor 0: checksum
        li   r3, N * N
        li   r4, 0
        li   r5, MCG
sum:    ld   r6, 0(r2)
        mul  r4, r4, r5
        add  r4, r4, r6
        addi r2, r2, 8
        addi r3, r3, -1
        bne  r3, zero, sum
        li   r6, CONSOLE_PUTINT
        st   r4, 0(r6)
finish: halt

# --- lu_diag: factor block (K,K) in place; pivinv[K*B + kk] = 1 / U[kk][kk] --------------
lu_diag:
        li   r4, B * ROW + B * 8
        mul  r4, r4, r18
        add  r4, r4, r21                     # r4 = &D[0][0]
        li   r5, 0                           # kk
diag_kk:
        li   r6, ROW + 8
        mul  r6, r6, r5
        add  r6, r6, r4                      # r6 = &D[kk][kk]
        ld   r7, 0(r6)                       # pivot
        assert r7, LU_ZERO_PIVOT
        li   r8, 1                           # r8 = pivot^(p-2) = 1 / pivot (Fermat)
        li   r9, PRIME - 2
diag_pow:
        andi r10, r9, 1
        beq  r10, zero, diag_square
        mul  r8, r8, r7
        rem  r8, r8, r17
diag_square:
        mul  r7, r7, r7
        rem  r7, r7, r17
        shri r9, r9, 1
        bne  r9, zero, diag_pow
        li   r9, B
        mul  r9, r9, r18
        add  r9, r9, r5
        shli r9, r9, 3
        la   r10, pivinv
        add  r9, r9, r10
        st   r8, 0(r9)
        addi r9, r5, 1                       # rows i below kk
        mov  r10, r6                         # r10 = &D[i][kk]
diag_i: li   r11, B
        bge  r9, r11, diag_kk_next
        add  r10, r10, r16
        ld   r11, 0(r10)
        mul  r11, r11, r8
        rem  r11, r11, r17                   # l = D[i][kk] / pivot
        st   r11, 0(r10)
        addi r12, r10, 8                     # r12 = &D[i][j]
        addi r13, r6, 8                      # r13 = &D[kk][j]
        addi r14, r5, 1                      # j
diag_j: li   r15, B
        bge  r14, r15, diag_i_next
        ld   r15, 0(r13)
        mul  r15, r15, r11
        rem  r15, r15, r17
        ld   r2, 0(r12)
        sub  r2, r2, r15                     # D[i][j] -= l * D[kk][j]  (mod p)
        bge  r2, zero, diag_j_store
        add  r2, r2, r17
diag_j_store:
        st   r2, 0(r12)
        addi r12, r12, 8
        addi r13, r13, 8
        addi r14, r14, 1
        j    diag_j
diag_i_next:
        addi r9, r9, 1
        j    diag_i
diag_kk_next:
        addi r5, r5, 1
        li   r11, B
        blt  r5, r11, diag_kk
        ret

# --- lu_row: block X = (K,J) := L(K,K)^-1 * X  (forward substitution, L unit lower) ----
lu_row:
        li   r4, B * ROW + B * 8
        mul  r4, r4, r18
        add  r4, r4, r21                     # r4 = &D, the diagonal block (K,K)
        sub  r3, r20, r18
        li   r5, B * 8
        mul  r3, r3, r5
        add  r3, r3, r4                      # r3 = &X, J - K blocks to the right
        li   r5, 0                           # kk
row_kk: addi r6, r5, 1                       # i
row_i:  li   r7, B
        bge  r6, r7, row_kk_next
        mul  r8, r6, r16                     # i * ROW
        add  r10, r4, r8
        shli r9, r5, 3
        add  r10, r10, r9
        ld   r11, 0(r10)                     # l = L[i][kk]
        add  r12, r3, r8                     # r12 = &X[i][0]
        mul  r13, r5, r16
        add  r13, r13, r3                    # r13 = &X[kk][0]
        li   r14, B
row_j:  ld   r15, 0(r13)
        mul  r15, r15, r11
        rem  r15, r15, r17
        ld   r2, 0(r12)
        sub  r2, r2, r15                     # X[i][j] -= l * X[kk][j]  (mod p)
        bge  r2, zero, row_j_store
        add  r2, r2, r17
row_j_store:
        st   r2, 0(r12)
        addi r12, r12, 8
        addi r13, r13, 8
        addi r14, r14, -1
        bne  r14, zero, row_j
        addi r6, r6, 1
        j    row_i
row_kk_next:
        addi r5, r5, 1
        li   r7, B
        blt  r5, r7, row_kk
        ret

# --- lu_col: block X = (J,K) := X * U(K,K)^-1  (J is the block row here) ----------------
lu_col:
        li   r4, B * ROW + B * 8
        mul  r4, r4, r18
        add  r4, r4, r21                     # r4 = &D
        sub  r3, r20, r18
        li   r5, B * ROW
        mul  r3, r3, r5
        add  r3, r3, r4                      # r3 = &X, J - K blocks below
        li   r5, 0                           # kk
col_kk: li   r6, B
        mul  r6, r6, r18
        add  r6, r6, r5
        shli r6, r6, 3
        la   r7, pivinv
        add  r6, r6, r7
        ld   r7, 0(r6)                       # inv = 1 / U[kk][kk]
        mul  r8, r5, r16
        add  r8, r8, r4                      # r8 = &U[kk][0]
        shli r9, r5, 3
        add  r9, r9, r3                      # r9 = &X[i][kk], i = 0
        li   r6, B                           # rows left
col_i:  ld   r11, 0(r9)
        mul  r11, r11, r7
        rem  r11, r11, r17                   # x = X[i][kk] / U[kk][kk]
        st   r11, 0(r9)
        addi r12, r9, 8                      # r12 = &X[i][j]
        shli r13, r5, 3
        add  r13, r13, r8
        addi r13, r13, 8                     # r13 = &U[kk][j]
        addi r14, r5, 1                      # j
col_j:  li   r15, B
        bge  r14, r15, col_i_next
        ld   r15, 0(r13)
        mul  r15, r15, r11
        rem  r15, r15, r17
        ld   r2, 0(r12)
        sub  r2, r2, r15                     # X[i][j] -= x * U[kk][j]  (mod p)
        bge  r2, zero, col_j_store
        add  r2, r2, r17
col_j_store:
        st   r2, 0(r12)
        addi r12, r12, 8
        addi r13, r13, 8
        addi r14, r14, 1
        j    col_j
col_i_next:
        add  r9, r9, r16
        addi r6, r6, -1
        bne  r6, zero, col_i
        addi r5, r5, 1
        li   r6, B
        blt  r5, r6, col_kk
        ret

# --- lu_interior: block X = (I,J) -= A(I,K) * A(K,J) -------------------------------------
lu_interior:
        li   r5, B * ROW
        li   r6, B * 8
        mul  r3, r19, r5
        mul  r7, r20, r6
        add  r3, r3, r7
        add  r3, r3, r21                     # r3 = &X = &a(I,J)
        mul  r4, r19, r5
        mul  r7, r18, r6
        add  r4, r4, r7
        add  r4, r4, r21                     # r4 = &L = &a(I,K)
        mul  r22, r18, r5
        mul  r7, r20, r6
        add  r22, r22, r7
        add  r22, r22, r21                   # r22 = &U = &a(K,J)
        li   r5, B                           # rows left
int_i:  mov  r6, r3                          # r6 = &X[i][j]
        mov  r23, r22                        # r23 = &U[0][j]
        li   r7, B                           # columns left
int_j:  li   r8, 0                           # sum of L[i][kk] * U[kk][j] mod p, < B * p
        mov  r9, r4                          # r9 = &L[i][kk]
        mov  r10, r23                        # r10 = &U[kk][j]
        li   r11, B
int_kk: ld   r12, 0(r9)
        ld   r13, 0(r10)
        mul  r12, r12, r13
        rem  r12, r12, r17
        add  r8, r8, r12
        addi r9, r9, 8
        add  r10, r10, r16
        addi r11, r11, -1
        bne  r11, zero, int_kk
        rem  r8, r8, r17
        ld   r2, 0(r6)
        sub  r2, r2, r8                      # X[i][j] -= sum  (mod p)
        bge  r2, zero, int_store
        add  r2, r2, r17
int_store:
        st   r2, 0(r6)
        addi r6, r6, 8
        addi r23, r23, 8
        addi r7, r7, -1
        bne  r7, zero, int_j
        add  r3, r3, r16                     # next row of X and of L
        add  r4, r4, r16
        addi r5, r5, -1
        bne  r5, zero, int_i
        ret

        .include "barrier.s"
