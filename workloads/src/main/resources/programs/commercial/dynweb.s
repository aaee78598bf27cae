# dynweb.s -- a synthetic proxy for the paper's dynamic web server (Slashcode: Apache, mod_perl
# and MySQL; Table 4): the static web server's network path plus database behaviour.
#
# Imitates: front-end threads (more than processors) take requests from the network
# (SYS_NET_RECV: NIC DMA into the receive ring, interrupt 3), parse them, and either post a
# comment (one request in POST_ONE_IN: lock the message's row, update it, append a record at the
# database's shared log tail, unlock) or browse (read a few message rows without locks: a
# read-mostly table); every DB_MISS_EVERY-th request of a thread misses the database buffer and
# reads a sector by disk DMA (no lock held across the I/O); then "interpret the script" (private
# arithmetic, PERL iterations), fill a page from a shared read-only template and send it
# (SYS_NET_SEND: NIC DMA read). Shared statistics are fetch-and-add counters in one block.
# Not imitated: Perl, SQL, HTTP, the real mix of Slashcode pages and posts.
#
# NPACKETS must equal devices.nic.packets. Result: the last thread checks that every post was
# applied (trigger 0x4D1 otherwise) and prints a checksum of the message table; it depends on
# the seed (which packets arrive), never on the interleaving or the number of processors.
#
#   ./fdr run workloads/src/main/resources/programs/commercial/dynweb.s --set devices.enabled=true \
#       --set devices.nic.packets=48 --set devices.nic.meanArrivalCycles=4000

        .include "../../kernel/kernel.s"

        .equ NTHREADS, 12
        .equ NPACKETS, 48                # requests (the scale); = devices.nic.packets
        .equ NMSG, 256                   # message rows, one block each: +0 lock, +8 comments, +16 digest
        .equ POST_ONE_IN, 4
        .equ BROWSE_ROWS, 4
        .equ DB_MISS_EVERY, 3
        .equ DISK_SECTORS, 256
        .equ LOG_SLOTS, 256
        .equ PERL, 600                   # script interpretation per request (loop iterations)
        .equ PAGE_BYTES, 256
        .equ LOCK_SPINS, 256
        .equ MCG, 6364136223846793005

        .data
user_threads:   .word NTHREADS, front, front, front, front, front, front
                .word front, front, front, front, front, front
        .align 64
claimed:        .word 0
        .align 64
finished:       .word 0
        .align 64
stats:          .word 0, 0, 0, 0         # requests, posts, browses, db misses (one contended block)
        .align 64
log_tail:       .word 0
        .align 64
messages:       .space NMSG * 64
        .align 64
db_log:         .space LOG_SLOTS * 32
        .align 64
template:       .space PAGE_BYTES        # the page template: read-only once the first thread built it
        .align 64
requests:       .space NTHREADS * 128
        .align 64
pages:          .space NTHREADS * PAGE_BYTES
        .align 64
db_pages:       .space NTHREADS * 512

        .text
front:
        mov  r16, r10
        shli r17, r10, 7
        la   r1, requests
        add  r17, r17, r1                # request buffer
        li   r1, PAGE_BYTES
        mul  r18, r16, r1
        la   r1, pages
        add  r18, r18, r1                # page buffer
        shli r1, r16, 9
        la   r25, db_pages
        add  r25, r25, r1                # database page frame
        li   r26, MCG
        li   r24, 0                      # requests handled by this thread
        la   r1, template                # every thread writes the same template (idempotent)
        li   r2, PAGE_BYTES / 8
        li   r3, 0x3C68746D6C3E0A20      # some bytes
tmpl:   st   r3, 0(r1)
        addi r1, r1, 8
        addi r2, r2, -1
        bne  r2, zero, tmpl
serve:  la   r1, claimed
        li   r2, 1
        fadd r3, r2, 0(r1)
        li   r2, NPACKETS
        bge  r3, r2, finish
        mov  r10, r17
        li   r11, 120
        trap SYS_NET_RECV
        mov  r19, r10
        li   r20, 0                      # request hash
        li   r4, 0
parse:  beq  r4, r19, parsed
        add  r5, r17, r4
        lb   r6, 0(r5)
        mul  r20, r20, r26
        add  r20, r20, r6
        addi r4, r4, 1
        j    parse
