# fill-memory.s -- every processor writes every page of its 512 MB of memory.
#
# For measuring host memory (docs/performance.md, "Host memory"): after it, every page of
# the simulated memory holds data, so the simulator holds the whole memory, the dump's memory
# image has every page and replay rebuilds all of it. Processor p fills
# [p x 512 MB, (p + 1) x 512 MB) with one word per BLOCK bytes (its address xor a
# constant, so pages are not all zero); processor 0 starts above the program's data.
# Assumes memory.perCpuMB = 512 (the default).
#
#   benchmarks/memory/peak-rss.sh        records and replays it, printing peak RSS

        .equ REGION, 512 * 1024 * 1024
        .equ BLOCK, 4096           # one word per page: every page allocated, in seconds (64: every block, ~5 min)

        .data
arrived: .word 0
        .align 4096
free:   .word 0

        .text
_start: li   r9, 0x5DEECE66D
        csrr r10, cpuid
        li   r11, REGION
        mul  r1, r10, r11          # r1 = first block of this processor's region
        add  r2, r1, r11           # r2 = end of the region
        bne  r10, zero, fill
        la   r1, free              # processor 0: above the program's data
fill:   xor  r3, r1, r9
        st   r3, 0(r1)
        addi r1, r1, BLOCK
        bne  r1, r2, fill
        halt
