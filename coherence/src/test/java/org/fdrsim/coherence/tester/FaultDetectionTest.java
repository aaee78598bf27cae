package org.fdrsim.coherence.tester;

import static org.assertj.core.api.Assertions.assertThat;

import org.fdrsim.coherence.cache.FaultInjection;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The checker must be able to fail: deliberate protocol bugs are reported, not missed.
 *
 * <p>A bug shows only if a wrong value is read: a stale S copy that its own cache overwrites
 * (an upgrade fetches fresh data) or evicts before reading is harmless. So the runs are
 * read-mostly on two blocks that never leave the caches, and the seeds are pinned (runs are
 * deterministic); with these settings most seeds expose the bug, and these do.
 */
class FaultDetectionTest {
    private static TesterConfig config(long seed, FaultInjection fault) {
        return TesterConfig.defaults().withSeed(seed).withOps(50_000).withShape(4, 2, 1).withMix(80, 0)
                .withFault(fault);
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 4, 9})
    void anIgnoredInvalidationIsAViolation(long seed) {
        TesterResult r = ProtocolTester.run(config(seed, FaultInjection.IGNORE_ONE_INVALIDATION));
        assertThat(r.violationCount()).as(r.report()).isPositive();
        assertThat(r.passed()).isFalse();
        assertThat(r.violations().get(0).toString()).contains("block 0x", "word", "expected", "actual", "cpu");
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 4, 5})
    void aCorruptedDataReplyIsAViolation(long seed) {
        TesterResult r = ProtocolTester.run(config(seed, FaultInjection.CORRUPT_ONE_DATA_REPLY));
        assertThat(r.violationCount()).as(r.report()).isPositive();
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
