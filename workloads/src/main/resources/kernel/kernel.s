# kernel.s -- the fdrsim small kernel (see docs/kernel.md for the ABI).
#
# A user program .includes this file and defines, in .data:
#     user_threads: .word N, entry0, entry1, ...      # N software threads and their code labels
# Every thread starts at its entry with r10 = its index (0..N-1), sp = the top of its own
# 8 KB stack, ra = a label that exits the thread, and interrupts enabled. Threads make system
# calls with `trap SYS_x` (arguments r10..r12, result in r10; other registers are preserved).
#
# Structure: boot on every processor (cpu 0 builds the threads, the others wait), one entry
# point for interrupts and traps (k_entry) that saves the whole context into the current
# thread's control block, a dispatcher on `cause`, a round-robin run queue under a spin lock,
# a timer tick every KSLICE cycles that preempts, drivers for the disk and the NIC whose
# interrupts wake blocked threads, and a per-processor idle context that sleeps in `wfi`.
# The kernel runs with interrupts disabled; `iret` into a thread enables them.

        .equ SYS_EXIT, 0
        .equ SYS_YIELD, 1
        .equ SYS_PUTC, 2
        .equ SYS_PUTINT, 3
        .equ SYS_TIME, 4
        .equ SYS_DISK_READ, 5
        .equ SYS_NET_RECV, 6
        .equ SYS_NET_SEND, 7
        .equ SYS_GETC, 8

        # Device registers, commands, status codes and interrupt numbers (IO_CONSOLE_*, IO_TIMER_*,
        # IO_DISK_*, IO_NIC_*, IO_STATUS_*, IO_IRQ_*), generated from the simulator's device map:
        .include "devices.inc"

        .equ KSLICE, 20000              # timer interval (cycles): the scheduling quantum
        .equ K_MAX_THREADS, 32
        .equ K_STACK_BYTES, 8192
        .equ K_RX_SLOTS, 16
        # (the receive ring: K_RX_SLOTS slots of IO_NIC_SLOT_BYTES)

        # thread control block (TCB): saved r0..r31 at 8*i, then:
        .equ TCB_BYTES, 512
        .equ T_EPC, 256                 # where the thread resumes
        .equ T_STATE, 264               # 1 ready/running, 3 blocked, 4 exited, 5 idle context
        .equ T_ID, 272
        .equ T_NEXT, 280                # link in the run queue or a wait list
        .equ T_R10, 80                  # saved r10: syscall argument 0 and result
        .equ T_R11, 88
        .equ T_R12, 96
        .equ T_SP, 240
        .equ T_RA, 248
        .equ ST_READY, 1
        .equ ST_BLOCKED, 3
        .equ ST_EXITED, 4
        .equ ST_IDLE, 5

        .data
        .align 64
k_rq_lock:      .word 0                 # run-queue spin lock (own block: it is hot)
        .align 64
k_rq_head:      .word 0
k_rq_tail:      .word 0
        .align 64
k_dev_lock:     .word 0                 # device lock: driver state below, device registers
        .align 64
k_disk_owner:   .word 0                 # TCB whose disk command is in progress (0: disk free)
k_disk_waiters: .word 0                 # TCBs waiting for the disk to be free (they retry)
k_tx_owner:     .word 0                 # TCB whose transmission is in progress
k_tx_waiters:   .word 0
k_rx_waiters:   .word 0                 # TCBs waiting for a packet (they retry)
k_rx_tail:      .word 0                 # next ring slot to read
k_rx_on:        .word 0                 # receive enabled (on the first SYS_NET_RECV)
        .align 64
k_boot_done:    .word 0
k_shutdown:     .word 0                 # set when the last thread exits; idle cpus halt
k_live:         .word 0                 # threads not yet exited
        .align 64
k_cpu_area:     .space 64 * 64          # per cpu (one block each): +0 = current TCB
        .align 64
