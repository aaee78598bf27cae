# oltp.s -- a synthetic proxy for the paper's OLTP workload (TPC-C on DB2; Table 4).
#
# Imitates: many database "users" (software threads, more than processors) running short
# transactions against a shared table: each transaction moves an amount between two random
# rows under row locks (spin locks, taken in address order; a waiter yields to the scheduler
# after LOCK_SPINS tries), appends a redo record at the shared log tail (fetch-and-add on one
# hot counter, then four stores into a circular log), does some private work, and every
# DISK_EVERY-th transaction misses in the "buffer pool" and reads a sector by disk DMA
# (a blocking system call: the kernel's disk driver, interrupt 2, a wake-up).
# Not imitated: SQL, indexes, a real buffer pool, log writes to disk, commit latency.
#
# Result: balances move but are never created or lost, so the last thread asserts that the
# total is unchanged (trigger 0x0171 otherwise) and that every update was counted, then
# prints sum over rows of (row + 1) * balance + updates: it depends only on the constants,
# never on the interleaving, the seed or the number of processors.
#
#   ./fdr run workloads/src/main/resources/programs/commercial/oltp.s --set devices.enabled=true

        .include "../../kernel/kernel.s"

        .equ NTHREADS, 16
        .equ TXNS, 40                    # transactions per thread (the scale)
        .equ NROWS, 512                  # rows, one 64-byte block each
        .equ LOG_SLOTS, 512              # 32-byte redo records in a circular log
        .equ DISK_EVERY, 24              # a buffer-pool miss (one sector) every DISK_EVERY transactions
        .equ DISK_SECTORS, 256           # sectors the misses read from (<= devices.disk.sectors)
        .equ THINK, 400                  # private work per transaction (loop iterations)
        .equ LOCK_SPINS, 64
        .equ MCG, 6364136223846793005
        .equ INC, 1442695040888963407

        .data
user_threads:   .word NTHREADS, user, user, user, user, user, user, user, user
                .word user, user, user, user, user, user, user, user
        .align 64
log_tail:       .word 0
        .align 64
finished:       .word 0
        .align 64
rows:           .space NROWS * 64       # +0 lock, +8 balance, +16 updates, +24 last writer
        .align 64
redo_log:       .space LOG_SLOTS * 32
        .align 64
pages:          .space NTHREADS * 512   # per-thread buffer-pool frame (1 sector)

        .text
user:
        mov  r16, r10                    # thread index
        addi r20, r10, 1                 # random state, per thread
        li   r26, MCG
        li   r27, INC
        la   r17, rows
        shli r1, r16, 9
        la   r18, pages
        add  r18, r18, r1                # this thread's page frame
        li   r19, 0                      # transactions done
        li   r24, 0                      # private checksum (not printed)
        bne  r16, zero, txn              # thread 0 initialises the table
        li   r1, 0
init:   li   r2, NROWS
        beq  r1, r2, init_done
        shli r3, r1, 6
        add  r3, r3, r17
        addi r4, r1, 1000
        st   r4, 8(r3)                   # balance = 1000 + row
        addi r1, r1, 1
        j    init
init_done:
        la   r1, init_flag
        li   r2, 1
        st   r2, 0(r1)
txn:    la   r1, init_flag               # everybody waits for the table
        ld   r2, 0(r1)
        bne  r2, zero, txn_go
        trap SYS_YIELD
        j    txn
txn_go: li   r1, TXNS
        beq  r19, r1, finish
        mul  r20, r20, r26               # pick rows a != b and an amount
        add  r20, r20, r27
        shri r1, r20, 33
        li   r2, NROWS
        rem  r11, r1, r2                 # a
        mul  r20, r20, r26
        add  r20, r20, r27
        shri r1, r20, 33
        rem  r12, r1, r2                 # b
        bne  r11, r12, rows_differ
        addi r12, r12, 1
        bne  r12, r2, rows_differ
        li   r12, 0
