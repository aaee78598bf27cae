# jbb.s -- a synthetic proxy for the paper's Java server workload (SPECjbb2000 on HotSpot; Table 4).
#
# Imitates: 1.5 threads and 1.5 warehouses per processor of a 4-processor machine (6 of each):
# each thread runs "new order" transactions against its own warehouse (a 4 KB stock table
# updated with plain loads and stores: private data, though the scheduler moves threads between
# processors), orders an item from another warehouse one time in REMOTE_ONE_IN (a fetch-and-add
# on that warehouse's shared remote-order table), allocates an order object by bumping a
# per-thread pointer through a 16 KB heap and initialises its 8 words (a "young generation"
# that wraps around, counting a GC on a shared counter), takes the next order id from one shared
# counter, and runs business logic (private arithmetic). Little I/O: each thread reads one
# sector at start (class loading) and reads the clock (SYS_TIME, an rdcycle: the input log)
# every CLOCK_EVERY transactions.
# Not imitated: a JVM (JIT, real GC, object graphs), the transaction mix, the 3 tiers.
#
# Result: the last thread prints a checksum of every stock, remote-order and order-id word; it
# depends only on the constants (deterministic whatever the interleaving, seed or processors).
#
#   ./fdr run workloads/src/main/resources/programs/commercial/jbb.s --set devices.enabled=true

        .include "../../kernel/kernel.s"

        .equ NTHREADS, 6
        .equ TXNS, 150                   # transactions per thread (the scale)
        .equ ITEMS, 512                  # stock words per warehouse (4 KB)
        .equ ORDER_LINES, 6
        .equ REMOTE_ONE_IN, 16
        .equ HEAP_BYTES, 16384           # per-thread allocation region
        .equ CLOCK_EVERY, 16
        .equ LOGIC, 250                  # business logic per transaction (loop iterations)
        .equ MCG, 6364136223846793005
        .equ INC, 1442695040888963407

        .data
user_threads:   .word NTHREADS, worker, worker, worker, worker, worker, worker
        .align 64
order_id:       .word 0                  # the few shared counters
        .align 64
gc_count:       .word 0
        .align 64
finished:       .word 0
        .align 64
stock:          .space NTHREADS * ITEMS * 8      # per warehouse, owner-updated
        .align 64
remote:         .space NTHREADS * ITEMS * 8      # per warehouse, updated by others with fadd
        .align 64
heaps:          .space NTHREADS * HEAP_BYTES
        .align 64
classes:        .space NTHREADS * 512

        .text
worker:
        mov  r16, r10
        addi r20, r10, 101               # random state
        li   r26, MCG
        li   r27, INC
        li   r1, ITEMS * 8
        mul  r2, r16, r1
        la   r17, stock
        add  r17, r17, r2                # own warehouse
        li   r1, HEAP_BYTES
        mul  r2, r16, r1
        la   r18, heaps
        add  r18, r18, r2                # heap start
        mov  r21, r18                    # allocation pointer
        li   r19, 0                      # transactions
        li   r24, 0                      # private result of the business logic
        shli r11, r16, 9                 # class loading: one sector by DMA
        la   r1, classes
        add  r11, r11, r1
        mov  r10, r16
        li   r12, 1
        trap SYS_DISK_READ
        bne  r10, zero, failed
txn:    li   r1, TXNS
        beq  r19, r1, finish
        li   r22, ORDER_LINES
line:   mul  r20, r20, r26
        add  r20, r20, r27
        shri r1, r20, 33
        li   r2, ITEMS
        rem  r3, r1, r2                  # item
        shli r3, r3, 3
        shri r1, r20, 50
        li   r2, REMOTE_ONE_IN
        rem  r1, r1, r2
        bne  r1, zero, local_line
        shri r1, r20, 20                 # remote warehouse: shared, atomic
        li   r2, NTHREADS
        rem  r1, r1, r2
        li   r2, ITEMS * 8
        mul  r1, r1, r2
        la   r2, remote
        add  r1, r1, r2
        add  r1, r1, r3
        li   r2, 1
        fadd r0, r2, 0(r1)
        j    line_done
local_line:
        add  r1, r17, r3
        ld   r2, 0(r1)
        addi r2, r2, 1
        st   r2, 0(r1)
line_done:
        addi r22, r22, -1
        bne  r22, zero, line
        addi r21, r21, 64                # allocate the order object
        li   r1, HEAP_BYTES
        add  r1, r1, r18
        bltu r21, r1, alloc_ok
        mov  r21, r18                    # young generation full: "collect" and start over
        la   r1, gc_count
        li   r2, 1
        fadd r0, r2, 0(r1)
alloc_ok:
        la   r1, order_id
        li   r2, 1
        fadd r3, r2, 0(r1)               # the next order id (shared)
        st   r3, 0(r21)                  # initialise the object
        st   r16, 8(r21)
        st   r19, 16(r21)
        st   r20, 24(r21)
        st   zero, 32(r21)
        st   zero, 40(r21)
        st   zero, 48(r21)
        st   zero, 56(r21)
        li   r1, LOGIC                   # business logic
logic:  mul  r24, r24, r26
        add  r24, r24, r3
        addi r1, r1, -1
        bne  r1, zero, logic
        addi r19, r19, 1
        li   r1, CLOCK_EVERY
        rem  r1, r19, r1
        bne  r1, zero, txn
        trap SYS_TIME                    # a timestamp: goes to the input log
        j    txn

finish:
        la   r1, finished
        li   r2, 1
        fadd r3, r2, 0(r1)
        li   r2, NTHREADS - 1
        bne  r3, r2, done
        la   r1, stock                   # checksum of stock and remote tables (adjacent)
        li   r2, NTHREADS * ITEMS * 2 + 1
        li   r4, 0
        li   r5, 1
sum:    ld   r3, 0(r1)
        mul  r3, r3, r5
        add  r4, r4, r3
        addi r5, r5, 1
        addi r1, r1, 8
        bne  r5, r2, sum
        la   r1, order_id
        ld   r3, 0(r1)
        li   r2, NTHREADS * TXNS
        beq  r3, r2, ids_ok
        trigger 0x1B1                    # an order id was lost
ids_ok: add  r10, r4, r3
        trap SYS_PUTINT
done:   trap SYS_EXIT
failed: trigger 0x1B2
