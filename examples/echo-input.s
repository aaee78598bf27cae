# echo-input.s -- console input without the kernel.
#
# Shows: the console's input register (a load returns the next input byte, or -1 at the end)
# and its output register; processor 0 copies its input to its output, letters upper-cased
# (each byte minus 32, so give it lower-case letters); the others halt. A recorded run keeps
# its input in the dump, so 'fdr view' can re-execute it from the dump alone.
#
#   printf 'abc' > in.txt
#   ./fdr run examples/echo-input.s --input in.txt
#   ./fdr record examples/echo-input.s --set devices.consoleInput=in.txt -o echo.fdr

        .equ CONSOLE_PUTC, 0xFFFF00000000   # store: write the low byte
        .equ CONSOLE_GETC, 0xFFFF00000010   # load: the next input byte, or -1 at the end

        .text
_start: csrr r5, cpuid
        bne  r5, zero, done
        li   r1, CONSOLE_GETC
        li   r2, CONSOLE_PUTC
loop:   ld   r3, 0(r1)
        blt  r3, zero, done
        addi r3, r3, -32
        st   r3, 0(r2)
        j    loop
done:   halt