k_idle_tcbs:    .space 64 * TCB_BYTES   # per cpu: the idle context
        .align 64
k_tcbs:         .space K_MAX_THREADS * TCB_BYTES
        .align 64
k_rx_ring:      .space K_RX_SLOTS * IO_NIC_SLOT_BYTES
        .align 64
k_stacks:       .space K_MAX_THREADS * K_STACK_BYTES

        .text
# ---------------------------------------------------------------- boot
_start:
        csrr r21, cpuid
        bne  r21, zero, k_boot_wait
        la   r1, user_threads
        ld   r2, 0(r1)                  # N threads
        la   r3, k_live
        st   r2, 0(r3)
        li   r4, 0                      # i
k_init_loop:
        beq  r4, r2, k_init_done
        shli r6, r4, 9                  # tcb = k_tcbs + i * 512
        la   r5, k_tcbs
        add  r6, r6, r5
        addi r7, r4, 1
        shli r7, r7, 3
        add  r7, r7, r1
        ld   r7, 0(r7)                  # entry (code index)
        st   r7, T_EPC(r6)
        st   r4, T_R10(r6)              # r10 = thread index
        addi r8, r4, 1
        li   r9, K_STACK_BYTES
        mul  r8, r8, r9
        la   r9, k_stacks
        add  r8, r8, r9
        st   r8, T_SP(r6)               # sp = top of its stack
        la   r9, k_thread_return
        st   r9, T_RA(r6)               # returning from the entry exits the thread
        st   r4, T_ID(r6)
        mov  r10, r6
        jal  k_enqueue                  # clobbers r11..r13, ra
        addi r4, r4, 1
        j    k_init_loop
k_init_done:
        la   r3, k_boot_done
        li   r6, 1
        st   r6, 0(r3)
        j    k_cpu_start
k_boot_wait:
        la   r3, k_boot_done
k_boot_spin:
        ld   r6, 0(r3)
        beq  r6, zero, k_boot_spin
k_cpu_start:
        csrr r21, cpuid
        la   r1, k_entry
        csrw ivec, r1
        shli r20, r21, 9                # this cpu's idle context
        la   r1, k_idle_tcbs
        add  r20, r20, r1
        la   r1, k_idle
        st   r1, T_EPC(r20)
        li   r1, ST_IDLE
        st   r1, T_STATE(r20)
        shli r22, r21, 6
        la   r1, k_cpu_area
        add  r22, r22, r1
        st   r20, 0(r22)                # current = idle
        shli r1, r21, 8                 # arm this cpu's timer (cpu * IO_TIMER_STRIDE): the scheduling tick
        li   r2, IO_TIMER_BASE
        add  r1, r1, r2
        li   r2, KSLICE
        st   r2, 0(r1)
        li   r23, 0
        j    k_schedule

k_thread_return:
        trap SYS_EXIT

# ---------------------------------------------------------------- idle
k_idle:
        la   r1, k_shutdown
        ld   r2, 0(r1)
        bne  r2, zero, k_halt
        wfi
        j    k_idle
k_halt:
        halt

