# log-stall.s -- every processor reads its cycle counter in a loop, and nothing else.
#
# Shows: a recording that is bound by a log's drain, without races. Each rdcycle is an
# input-log entry (8 bytes); FDR1 drains the input log at 10 MB/s, one entry per 3,200 cycles
# at 4 GHz, so once its 8 KB buffer is full a recorded processor waits for the log on every
# iteration, while the same run without the recorder never waits:
#
#   ./fdr run examples/log-stall.s --cpus 4 --set recorder.enabled=false   # 800,003 cycles
#   ./fdr run examples/log-stall.s --cpus 4 --set recorder.enabled=true    # 636,723,206 cycles
#
# Same instructions (3,200,012), 796 times the simulated time. The machine jumps over a wait
# instead of simulating it cycle by cycle: the host time grows with the number of waits, not
# with their length (docs/performance-history.md, "Stop 32"). Each wait falls before the processor's
# next instruction, so each iteration's rdcycle reads the clock 3,200 cycles after the last.

        .equ ITERATIONS, 200000

        .text
_start: li   r3, ITERATIONS
        li   r2, 0
loop:   rdcycle r1
        add  r2, r2, r1
        addi r3, r3, -1
        bne  r3, zero, loop
        halt
