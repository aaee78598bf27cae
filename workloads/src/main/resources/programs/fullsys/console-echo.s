# console-echo.s -- console input through the kernel.
#
# Shows: program input from the console (a file or standard input with `fdr run --input`),
# read one byte at a time with SYS_GETC (each value also goes to the input log). One thread
# copies the input to the output in upper case and then prints the number of bytes; a
# second thread keeps the scheduler busy by yielding, so the copy is preempted and resumed.
#
#   ./fdr run workloads/src/main/resources/programs/fullsys/console-echo.s --input notes.txt

        .include "../../kernel/kernel.s"

        .data
user_threads:   .word 2, echo, spinner
        .align 64
echo_done:      .word 0

        .text
echo:
        li   r16, 0                      # bytes copied
next:
        trap SYS_GETC
        blt  r10, zero, eof
        li   r1, 'a'
        blt  r10, r1, put
        li   r1, 'z'
        blt  r1, r10, put
        addi r10, r10, -32               # to upper case
put:
        trap SYS_PUTC
        addi r16, r16, 1
        j    next
eof:
        li   r10, '\n'
        trap SYS_PUTC
        mov  r10, r16
        trap SYS_PUTINT
        la   r1, echo_done
        li   r2, 1
        st   r2, 0(r1)
        trap SYS_EXIT

spinner:
        la   r1, echo_done
spin:
        ld   r2, 0(r1)
        bne  r2, zero, spun
        trap SYS_YIELD
        j    spin
spun:
        trap SYS_EXIT
