# web.s -- a synthetic proxy for the paper's static web server (Apache serving SURGE requests; Table 4).
#
# Imitates: server threads (more than processors) that each take a request from the network
# (SYS_NET_RECV: the NIC DMA-writes the packet into the kernel's receive ring and raises
# interrupt 3; the driver copies it out), hash the request into one of NFILES files, look the
# file up in a shared, read-mostly file cache (the first miss claims the fill with cas and reads
# the file's sector from disk by DMA; a miss while the fill is in flight reads a private copy;
# afterwards every reader shares the cached copy; no lock is held across I/O), build the response
# by copying the file into a private buffer with a checksum, send it (SYS_NET_SEND: the NIC
# DMA-reads the buffer), and update shared statistics (requests, bytes, hits: fetch-and-add on
# counters in one contended block).
# Not imitated: HTTP, TCP, a file system, logging, the SURGE file-size distribution.
#
# NPACKETS must equal devices.nic.packets. Result: the last server prints the sum over
# requests of (file checksum + request hash): it depends on the seed (the packets' contents
# and the disk's contents), never on which server served what or on the number of processors.
#
#   ./fdr run workloads/src/main/resources/programs/commercial/web.s --set devices.enabled=true \
#       --set devices.nic.packets=64 --set devices.nic.meanArrivalCycles=2000

        .include "../../kernel/kernel.s"

        .equ NSERVERS, 12
        .equ NPACKETS, 64                # requests (the scale); = devices.nic.packets
        .equ NFILES, 64                  # files in the cache, one 512-byte sector each
        .equ RESPONSE_BYTES, 512
        .equ MCG, 6364136223846793005

        .data
user_threads:   .word NSERVERS, server, server, server, server, server, server
                .word server, server, server, server, server, server
        .align 64
claimed:        .word 0
        .align 64
finished:       .word 0
        .align 64
stats:          .word 0, 0, 0, 0         # requests, bytes, hits, misses (one contended block)
        .align 64
total:          .word 0
        .align 64
resident:       .space NFILES * 8        # per file: 0 absent, 1 being filled, 2 cached
        .align 64
file_cache:     .space NFILES * 512
        .align 64
requests:       .space NSERVERS * 128
        .align 64
responses:      .space NSERVERS * RESPONSE_BYTES

        .text
server:
        mov  r16, r10
        shli r17, r10, 7
        la   r1, requests
        add  r17, r17, r1                # request buffer
        li   r1, RESPONSE_BYTES
        mul  r18, r16, r1
        la   r1, responses
        add  r18, r18, r1                # response buffer
        li   r26, MCG
serve:  la   r1, claimed
        li   r2, 1
        fadd r3, r2, 0(r1)
        li   r2, NPACKETS
        bge  r3, r2, finish
        mov  r10, r17
        li   r11, 120
        trap SYS_NET_RECV
        mov  r19, r10                    # request length
        li   r20, 0                      # request hash
        li   r4, 0
parse:  beq  r4, r19, parsed
        add  r5, r17, r4
        lb   r6, 0(r5)
        mul  r20, r20, r26
        add  r20, r20, r6
        addi r4, r4, 1
        j    parse
parsed: shri r1, r20, 33
        li   r2, NFILES
        rem  r21, r1, r2                 # file
        shli r1, r21, 3
        la   r2, resident
        add  r22, r1, r2                 # &resident[file]
        shli r1, r21, 9
        la   r2, file_cache
        add  r23, r1, r2                 # the cached file
        la   r9, stats
        ld   r1, 0(r22)
        li   r2, 2
        bne  r1, r2, miss
        li   r2, 1
        fadd r0, r2, 16(r9)              # hit
        j    respond
miss:   li   r2, 1                       # absent (0): claim the fill (0 -> 1) with cas
        cas  r3, zero, r2, 0(r22)
        bne  r3, zero, bypass
        mov  r10, r21                    # read the file's sector into the cache by DMA
        mov  r11, r23
        li   r12, 1
        trap SYS_DISK_READ
        bne  r10, zero, failed
        li   r1, 2
        st   r1, 0(r22)                  # resident
        j    counted_miss
bypass: mov  r10, r21                    # somebody else is filling it: read a private copy
        mov  r11, r18
        li   r12, 1
        trap SYS_DISK_READ
        bne  r10, zero, failed
        mov  r23, r18                    # copy from (and onto) the response buffer
counted_miss:
        la   r9, stats
        li   r2, 1
        fadd r0, r2, 24(r9)              # miss
respond:
        li   r4, RESPONSE_BYTES / 8      # copy the file into the response, with a checksum
        mov  r5, r23
        mov  r6, r18
        li   r7, 0
copy:   ld   r1, 0(r5)
        st   r1, 0(r6)
        mul  r7, r7, r26
        add  r7, r7, r1
        addi r5, r5, 8
        addi r6, r6, 8
        addi r4, r4, -1
        bne  r4, zero, copy
        st   r20, 0(r18)                 # a "header": the request hash
        mov  r10, r18
        li   r11, RESPONSE_BYTES
        trap SYS_NET_SEND
        bne  r10, zero, failed
        la   r9, stats
        li   r2, 1
        fadd r0, r2, 0(r9)               # requests
        li   r2, RESPONSE_BYTES
        fadd r0, r2, 8(r9)               # bytes
        add  r7, r7, r20
        la   r1, total
        fadd r0, r7, 0(r1)
        j    serve

finish: la   r1, finished
        li   r2, 1
        fadd r3, r2, 0(r1)
        li   r2, NSERVERS - 1
        bne  r3, r2, done
        la   r9, stats
        ld   r1, 0(r9)
        li   r2, NPACKETS
        beq  r1, r2, counted
        trigger 0x3B1                    # a request was not counted
counted:
        la   r1, total
        ld   r10, 0(r1)
        trap SYS_PUTINT
done:   trap SYS_EXIT
failed: trigger 0x3B2
