# fill-random.s -- every processor writes pseudo-random words to every word of the first
# REGION bytes of its 512 MB: memory that does not compress.
#
# For measuring host memory when pages cannot be packed small (docs/performance.md, "Host
# memory"): fill-memory.s's pages are almost all zeros, so packed they cost ~30 bytes; these
# cost their full 4 KB (LZ4 finds no repeats in a 64-bit linear congruential sequence, whose
# low 16 bits repeat only every 65,536 words). Processor p fills [p x 512 MB, p x 512 MB + REGION);
# processor 0 starts above the program's data. Assumes memory.perCpuMB = 512 (the default).
#
#   java -Dfdrsim.memory.hotMB=32 -jar cli/target/fdr.jar record benchmarks/memory/fill-random.s --cpus 4 -o r.fdr

        .equ SLOT, 512 * 1024 * 1024
        .equ REGION, 128 * 1024 * 1024  # per processor: 4 x 128 MB = 512 MB of random words

        .data
arrived: .word 0
        .align 4096
free:   .word 0

        .text
_start: li   r8, 1442695040888963407   # LCG increment (Knuth's MMIX constants)
        li   r9, 6364136223846793005   # LCG multiplier
        csrr r10, cpuid
        li   r11, SLOT
        mul  r1, r10, r11          # r1 = first word of this processor's region
        li   r12, REGION
        add  r2, r1, r12           # r2 = end of the region
        addi r3, r10, 1            # seed: differs per processor
        bne  r10, zero, fill
        la   r1, free              # processor 0: above the program's data
fill:   mul  r3, r3, r9
        add  r3, r3, r8
        st   r3, 0(r1)
        addi r1, r1, 8
        bne  r1, r2, fill
        halt