# ---------------------------------------------------------------- entry and dispatch
# Interrupts and traps arrive here with interrupts disabled. Save everything into the
# current TCB (r1 goes through `scratch`), then r20 = current TCB, r21 = cpu, r22 = cpu area.
k_entry:
        csrw scratch, r1
        csrr r1, cpuid
        shli r1, r1, 6
        addi r1, r1, k_cpu_area
        ld   r1, 0(r1)
        st   r2, 16(r1)
        st   r3, 24(r1)
        st   r4, 32(r1)
        st   r5, 40(r1)
        st   r6, 48(r1)
        st   r7, 56(r1)
        st   r8, 64(r1)
        st   r9, 72(r1)
        st   r10, 80(r1)
        st   r11, 88(r1)
        st   r12, 96(r1)
        st   r13, 104(r1)
        st   r14, 112(r1)
        st   r15, 120(r1)
        st   r16, 128(r1)
        st   r17, 136(r1)
        st   r18, 144(r1)
        st   r19, 152(r1)
        st   r20, 160(r1)
        st   r21, 168(r1)
        st   r22, 176(r1)
        st   r23, 184(r1)
        st   r24, 192(r1)
        st   r25, 200(r1)
        st   r26, 208(r1)
        st   r27, 216(r1)
        st   r28, 224(r1)
        st   r29, 232(r1)
        st   r30, 240(r1)
        st   r31, 248(r1)
        csrr r2, scratch
        st   r2, 8(r1)
        csrr r2, epc
        st   r2, T_EPC(r1)
        mov  r20, r1
        csrr r21, cpuid
        shli r22, r21, 6
        la   r2, k_cpu_area
        add  r22, r22, r2
        csrr r2, cause
        li   r3, 0x100
        bge  r2, r3, k_syscall
        li   r3, IO_TIMER_INTERRUPT
        beq  r2, r3, k_irq_timer
        li   r3, IO_IRQ_DISK
        beq  r2, r3, k_irq_disk
        li   r3, IO_IRQ_NIC
        beq  r2, r3, k_irq_nic
        j    k_irq_return              # IO_IRQ_IPI or anything else: nothing to do but reschedule an idle cpu

# Back to the current context, or, if this cpu was idle, look for work first.
k_irq_return:
        ld   r2, T_STATE(r20)
        li   r3, ST_IDLE
        bne  r2, r3, k_resume_current
        li   r23, 0
        j    k_schedule

k_irq_timer:
        ld   r2, T_STATE(r20)
        li   r3, ST_IDLE
        li   r23, 0
        beq  r2, r3, k_schedule
        li   r23, 1                     # preempt: current goes to the back of the queue
        j    k_schedule

# Picks the next thread. r20 = current TCB; r23 = 1 to put it back in the run queue first.
k_schedule:
        la   r11, k_rq_lock
        li   r12, 1
k_sched_spin:
        swap r13, r12, 0(r11)
        bne  r13, zero, k_sched_spin
        beq  r23, zero, k_sched_pick
        st   zero, T_NEXT(r20)
        la   r11, k_rq_head
        ld   r12, 8(r11)
        bne  r12, zero, k_sched_append
        st   r20, 0(r11)
        j    k_sched_tail
k_sched_append:
        st   r20, T_NEXT(r12)
k_sched_tail:
        st   r20, 8(r11)
k_sched_pick:
        la   r11, k_rq_head
        ld   r10, 0(r11)
        beq  r10, zero, k_sched_idle
        ld   r12, T_NEXT(r10)
        st   r12, 0(r11)
        bne  r12, zero, k_sched_got
        st   zero, 8(r11)               # the queue is empty now
        j    k_sched_got
k_sched_idle:
        shli r10, r21, 9
        la   r12, k_idle_tcbs
        add  r10, r10, r12
k_sched_got:
        st   r10, 0(r22)                # current = next, still under the lock
        la   r11, k_rq_lock
        st   zero, 0(r11)
        mov  r20, r10
# Restores the context in TCB r20 and returns into it with interrupts enabled.
k_resume_current:
        mov  r1, r20
        ld   r2, T_EPC(r1)
        csrw epc, r2
        ld   r2, 16(r1)
        ld   r3, 24(r1)
        ld   r4, 32(r1)
        ld   r5, 40(r1)
        ld   r6, 48(r1)
        ld   r7, 56(r1)
        ld   r8, 64(r1)
        ld   r9, 72(r1)
        ld   r10, 80(r1)
        ld   r11, 88(r1)
        ld   r12, 96(r1)
        ld   r13, 104(r1)
        ld   r14, 112(r1)
        ld   r15, 120(r1)
        ld   r16, 128(r1)
        ld   r17, 136(r1)
        ld   r18, 144(r1)
        ld   r19, 152(r1)
        ld   r20, 160(r1)
        ld   r21, 168(r1)
        ld   r22, 176(r1)
        ld   r23, 184(r1)
        ld   r24, 192(r1)
        ld   r25, 200(r1)
        ld   r26, 208(r1)
        ld   r27, 216(r1)
        ld   r28, 224(r1)
        ld   r29, 232(r1)
        ld   r30, 240(r1)
        ld   r31, 248(r1)
        ld   r1, 8(r1)
        iret

