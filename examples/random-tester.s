# random-tester.s -- the FDR paper's random tester (section 7): processors race on a few
# shared words and fold everything they read into a signature.
#
# Shows: a heavily racy program whose result depends on the exact interleaving. Each
# processor runs ITERATIONS random operations (load, store, fetch-and-add or swap) on
# WORDS shared words spread over a few cache blocks (false sharing included). Every value
# read is folded into the processor's signature with a multiplicative congruential
# generator; stores write values derived from the signature. The last processor to finish
# prints the combined signature. Different seeds give different signatures; a correct
# replay must reproduce each one exactly.
#
#   ./fdr run examples/random-tester.s --cpus 4 --seed 1
#   ./fdr run examples/random-tester.s --cpus 4 --seed 2      # another signature

        .equ CONSOLE_PUTINT, 0xFFFF00000008
        .equ ITERATIONS, 2000
        .equ WORDS, 16                       # shared words: 2 per block over 8 blocks
        .equ MCG, 6364136223846793005        # Knuth's MMIX multiplier
        .equ INC, 1442695040888963407

        .data
        .align 64
shared:  .space 64 * WORDS / 2
        .align 64
arrived: .word 0
finished: .word 0
        .align 64
signatures: .space 8 * 64

        .text
_start: la   r10, arrived
        li   r11, 1
        fadd r0, r11, 0(r10)                 # register as a participant

        csrr r1, cpuid
        addi r20, r1, 1                      # random state, different per processor
        li   r25, 0                          # signature
        li   r26, MCG
        li   r27, INC
        la   r28, shared
        li   r3, ITERATIONS

loop:   mul  r20, r20, r26                   # next random number
        add  r20, r20, r27
        shri r4, r20, 33
        andi r4, r4, WORDS - 1               # which word
        shri r5, r4, 1                       # block number
        shli r5, r5, 6
        andi r6, r4, 1                       # word 0 or 1 of the block (8 bytes apart)
        shli r6, r6, 3
        add  r5, r5, r6
        add  r5, r5, r28                     # r5 = address of the word
        shri r7, r20, 45
        andi r7, r7, 3                       # which operation
        beq  r7, zero, do_load
        li   r8, 1
        beq  r7, r8, do_store
        li   r8, 2
        beq  r7, r8, do_fadd
do_swap: swap r9, r25, 0(r5)
        j    fold
do_load: ld   r9, 0(r5)
        j    fold
do_store: st  r25, 0(r5)
        mov  r9, r25
        j    fold
do_fadd: fadd r9, r20, 0(r5)
fold:   mul  r25, r25, r26                   # signature = signature * MCG + value
        add  r25, r25, r9
        addi r3, r3, -1
        bne  r3, zero, loop

        la   r10, signatures                 # publish this processor's signature
        shli r12, r1, 3
        add  r10, r10, r12
        st   r25, 0(r10)

        la   r10, finished
        fadd r12, r11, 0(r10)
        addi r12, r12, 1
        la   r10, arrived
        ld   r13, 0(r10)
        bne  r12, r13, done                  # not the last one

        la   r10, signatures                 # combine: sum of all signatures
        li   r14, 0
        li   r15, 0
sum:    ld   r16, 0(r10)
        add  r14, r14, r16
        addi r10, r10, 8
        addi r15, r15, 1
        blt  r15, r13, sum
        li   r17, CONSOLE_PUTINT
        st   r14, 0(r17)
done:   halt
