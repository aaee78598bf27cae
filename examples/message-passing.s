# message-passing.s -- one processor hands a value to another through a flag.
#
# Shows: the classic producer/consumer race that sequential consistency makes safe.
# cpu 0 writes DATA and then sets FLAG; cpu 1 spins until FLAG is set and then reads DATA.
# Under SC, cpu 1 can never see the flag without the data, so it always prints 42.
# The spin loop is a data race on FLAG (on purpose): the recorder logs the arc from
# cpu 0's store of FLAG to the load of cpu 1 that first sees it.
#
#   ./fdr run examples/message-passing.s --cpus 2

        .equ CONSOLE_PUTINT, 0xFFFF00000008  # store: print the value in decimal and a newline

        .data
        .align 64
data:   .word 0
        .align 64                            # flag in its own cache block
flag:   .word 0

        .text
_start: csrr r1, cpuid
        beq  r1, zero, producer
        li   r2, 1
        beq  r1, r2, consumer
        halt                                 # cpus 2.. have nothing to do

producer:
        la   r3, data
        li   r4, 42
        st   r4, 0(r3)                       # 1. the message
        la   r3, flag
        li   r4, 1
        st   r4, 0(r3)                       # 2. then the flag
        halt

consumer:
        la   r3, flag
wait:   ld   r4, 0(r3)
        beq  r4, zero, wait                  # spin until the flag is set
        la   r3, data
        ld   r5, 0(r3)                       # SC: must see 42
        li   r6, CONSOLE_PUTINT
        st   r5, 0(r6)
        halt
