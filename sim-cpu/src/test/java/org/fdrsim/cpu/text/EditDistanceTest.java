package org.fdrsim.cpu.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class EditDistanceTest {
    @Test
    void countsInsertionsDeletionsAndSubstitutions() {
        assertThat(EditDistance.between("kitten", "sitting")).isEqualTo(3);
        assertThat(EditDistance.between("", "abc")).isEqualTo(3);
        assertThat(EditDistance.between("stepi", "stepi")).isZero();
        assertThat(EditDistance.between("--dap-prot", "--dap-port")).isEqualTo(2);
        assertThat(EditDistance.between("--dap-prot", "--dap")).isEqualTo(5);
    }

    @Test
    void theClosestNameWithinTheLimitOrNone() {
        List<String> names = List.of("step", "stepi", "next");
        assertThat(EditDistance.closest("stpi", names, 2)).isEqualTo("stepi");
        assertThat(EditDistance.closest("stp", names, 2)).isEqualTo("step"); // the first of equals
        assertThat(EditDistance.closest("frobnicate", names, 2)).isNull();
    }

    @Test
    void aShortWordIsMeantOnlyAsItIsTyped() {
        assertThat(EditDistance.meant("l3", List.of("l1", "l2"))).isNull(); // an L3 cache, not a typo of l1
        assertThat(EditDistance.meant("cpu", List.of("cpus", "seed"))).isEqualTo("cpus");
        assertThat(EditDistance.meant("sizekb", List.of("sizeKB", "ways"))).isEqualTo("sizeKB");
        assertThat(EditDistance.meant("contnue", List.of("continue", "cpu"))).isEqualTo("continue");
    }
}