# Appends TCB r10 to the run queue (taking the run-queue lock). Clobbers r11..r13, ra.
k_enqueue:
        la   r11, k_rq_lock
        li   r12, 1
k_enq_spin:
        swap r13, r12, 0(r11)
        bne  r13, zero, k_enq_spin
        li   r12, ST_READY
        st   r12, T_STATE(r10)
        st   zero, T_NEXT(r10)
        la   r11, k_rq_head
        ld   r12, 8(r11)
        bne  r12, zero, k_enq_append
        st   r10, 0(r11)
        j    k_enq_tail
k_enq_append:
        st   r10, T_NEXT(r12)
k_enq_tail:
        st   r10, 8(r11)
        la   r11, k_rq_lock
        st   zero, 0(r11)
        ret

# Device lock. Clobbers r11..r13.
k_dev_acquire:
        la   r11, k_dev_lock
        li   r12, 1
k_dev_spin:
        swap r13, r12, 0(r11)
        bne  r13, zero, k_dev_spin
        ret
k_dev_release:
        la   r11, k_dev_lock
        st   zero, 0(r11)
        ret

# Blocks the current thread so that it re-executes its trap when woken: epc -= 1, push it on
# the wait list whose head is at address r3, release the device lock, schedule.
k_block_retry:
        ld   r5, T_EPC(r20)
        addi r5, r5, -1
        st   r5, T_EPC(r20)
# Blocks the current thread on the wait list at r3 (it resumes after its trap).
k_block_on:
        ld   r7, 0(r3)
        st   r7, T_NEXT(r20)
        st   r20, 0(r3)
        li   r5, ST_BLOCKED
        st   r5, T_STATE(r20)
        jal  k_dev_release
        li   r23, 0
        j    k_schedule

# Blocks the current thread without a list (a driver's owner slot names it). Lock held.
k_block_owner:
        li   r5, ST_BLOCKED
        st   r5, T_STATE(r20)
        jal  k_dev_release
        li   r23, 0
        j    k_schedule

# Moves every TCB on the wait list at r3 to the run queue. Clobbers r9..r13, ra (saved in r24).
k_wake_all:
        mov  r24, ra
        ld   r10, 0(r3)
        st   zero, 0(r3)
k_wake_loop:
        beq  r10, zero, k_wake_done
        ld   r9, T_NEXT(r10)
        jal  k_enqueue
        mov  r10, r9
        j    k_wake_loop
k_wake_done:
        mov  ra, r24
        ret

# ---------------------------------------------------------------- system calls
k_syscall:
        addi r2, r2, -0x100
        li   r3, SYS_EXIT
        beq  r2, r3, k_sys_exit
        li   r3, SYS_YIELD
        beq  r2, r3, k_sys_yield
        li   r3, SYS_PUTC
        beq  r2, r3, k_sys_putc
        li   r3, SYS_PUTINT
        beq  r2, r3, k_sys_putint
        li   r3, SYS_TIME
        beq  r2, r3, k_sys_time
        li   r3, SYS_DISK_READ
        beq  r2, r3, k_sys_disk_read
        li   r3, SYS_NET_RECV
        beq  r2, r3, k_sys_net_recv
        li   r3, SYS_NET_SEND
        beq  r2, r3, k_sys_net_send
        li   r3, SYS_GETC
        beq  r2, r3, k_sys_getc
        li   r4, -1                     # unknown system call
