# Exercise 1 -- message passing with flags.
# cpu 0 writes a message (two words) and then raises a flag; cpu 1 waits for the flag and
# prints the sum of the two words. Run with --cpus 2.

        .equ CONSOLE_PUTINT, 0xFFFF00000008

        .data
        .align 64
msg:    .word 0, 0                  # the message: two words in one cache block
        .align 64
flag:   .word 0                     # the flag, in its own block

        .text
_start: csrr r1, cpuid
        beq  r1, zero, sender
        li   r2, 1
        beq  r1, r2, receiver
        halt

sender: la   r3, msg
        li   r4, 40
        st   r4, 0(r3)              # msg[0] := 40
        li   r4, 2
        st   r4, 8(r3)              # msg[1] := 2
        la   r3, flag
        li   r4, 1
        st   r4, 0(r3)              # flag := 1
        halt

receiver:
        la   r3, flag
wait:   ld   r4, 0(r3)              # spin until the flag is up
        beq  r4, zero, wait
        la   r3, msg
        ld   r5, 0(r3)
        ld   r6, 8(r3)
        add  r5, r5, r6
        li   r7, CONSOLE_PUTINT
        st   r5, 0(r7)              # print msg[0] + msg[1]
        halt