parsed: addi r24, r24, 1
        la   r9, stats
        li   r2, 1
        fadd r0, r2, 0(r9)
        shri r1, r20, 33
        li   r2, NMSG
        rem  r21, r1, r2                 # message row
        shri r1, r20, 40
        li   r2, POST_ONE_IN
        rem  r1, r1, r2
        bne  r1, zero, browse
        shli r22, r21, 6                 # post: update the row under its lock, log it
        la   r1, messages
        add  r22, r22, r1
        mov  r8, r22
        jal  lock
        ld   r1, 8(r22)
        addi r1, r1, 1
        st   r1, 8(r22)
        ld   r1, 16(r22)
        add  r1, r1, r20
        st   r1, 16(r22)
        la   r1, log_tail
        li   r2, 1
        fadd r3, r2, 0(r1)
        li   r2, LOG_SLOTS
        rem  r3, r3, r2
        shli r3, r3, 5
        la   r2, db_log
        add  r3, r3, r2
        st   r16, 0(r3)
        st   r21, 8(r3)
        st   r20, 16(r3)
        st   r19, 24(r3)
        st   zero, 0(r22)                # unlock
        la   r9, stats
        li   r2, 1
        fadd r0, r2, 8(r9)
        mov  r23, r20
        j    database_io
browse: li   r4, BROWSE_ROWS             # read a few rows, no locks
        mov  r5, r21
        li   r23, 0
brow:   li   r2, NMSG
        rem  r5, r5, r2
        shli r6, r5, 6
        la   r1, messages
        add  r6, r6, r1
        ld   r7, 16(r6)
        add  r23, r23, r7
        ld   r7, 8(r6)
        add  r23, r23, r7
        addi r5, r5, 1
        addi r4, r4, -1
        bne  r4, zero, brow
        la   r9, stats
        li   r2, 1
        fadd r0, r2, 16(r9)
database_io:
        li   r1, DB_MISS_EVERY
        rem  r1, r24, r1
        bne  r1, zero, script
        shri r1, r20, 20                 # database buffer miss: a sector by DMA
        li   r2, DISK_SECTORS - 1
        rem  r10, r1, r2
        mov  r11, r25
        li   r12, 1
        trap SYS_DISK_READ
        bne  r10, zero, failed
        ld   r1, 0(r25)
        add  r23, r23, r1
        la   r9, stats
        li   r2, 1
        fadd r0, r2, 24(r9)
script: li   r1, PERL                    # interpret the script
perl:   mul  r23, r23, r26
        add  r23, r23, r1
        addi r1, r1, -1
        bne  r1, zero, perl
        li   r4, PAGE_BYTES / 8          # fill the page from the template
        la   r5, template
        mov  r6, r18
page:   ld   r1, 0(r5)
        xor  r1, r1, r23
        st   r1, 0(r6)
        addi r5, r5, 8
        addi r6, r6, 8
        addi r4, r4, -1
        bne  r4, zero, page
        mov  r10, r18
        li   r11, PAGE_BYTES
        trap SYS_NET_SEND
        bne  r10, zero, failed
        j    serve

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

finish: la   r1, finished
        li   r2, 1
        fadd r3, r2, 0(r1)
        li   r2, NTHREADS - 1
        bne  r3, r2, done
        li   r1, 0                       # checksum of the table; count the comments
        li   r4, 0
        li   r5, 0
sum:    li   r2, NMSG
        beq  r1, r2, summed
        shli r3, r1, 6
        la   r2, messages
        add  r3, r3, r2
        ld   r6, 8(r3)
        add  r5, r5, r6
        addi r7, r1, 1
        mul  r7, r7, r6
        add  r4, r4, r7
        ld   r6, 16(r3)
        add  r4, r4, r6
        addi r1, r1, 1
        j    sum
summed: la   r9, stats
        ld   r6, 8(r9)
        beq  r5, r6, posts_ok
        trigger 0x4D1                    # a post was lost
posts_ok:
        ld   r6, 0(r9)
        li   r2, NPACKETS
        beq  r6, r2, all_served
        trigger 0x4D2
all_served:
        mov  r10, r4
        trap SYS_PUTINT
done:   trap SYS_EXIT
failed: trigger 0x4D3