# Returns r4 to the caller in r10.
k_sys_ret:
        st   r4, T_R10(r20)
        j    k_resume_current

k_sys_exit:
        li   r2, ST_EXITED
        st   r2, T_STATE(r20)
        la   r3, k_live
        li   r4, -1
        fadd r5, r4, 0(r3)
        li   r6, 1
        bne  r5, r6, k_exit_switch
        la   r3, k_shutdown              # the last thread: every cpu halts when it next idles
        st   r6, 0(r3)
k_exit_switch:
        li   r23, 0
        j    k_schedule

k_sys_yield:
        li   r23, 1
        j    k_schedule

k_sys_putc:
        li   r5, IO_CONSOLE_BASE
        ld   r4, T_R10(r20)
        st   r4, IO_CONSOLE_PUTC - IO_CONSOLE_BASE(r5)
        j    k_resume_current

k_sys_putint:
        li   r5, IO_CONSOLE_BASE
        ld   r4, T_R10(r20)
        st   r4, IO_CONSOLE_PUTINT - IO_CONSOLE_BASE(r5)
        j    k_resume_current

k_sys_time:
        rdcycle r4
        j    k_sys_ret

k_sys_getc:
        li   r5, IO_CONSOLE_BASE
        ld   r4, IO_CONSOLE_GETC - IO_CONSOLE_BASE(r5)
        j    k_sys_ret

# disk_read(r10 = first sector, r11 = buffer (64-byte aligned), r12 = sectors) -> 0 or error
k_sys_disk_read:
        jal  k_dev_acquire
        la   r3, k_disk_owner
        ld   r4, 0(r3)
        beq  r4, zero, k_disk_issue
        la   r3, k_disk_waiters          # the disk is busy: wait, then try again
        j    k_block_retry
k_disk_issue:
        st   r20, 0(r3)
        li   r5, IO_DISK_BASE
        ld   r6, T_R10(r20)
        st   r6, IO_DISK_SECTOR - IO_DISK_BASE(r5)
        ld   r6, T_R11(r20)
        st   r6, IO_DISK_ADDR - IO_DISK_BASE(r5)
        ld   r6, T_R12(r20)
        st   r6, IO_DISK_COUNT - IO_DISK_BASE(r5)
        li   r6, IO_DISK_CMD_READ
        st   r6, IO_DISK_CMD - IO_DISK_BASE(r5)
        j    k_block_owner

k_irq_disk:
        jal  k_dev_acquire
        li   r5, IO_DISK_BASE
        ld   r6, IO_DISK_STATUS - IO_DISK_BASE(r5)
        li   r8, 0
        li   r7, IO_STATUS_DONE
        beq  r6, r7, k_disk_done
        li   r7, IO_STATUS_ERROR
        bne  r6, r7, k_disk_out          # not done and not an error: spurious
        ld   r8, IO_DISK_ERROR - IO_DISK_BASE(r5)   # the error code is the result
k_disk_done:
        st   zero, IO_DISK_STATUS - IO_DISK_BASE(r5)  # acknowledge
        la   r3, k_disk_owner
        ld   r10, 0(r3)
        st   zero, 0(r3)
        beq  r10, zero, k_disk_wake
        st   r8, T_R10(r10)
        jal  k_enqueue
k_disk_wake:
        la   r3, k_disk_waiters
        jal  k_wake_all
k_disk_out:
        jal  k_dev_release
        j    k_irq_return

# net_send(r10 = buffer (64-byte aligned), r11 = length) -> 0 or error
k_sys_net_send:
        jal  k_dev_acquire
        la   r3, k_tx_owner
        ld   r4, 0(r3)
        beq  r4, zero, k_tx_issue
        la   r3, k_tx_waiters
        j    k_block_retry
