# packet-echo.s -- a packet echo service on the kernel's NIC driver.
#
# Shows: input from the outside world. Packets arrive at the NIC at times drawn from the
# run seed, are DMA-written into the kernel's receive ring and interrupt a processor; four
# server threads receive them (SYS_NET_RECV blocks until a packet is there), fold each packet
# into a checksum (sum of (position + 1) * byte) and send it back unchanged (SYS_NET_SEND: the
# NIC reads the buffer by DMA). The servers together handle exactly NPACKETS packets, which
# must equal devices.nic.packets; the last server to finish prints the checksum, which depends
# only on the packets' contents, not on which server got which packet.
#
#   ./fdr run workloads/src/main/resources/programs/fullsys/packet-echo.s \
#       --set devices.enabled=true --set devices.nic.packets=12

        .include "../../kernel/kernel.s"

        .equ NSERVERS, 4
        .equ NPACKETS, 12

        .data
user_threads:   .word NSERVERS, server, server, server, server
        .align 64
claimed:        .word 0
        .align 64
total:          .word 0
        .align 64
finished:       .word 0
        .align 64
bufs:           .space NSERVERS * 128

        .text
server:
        shli r17, r10, 7
        la   r1, bufs
        add  r17, r17, r1                # this server's packet buffer (64-byte aligned)
serve:
        la   r1, claimed
        li   r2, 1
        fadd r3, r2, 0(r1)               # claim one of the NPACKETS packets
        li   r2, NPACKETS
        bge  r3, r2, finish
        mov  r10, r17
        li   r11, 120
        trap SYS_NET_RECV
        mov  r18, r10                    # length
        li   r4, 0
        li   r5, 0
sum_loop:
        beq  r4, r18, sum_done
        add  r6, r17, r4
        lb   r7, 0(r6)
        addi r8, r4, 1
        mul  r7, r7, r8
        add  r5, r5, r7
        addi r4, r4, 1
        j    sum_loop
sum_done:
        la   r1, total
        fadd r0, r5, 0(r1)
        mov  r10, r17
        mov  r11, r18
        trap SYS_NET_SEND                # echo it
        bne  r10, zero, failed
        j    serve
finish:
        la   r1, finished
        li   r2, 1
        fadd r3, r2, 0(r1)
        li   r2, NSERVERS - 1
        bne  r3, r2, done
        la   r1, total
        ld   r10, 0(r1)
        trap SYS_PUTINT
done:
        trap SYS_EXIT
failed:
        trigger 2
