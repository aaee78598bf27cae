package org.fdrsim.cpu.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The event queue fires by time, then in scheduling order, whatever the heap's size and reuse. */
class EventQueueTest {
    record Fired(long time, long id, Object payload) {}

    @Test
    void firesInTimeThenSchedulingOrderAcrossGrowthAndSlotReuse() {
        EventQueue q = new EventQueue();
        List<Fired> fired = new ArrayList<>();
        SplittableRandom random = new SplittableRandom(42);
        EventHandler record = (now, payload, arg) -> fired.add(new Fired(now, arg, payload));
        long id = 0;
        // bursts large enough to grow the queue past its initial 1024 entries, with firing in between
        for (int round = 0; round < 6; round++) {
            int burst = 700 + random.nextInt(900);
            for (int i = 0; i < burst; i++) {
                long time = q.now() + random.nextInt(50); // many ties
                q.schedule(time, record, "p" + id, id);
                id++;
            }
            int fire = random.nextInt(q.size());
            for (int i = 0; i < fire; i++) {
                assertThat(q.step()).isTrue();
            }
        }
        while (q.step()) {
            // drain
        }
        assertThat(q.step()).isFalse();
        assertThat(fired).hasSize((int) id);
        // ids grow with scheduling order: equal times fire by id
        for (int i = 1; i < fired.size(); i++) {
            Fired a = fired.get(i - 1);
            Fired b = fired.get(i);
            assertThat(b.time()).isGreaterThanOrEqualTo(a.time());
            if (b.time() == a.time()) {
                assertThat(b.id()).isGreaterThan(a.id());
            }
        }
        for (Fired f : fired) {
            assertThat(f.payload()).isEqualTo("p" + f.id());
        }
        assertThat(fired.stream().map(Fired::id).distinct().count()).isEqualTo(id); // each exactly once
    }
}
