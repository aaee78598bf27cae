# barrier.s -- registration and a sense-reversing barrier for the SPLASH-style kernels.
#
# Included (.include "barrier.s") by fft.s, lu.s, radix.s and stencil.s; it is not a
# program by itself (no _start). It ends in .text, so put the .include where code may
# follow, e.g. after the kernel's last halt.
#
# Calling convention (all routines are called with jal and return with ret):
#   r25, r26, r27  scratch: every routine may clobber them
#   r28            P, the number of processors; sync_register sets it, keep it
#   r29            this processor's barrier sense; sync_register zeroes it, keep it
#   r31 (ra)       return address
# Kernels use r1..r24 for themselves. The routines call nothing, so a caller that does not
# itself need ra may call them from anywhere.
#
# sync_register -- call it first thing. A program cannot ask the machine how many
#   processors there are (there is no CSR for it), so the processors count themselves:
#   every processor registers with fadd on sync_arrived; processor 0 then spins
#   SYNC_REGISTRATION_SPIN times around an empty loop, reads sync_arrived as P, publishes
#   it in sync_nprocs and sets sync_go; the others wait for sync_go and read P. The
#   assumption: all processors start together, so each has executed its first three
#   instructions long before processor 0 finishes a 40,000-instruction loop. On the timed
#   machine a miss is about 720 cycles, so 16 registrations serialised on one block take
#   some 10,000 cycles; measured with 16 processors, a spin of 100 iterations still counted
#   everyone and 30 did not, so 20,000 leaves a wide margin. The assumption is checked,
#   not trusted: after go, each processor asserts that sync_arrived still equals P, so a
#   processor that registered too late stops the machine with trigger SYNC_LATE instead
#   of corrupting the result.
#   It also asserts cpuid < P (trigger SYNC_CPUID), because kernels split work by cpuid.
#
# barrier -- a centralised sense-reversing barrier: each processor flips its private
#   sense, counts itself in with fadd, and the last of the P arrivals resets the count and
#   then writes its sense to the shared flag, releasing the others, who spin on the flag.
#   Resetting the count before the release is safe because nobody can arrive at the next
#   barrier before the release; flipping the sense each time means the flag never has to
#   be reset, so a fast processor cannot pass the next barrier early.

        .equ SYNC_REGISTRATION_SPIN, 20000   # iterations of processor 0's 2-instruction wait
        .equ SYNC_LATE, 0xBA1                # trigger: a processor registered after P was read
        .equ SYNC_CPUID, 0xBA2               # trigger: cpuid >= P

        .data
        .align 64                            # each shared word in its own cache block
sync_arrived: .word 0
        .align 64
sync_nprocs:  .word 0
        .align 64
sync_go:      .word 0
        .align 64
sync_count:   .word 0
        .align 64
sync_flag:    .word 0
        .align 64

        .text
sync_register:
        la   r25, sync_arrived
        li   r26, 1
        fadd r0, r26, 0(r25)                 # count myself in
        csrr r26, cpuid
        bne  r26, zero, sync_wait_go
        li   r26, SYNC_REGISTRATION_SPIN     # processor 0: give everybody time to register
sync_spin:
        addi r26, r26, -1
        bne  r26, zero, sync_spin
        ld   r28, 0(r25)                     # P = everybody who registered
        la   r26, sync_nprocs
        st   r28, 0(r26)                     # publish P first ...
        la   r26, sync_go
        li   r27, 1
        st   r27, 0(r26)                     # ... then go (SC: whoever sees go sees P)
        j    sync_check
sync_wait_go:
        la   r26, sync_go
sync_go_spin:
        ld   r27, 0(r26)
        beq  r27, zero, sync_go_spin
        la   r26, sync_nprocs
        ld   r28, 0(r26)
sync_check:
        ld   r27, 0(r25)                     # a late registration shows up here
        sub  r27, r27, r28
        slti r27, r27, 1                     # arrived - P < 1, i.e. arrived == P
        assert r27, SYNC_LATE
        csrr r26, cpuid
        slt  r27, r26, r28
        assert r27, SYNC_CPUID
        li   r29, 0                          # barrier sense starts at 0, like sync_flag
        ret

barrier:
        xori r29, r29, 1                     # the sense this barrier will release
        la   r25, sync_count
        li   r26, 1
        fadd r26, r26, 0(r25)                # r26 = arrivals before me
        addi r26, r26, 1
        bne  r26, r28, barrier_wait
        st   r0, 0(r25)                      # last one: reset the count, then release
        la   r25, sync_flag
        st   r29, 0(r25)
        ret
barrier_wait:
        la   r25, sync_flag
barrier_spin:
        ld   r27, 0(r25)
        bne  r27, r29, barrier_spin
        ret
