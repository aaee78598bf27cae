# private-mix.s -- a mostly-private workload for measuring simulation speed.
#
# Every processor walks its own 4 KB array (per element: 2 loads, 1 store, 5 ALU
# operations, 2 branches) and once per pass adds to a shared counter with fadd, so a few
# coherence misses remain. Once the arrays are cached, the L2 miss rate is far below 1%.
# It never halts: stop it with a limit.
#
#   ./fdr run examples/private-mix.s --max-instructions 20000000 --stats
#
# The JMH benchmarks (TimedMachineBenchmark, RecorderBenchmark) run this file.

        .data
        .align 4096
arrays: .space 4096 * 64
shared: .word 0
        .text
_start: li   r9, 0x9E3779B97F4A7C15
        csrr r10, cpuid
        shli r10, r10, 12          # 4 KB per processor
        la   r11, arrays
        add  r11, r11, r10
        la   r12, shared
        li   r13, 1
outer:  mov  r1, r11
        li   r2, 511
inner:  ld   r3, 0(r1)
        ld   r4, 8(r1)
        add  r3, r3, r4
        xor  r3, r3, r9
        shri r5, r3, 7
        add  r3, r3, r5
        st   r3, 0(r1)
        addi r1, r1, 8
        addi r2, r2, -1
        bne  r2, zero, inner
        fadd r0, r13, 0(r12)       # the one shared access per pass
        j    outer