k_tx_issue:
        st   r20, 0(r3)
        li   r5, IO_NIC_BASE
        ld   r6, T_R10(r20)
        st   r6, IO_NIC_TX_ADDR - IO_NIC_BASE(r5)
        ld   r6, T_R11(r20)
        st   r6, IO_NIC_TX_LEN - IO_NIC_BASE(r5)
        li   r6, IO_NIC_TX_SEND
        st   r6, IO_NIC_TX_CMD - IO_NIC_BASE(r5)
        j    k_block_owner

# net_recv(r10 = buffer (8-byte aligned, room for the length rounded up to 8), r11 = max bytes)
#   -> length; blocks until a packet is there
k_sys_net_recv:
        jal  k_dev_acquire
        li   r5, IO_NIC_BASE
        la   r3, k_rx_on
        ld   r4, 0(r3)
        bne  r4, zero, k_rx_check
        la   r6, k_rx_ring               # first receive: give the NIC its ring and turn it on
        st   r6, IO_NIC_RX_BASE - IO_NIC_BASE(r5)
        li   r6, K_RX_SLOTS
        st   r6, IO_NIC_RX_SLOTS - IO_NIC_BASE(r5)
        li   r6, 1                        # IO_NIC_CTRL bit 0: receive on; also k_rx_on = 1
        st   r6, IO_NIC_CTRL - IO_NIC_BASE(r5)
        st   r6, 0(r3)
k_rx_check:
        ld   r6, IO_NIC_RX_HEAD - IO_NIC_BASE(r5)
        la   r3, k_rx_tail
        ld   r7, 0(r3)
        bne  r6, r7, k_rx_have
        la   r3, k_rx_waiters            # nothing yet: wait for a NIC interrupt, then retry
        j    k_block_retry
k_rx_have:
        shli r8, r7, 7                   # slot = ring + tail * IO_NIC_SLOT_BYTES (128)
        la   r9, k_rx_ring
        add  r8, r8, r9
        ld   r4, 0(r8)                   # length
        ld   r6, T_R11(r20)
        bge  r6, r4, k_rx_fits
        mov  r4, r6                      # truncate to the caller's maximum
k_rx_fits:
        ld   r9, T_R10(r20)
        addi r6, r4, 7
        shri r6, r6, 3
        addi r8, r8, 8
k_rx_copy:
        beq  r6, zero, k_rx_copied
        ld   r11, 0(r8)
        st   r11, 0(r9)
        addi r8, r8, 8
        addi r9, r9, 8
        addi r6, r6, -1
        j    k_rx_copy
k_rx_copied:
        addi r7, r7, 1
        li   r11, K_RX_SLOTS
        bne  r7, r11, k_rx_nowrap
        li   r7, 0
k_rx_nowrap:
        st   r7, 0(r3)
        st   r7, IO_NIC_RX_TAIL - IO_NIC_BASE(r5)   # the slot is free again
        jal  k_dev_release
        j    k_sys_ret

k_irq_nic:
        jal  k_dev_acquire
        li   r5, IO_NIC_BASE
        ld   r6, IO_NIC_TX_STATUS - IO_NIC_BASE(r5)
        li   r8, 0
        li   r7, IO_STATUS_DONE
        beq  r6, r7, k_tx_done
        li   r7, IO_STATUS_ERROR
        bne  r6, r7, k_nic_rx
        ld   r8, IO_NIC_ERROR - IO_NIC_BASE(r5)     # the error code is the result
k_tx_done:
        st   zero, IO_NIC_TX_STATUS - IO_NIC_BASE(r5)  # acknowledge
        la   r3, k_tx_owner
        ld   r10, 0(r3)
        st   zero, 0(r3)
        beq  r10, zero, k_tx_wake
        st   r8, T_R10(r10)
        jal  k_enqueue
k_tx_wake:
        la   r3, k_tx_waiters
        jal  k_wake_all
k_nic_rx:
        la   r3, k_rx_waiters
        jal  k_wake_all
        jal  k_dev_release
        j    k_irq_return