rows_differ:
        shri r13, r20, 56                # amount 0..255
        shli r21, r11, 6
        add  r21, r21, r17               # &row a
        shli r22, r12, 6
        add  r22, r22, r17               # &row b
        mov  r5, r21                     # lock the lower address first
        mov  r6, r22
        bltu r5, r6, lock_order
        mov  r5, r22
        mov  r6, r21
lock_order:
        mov  r8, r5
        jal  lock
        mov  r8, r6
        jal  lock
        ld   r1, 8(r21)                  # the update
        sub  r1, r1, r13
        st   r1, 8(r21)
        ld   r1, 16(r21)
        addi r1, r1, 1
        st   r1, 16(r21)
        st   r16, 24(r21)
        ld   r1, 8(r22)
        add  r1, r1, r13
        st   r1, 8(r22)
        ld   r1, 16(r22)
        addi r1, r1, 1
        st   r1, 16(r22)
        st   r16, 24(r22)
        la   r1, log_tail                # redo record at the shared log tail
        li   r2, 1
        fadd r3, r2, 0(r1)
        li   r2, LOG_SLOTS
        rem  r3, r3, r2
        shli r3, r3, 5
        la   r2, redo_log
        add  r3, r3, r2
        st   r16, 0(r3)
        st   r11, 8(r3)
        st   r12, 16(r3)
        st   r13, 24(r3)
        st   zero, 0(r6)                 # unlock, reverse order
        st   zero, 0(r5)
        li   r1, THINK                   # private work: the rest of the transaction's code path
think:  mul  r24, r24, r26
        add  r24, r24, r1
        addi r1, r1, -1
        bne  r1, zero, think
        addi r19, r19, 1
        li   r1, DISK_EVERY
        rem  r1, r19, r1
        bne  r1, zero, txn_go
        shri r1, r20, 20                 # buffer-pool miss: read a page by DMA
        li   r2, DISK_SECTORS - 1
        rem  r10, r1, r2
        mov  r11, r18
        li   r12, 1
        trap SYS_DISK_READ
        bne  r10, zero, disk_failed
        li   r1, 8                       # look at the page
        mov  r2, r18
scan:   ld   r3, 0(r2)
        add  r24, r24, r3
        addi r2, r2, 64
        addi r1, r1, -1
        bne  r1, zero, scan
        j    txn_go

# lock(r8): spin with swap; yield to the scheduler every LOCK_SPINS failed tries
lock:   li   r9, LOCK_SPINS
lock_try:
        li   r7, 1
        swap r7, r7, 0(r8)
        beq  r7, zero, lock_got
lock_wait:
        addi r9, r9, -1
        beq  r9, zero, lock_yield
        ld   r7, 0(r8)
        bne  r7, zero, lock_wait
        j    lock_try
lock_yield:
        trap SYS_YIELD
        li   r9, LOCK_SPINS
        j    lock_try
lock_got:
        ret

finish:
        la   r1, finished
        li   r2, 1
        fadd r3, r2, 0(r1)
        li   r2, NTHREADS - 1
        bne  r3, r2, done                # not the last one
        li   r1, 0                       # r1 row, r4 checksum, r5 total balance, r6 updates
        li   r4, 0
        li   r5, 0
        li   r6, 0
sum:    li   r2, NROWS
        beq  r1, r2, sum_done
        shli r3, r1, 6
        add  r3, r3, r17
        ld   r7, 8(r3)
        add  r5, r5, r7
        addi r8, r1, 1
        mul  r8, r8, r7
        add  r4, r4, r8
        ld   r7, 16(r3)
        add  r6, r6, r7
        add  r4, r4, r7
        addi r1, r1, 1
        j    sum
sum_done:
        li   r2, NROWS * 1000 + NROWS * (NROWS - 1) / 2
        beq  r5, r2, total_ok
        trigger 0x171                    # money was created or lost: a lock failed
total_ok:
        li   r2, 2 * NTHREADS * TXNS
        beq  r6, r2, updates_ok
        trigger 0x172                    # an update was lost
updates_ok:
        mov  r10, r4
        trap SYS_PUTINT
done:   trap SYS_EXIT
disk_failed:
        trigger 0x173

        .data
        .align 64
init_flag:      .word 0
