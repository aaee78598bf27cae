# Exercise 4 -- the execution of the FDR paper's Figure 1 (Xu, Bodik, Hill, ISCA 2003).
# Processor i is cpu 0, processor j is cpu 1. The setup code is padded with nops so that the
# instructions of the figure commit with the figure's instruction counts: i:31..i:35 and
# j:14..j:22 (j's ICs past 15 depend on how long it spins). Share1 and Share2 share a cache
# block, so do Local1 and Local2; Flag has a block of its own. j prints Y * 10 + Z.
# Run with --cpus 2.

        .equ CONSOLE_PUTINT, 0xFFFF00000008

        .data
        .align 64
Flag:   .word 0
        .align 64
Share1: .word 0
Share2: .word 0
        .align 64
Local1: .word 0
Local2: .word 0

        .text
_start: csrr r10, cpuid             # IC 1
        la   r1, Flag               # IC 2
        la   r2, Share1             # IC 3
        la   r3, Local1             # IC 4
        beq  r10, zero, proc_i      # IC 5
        li   r11, 1                 # IC 6
        beq  r10, r11, proc_j       # IC 7
        halt

proc_i: li   r4, 1                  # IC 6
        li   r5, 5
        li   r6, 6
        li   r7, 3                  # IC 9
        nop                         # ICs 10..30: padding, so that Flag := 1 is i:31
        nop
        nop
        nop
        nop
        nop
        nop
        nop
        nop
        nop
        nop
        nop
        nop
        nop
        nop
        nop
        nop
        nop
        nop
        nop
        nop
        st   r4, 0(r1)              # i:31  Flag := 1
        st   r5, 0(r2)              # i:32  Share1 := 5
        st   r6, 8(r2)              # i:33  Share2 := 6
        st   r0, 0(r1)              # i:34  Flag := 0
        st   r7, 0(r3)              # i:35  Local1 := 3
        halt

proc_j: li   r4, 2                  # IC 8
        nop                         # ICs 9..13: padding, so that Local2 := 2 is j:14
        nop
        nop
        nop
        nop
        st   r4, 8(r3)              # j:14  Local2 := 2
spin:   ld   r8, 0(r1)              # j:15  $r1 := Flag
        bne  r8, zero, spin         # j:16  while Flag != 0
        nop                         #       (the figure's delay-slot nop)
        ld   r12, 0(r2)             #       Y := Share1
        ld   r13, 8(r2)             #       Z := Share2
        li   r14, 10
        mul  r12, r12, r14
        add  r12, r12, r13
        li   r15, CONSOLE_PUTINT
        st   r12, 0(r15)            # print Y * 10 + Z
        halt
