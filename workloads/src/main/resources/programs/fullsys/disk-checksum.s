# disk-checksum.s -- threads read the disk by DMA and checksum what they read.
#
# Shows: the full system at work. Ten software threads (more than processors) share the
# processors under the kernel's timer-driven preemptive scheduler; each reads its own four
# sectors, two at a time, with the SYS_DISK_READ system call (the kernel's disk driver issues
# the command, the thread blocks, the disk moves the sectors by DMA through the directory and
# interrupts; the interrupt handler wakes the thread). Each thread folds the words it read
# into a checksum (c = c * 31 + word, in order); the sum of the ten checksums is printed by
# the last thread to finish. The result depends only on the disk contents (seeded by the run
# seed), never on the number of processors or the interleaving.
#
#   ./fdr run workloads/src/main/resources/programs/fullsys/disk-checksum.s --set devices.enabled=true

        .include "../../kernel/kernel.s"

        .equ NTHREADS, 10
        .equ SECTORS_PER_THREAD, 4
        .equ SECTORS_PER_READ, 2

        .data
user_threads:   .word NTHREADS, worker, worker, worker, worker, worker, worker, worker, worker, worker, worker
        .align 64
total:          .word 0
        .align 64
finished:       .word 0
        .align 64
buffers:        .space NTHREADS * SECTORS_PER_READ * 512

        .text
worker:
        mov  r16, r10                    # thread index
        li   r1, SECTORS_PER_READ * 512
        mul  r17, r16, r1
        la   r1, buffers
        add  r17, r17, r1                # this thread's buffer
        li   r18, 0                      # checksum
        li   r19, 0                      # reads done
        li   r1, SECTORS_PER_THREAD
        mul  r20, r16, r1                # first sector
        trap SYS_TIME                    # (an rdcycle in the kernel: goes to the input log)
read_loop:
        li   r1, SECTORS_PER_THREAD / SECTORS_PER_READ
        beq  r19, r1, finish
        li   r2, SECTORS_PER_READ
        mul  r3, r19, r2
        add  r10, r20, r3                # sector
        mov  r11, r17                    # buffer
        li   r12, SECTORS_PER_READ       # count
        trap SYS_DISK_READ
        bne  r10, zero, failed
        li   r4, SECTORS_PER_READ * 64   # words to fold in
        mov  r5, r17
sum_loop:
        beq  r4, zero, sum_done
        ld   r6, 0(r5)
        li   r7, 31
        mul  r18, r18, r7
        add  r18, r18, r6
        addi r5, r5, 8
        addi r4, r4, -1
        j    sum_loop
sum_done:
        addi r19, r19, 1
        j    read_loop
finish:
        la   r1, total
        fadd r0, r18, 0(r1)
        la   r1, finished
        li   r2, 1
        fadd r3, r2, 0(r1)
        li   r2, NTHREADS - 1
        bne  r3, r2, done                # not the last one
        la   r1, total
        ld   r10, 0(r1)
        trap SYS_PUTINT
done:
        trap SYS_EXIT
failed:
        trigger 1                        # the disk reported an error
