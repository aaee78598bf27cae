# spread-writes.s -- the seed of the dump fuzz targets whose checkpoint logs restore blocks at
# every offset of a page (DumpEdits holds those blocks' words to the compared-state property).
# Each processor stores into every block of its own two pages, six passes, and adds to a shared
# word once a pass (a race). Recorded as the seed `seed-spread`:
#
#   fdr record spread-writes.s --cpus 2 --set 'checkpoint.interval=6000 cycles' -o seed-spread
#
        .data
        .align 4096
pages:  .space 4096 * 4
shared: .word 0
        .text
_start: csrr r10, cpuid
        shli r10, r10, 13          # 8 KB per processor
        la   r11, pages
        add  r11, r11, r10
        la   r12, shared
        li   r13, 1
        li   r7, 6                 # passes
pass:   mov  r1, r11
        li   r2, 128               # blocks in two pages
block:  ld   r3, 0(r1)
        add  r3, r3, r2
        add  r3, r3, r7
        st   r3, 0(r1)
        addi r1, r1, 64
        addi r2, r2, -1
        bne  r2, zero, block
        fadd r0, r13, 0(r12)
        addi r7, r7, -1
        bne  r7, zero, pass
        halt
