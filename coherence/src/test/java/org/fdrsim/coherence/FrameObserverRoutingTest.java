package org.fdrsim.coherence;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.fdrsim.coherence.cache.CacheController;
import org.fdrsim.coherence.cache.FrameObserver;
import org.junit.jupiter.api.Test;

/**
 * The cache sends each frame event only to the observers whose class overrides it, resolved
 * when they are attached: every observer still gets each event it overrides (an inherited
 * override counts), in attach order, and a block's allocation comes before its first access
 * and store.
 */
class FrameObserverRoutingTest {
    private static final long BLOCK = 0x1000;

    @Test
    void everyOverriddenEventReachesItsObserversInAttachOrder() {
        ScriptedRig rig = new ScriptedRig(2, 2);
        CacheController cache = rig.mem.cache(0);
        List<String> log = new ArrayList<>();
        cache.observeFrames(new Accesses("a", log));
        cache.observeFrames(new Stores("s", log));
        cache.observeFrames(new InheritedAccesses("i", log));

        rig.add(0, BLOCK, 5); // a miss: allocated, then the re-executed store hits
        rig.net.deliverAll();
        rig.load(0, BLOCK + 8); // a hit
        int frame = cache.l2Frame(BLOCK);

        assertThat(log).containsExactly(
                "s allocated " + frame + " 1000",
                "a accessed " + frame + " 0",
                "i accessed " + frame + " 0",
                "s storing " + frame + " 1000",
                "a accessed " + frame + " 0",
                "i accessed " + frame + " 0");
    }

    /** Overrides only {@code accessed}. */
    private static class Accesses implements FrameObserver {
        final String name;
        final List<String> log;

        Accesses(String name, List<String> log) {
            this.name = name;
            this.log = log;
        }

        @Override
        public void accessed(int frame, long ic) {
            log.add(name + " accessed " + frame + " " + ic);
        }
    }

    /** Overrides nothing itself: its parent's {@code accessed} is its override. */
    private static final class InheritedAccesses extends Accesses {
        InheritedAccesses(String name, List<String> log) {
            super(name, log);
        }
    }

    /** Overrides {@code blockAllocated} and {@code storing}. */
    private record Stores(String name, List<String> log) implements FrameObserver {
        @Override
        public void blockAllocated(int frame, long block) {
            log.add(name + " allocated " + frame + " " + Long.toHexString(block));
        }

        @Override
        public void storing(long now, int frame, long block, long[] data, int offset) {
            log.add(name + " storing " + frame + " " + Long.toHexString(block));
        }
    }
}
