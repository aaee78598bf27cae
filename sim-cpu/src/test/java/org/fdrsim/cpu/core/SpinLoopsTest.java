package org.fdrsim.cpu.core;

import static org.assertj.core.api.Assertions.assertThat;

import org.fdrsim.cpu.program.Code;
import org.junit.jupiter.api.Test;

/** Which code heads a spin loop, and how many iterations fit before a slice's stop. */
class SpinLoopsTest {
    private static boolean[] heads(String text) {
        Code code = Exec.assemble(".text\n_start:\n" + text + "\nhalt\n").code();
        return SpinLoops.heads(code.packed(), code.imm(), code.length());
    }

    @Test
    void aLoadOrASwapWithABranchBackToItHeadsASpinLoop() {
        assertThat(heads("spin: ld r6, 0(r3)\n beq r6, zero, spin")[0]).isTrue();
        assertThat(heads("spin: swap r13, r12, 0(r11)\n bne r13, zero, spin")[0]).isTrue();
        assertThat(heads("spin: ld r6, 8(r3)\n bltu r6, r7, spin")[0]).isTrue();
    }

    @Test
    void loopsWhoseAccessMovesOrWhoseBranchGoesElsewhereDoNot() {
        // the load overwrites its own address register: the next iteration reads elsewhere
        assertThat(heads("spin: ld r3, 0(r3)\n bne r3, zero, spin")[0]).isFalse();
        // the swap stores the value it read: the next iteration may store another
        assertThat(heads("spin: swap r13, r13, 0(r11)\n bne r13, zero, spin")[0]).isFalse();
        // not the branch back to the access
        assertThat(heads("top: nop\n ld r6, 0(r3)\n beq r6, zero, top")).containsOnly(false);
        // a store, a fetch-and-add and a compare-and-swap change memory every time
        assertThat(heads("spin: st r6, 0(r3)\n beq r6, zero, spin")).containsOnly(false);
        assertThat(heads("spin: fadd r6, r7, 0(r3)\n beq r6, zero, spin")).containsOnly(false);
        // an unconditional jump back is not a spin on a value
        assertThat(heads("spin: ld r6, 0(r3)\n j spin")).containsOnly(false);
    }

    /**
     * The count against the interpreter's own rule, stepped: before each instruction it checks
     * IC < stop, and each access takes its extra cycles from the stop.
     */
    @Test
    void iterationsAreThosePairsTheInterpreterWouldRunInFull() {
        for (int hit = 0; hit <= 6; hit++) {
            for (long gap = -3; gap <= 60; gap++) {
                long ic = 0;
                long stop = gap;
                long pairs = 0;
                while (ic < stop) { // the branch
                    ic++;
                    if (!(ic < stop)) { // the access
                        break;
                    }
                    ic++;
                    stop -= hit;
                    pairs++;
                }
                assertThat(SpinLoops.iterations(gap, hit)).as("gap %d, hit %d", gap, hit).isEqualTo(pairs);
            }
        }
    }
}
