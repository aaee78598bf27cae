# hello.s -- the first program to try.
#
# Shows: a data label, the console device register, a byte loop, and how a program
# tells processors apart (every processor starts at _start; only cpu 0 prints).
#
#   ./fdr run examples/hello.s
#   ./fdr run examples/hello.s --cpus 4      # still one greeting: the others halt at once

        .equ CONSOLE_PUTC, 0xFFFF00000000   # store: write the low byte to the console

        .data
msg:    .ascii "Hello from fdrsim!\n"
        .byte 0                             # .ascii adds no terminator

        .text
_start: csrr r1, cpuid
        bne  r1, zero, done                 # processors other than 0 just halt
        la   r2, msg
        li   r3, CONSOLE_PUTC
next:   lb   r4, 0(r2)                      # lb zero-extends one byte
        beq  r4, zero, done
        st   r4, 0(r3)
        addi r2, r2, 1
        j    next
done:   halt
