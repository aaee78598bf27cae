package org.fdrsim.coherence.tester;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The checker must be able to fail: deliberate protocol bugs are reported, not missed.
 *
 * <p>A bug shows only if a wrong value is read: a stale S copy that its own cache overwrites
 * (an upgrade fetches fresh data) or evicts before reading is harmless. So the runs are
 * read-mostly on two blocks that never leave the caches, and each fault must be caught in at
 * least half of 8 seeds (all 8 are at the time of writing; pinning single seeds would break
 * whenever a random stream changes).
 */
class FaultDetectionTest {
    private static final int SEEDS = 8;

    private static TesterConfig config(long seed, FaultInjection fault) {
        return TesterConfig.defaults().withSeed(seed).withOps(50_000).withShape(4, 2, 1).withMix(90, 0)
                .withFault(fault);
    }

    private static int runsCaught(FaultInjection fault) {
        int caught = 0;
        for (long seed = 1; seed <= SEEDS; seed++) {
            TesterResult r = ProtocolTester.run(config(seed, fault));
            assertThat(r.deadlock()).isNull();
            assertThat(r.error()).isNull();
            if (r.violationCount() > 0) {
                caught++;
                assertThat(r.passed()).isFalse();
                assertThat(r.report()).startsWith("FAIL");
                assertThat(r.violations().get(0).toString())
                        .contains("block 0x", "word", "expected", "actual", "cpu", "cycle");
            }
        }
        System.out.println(fault + " caught in " + caught + " of " + SEEDS + " seeds");
        return caught;
    }

    @Test
    void anIgnoredInvalidationIsAViolation() {
        assertThat(runsCaught(FaultInjection.IGNORE_ONE_INVALIDATION)).isGreaterThanOrEqualTo(SEEDS / 2);
    }

    @Test
    void aCorruptedDataReplyIsAViolation() {
        assertThat(runsCaught(FaultInjection.CORRUPT_ONE_DATA_REPLY)).isGreaterThanOrEqualTo(SEEDS / 2);
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2})
    void aLostAckIsADeadlockListingTheStuckTransactions(long seed) {
        TesterResult r = ProtocolTester.run(config(seed, FaultInjection.DROP_ONE_INV_ACK).withDeadlockCycles(20_000));
        assertThat(r.deadlock()).as(r.report()).isNotNull();
        assertThat(r.deadlock()).contains("miss to 0x", "pending acks", "directory", "BUSY_M");
        assertThat(r.report()).startsWith("FAIL");
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void withoutFaultsTheSameRunsPass(long seed) {
        TesterResult r = ProtocolTester.run(config(seed, FaultInjection.NONE));
        assertThat(r.passed()).as(r.report()).isTrue();
    }
}
