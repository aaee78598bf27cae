# Exercise 6 -- an interrupt handler hands a DMA'd disk block to another processor.
# cpu 0 asks the disk for sector 3 (one 512-byte sector = 8 cache blocks), to be written into
# `buffer` by the disk's DMA engine, and sleeps in wfi. The completion interrupt (2) runs
# cpu 0's handler: it reads the disk's STATUS, acknowledges it and raises `ready`. cpu 1
# waits for `ready`, then folds the 64 words of the buffer into a checksum (c = c * 31 + w)
# and prints it. No kernel: the handler is the few lines below (see docs/devices.md).
# Run with --cpus 2 --set devices.enabled=true.

        .equ CONSOLE_PUTINT, 0xFFFF00000008
        .equ DISK,           0xFFFF00002000   # SECTOR +0x00, ADDR +0x08, COUNT +0x10, CMD +0x18, STATUS +0x20
        .equ INTC,           0xFFFF00004000   # MODE +0x00, TARGET[n] +0x100 + 8n
        .equ SECTOR,         3

        .data
        .align 64
buffer: .space 512                  # the disk writes here by DMA
        .align 64
ready:  .word 0                     # the handler's message to cpu 1
        .align 64
handled: .word 0                    # cpu 0's own note that the interrupt came

        .text
_start: csrr r1, cpuid
        beq  r1, zero, cpu0
        li   r2, 1
        beq  r1, r2, cpu1
        halt

cpu0:   li   r1, INTC
        st   r0, 0(r1)              # MODE := fixed ...
        st   r0, 0x110(r1)          # ... TARGET[2] := cpu 0: disk interrupts come here
        la   r1, handler
        csrw ivec, r1
        li   r1, DISK
        li   r2, SECTOR
        st   r2, 0x00(r1)           # SECTOR
        la   r2, buffer
        st   r2, 0x08(r1)           # ADDR
        li   r2, 1
        st   r2, 0x10(r1)           # COUNT: one sector
        st   r2, 0x18(r1)           # CMD := read: the disk starts, DMA fills the buffer
        ei
sleep:  wfi                         # the interrupt wakes us
        la   r3, handled
        ld   r4, 0(r3)
        beq  r4, zero, sleep
        halt

handler:                            # interrupt 2: the disk finished
        li   r1, DISK
        ld   r2, 0x20(r1)           # STATUS (2 = done): a device load, kept in the input log
        st   r0, 0x20(r1)           # acknowledge
        la   r3, handled
        li   r4, 1
        st   r4, 0(r3)
        la   r3, ready
        st   r2, 0(r3)              # ready := STATUS: hands the buffer to cpu 1
        iret

cpu1:   la   r3, ready
wait:   ld   r4, 0(r3)
        beq  r4, zero, wait         # spin until the handler says the block is there
        li   r5, 2
        bne  r4, r5, failed         # STATUS was not "done"
        la   r5, buffer
        li   r6, 64                 # words
        li   r7, 0                  # checksum
        li   r8, 31
sum:    ld   r9, 0(r5)
        mul  r7, r7, r8
        add  r7, r7, r9
        addi r5, r5, 8
        addi r6, r6, -1
        bne  r6, zero, sum
        li   r1, CONSOLE_PUTINT
        st   r7, 0(r1)
        halt
failed: trigger 1
