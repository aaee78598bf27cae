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

    /**
     * Whatever the mix of delays (a few cycles, a few thousand, a million) and of firing,
     * peeking and skipping ahead in between, the queue fires in the order a plain sort by
     * (time, scheduling order) gives.
     */
    @Test
    void mixedDelaysFireAsASortByTimeThenSchedulingOrder() {
        EventQueue q = new EventQueue();
        List<Fired> fired = new ArrayList<>();
        java.util.PriorityQueue<long[]> model = new java.util.PriorityQueue<>(
                (a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
        SplittableRandom random = new SplittableRandom(7);
        EventHandler record = (now, payload, arg) -> fired.add(new Fired(now, arg, payload));
        long id = 0;
        for (int round = 0; round < 4000; round++) {
            int burst = random.nextInt(6);
            for (int i = 0; i < burst; i++) {
                long delay = switch (random.nextInt(5)) {
                    case 0 -> random.nextInt(8);
                    case 1 -> 4096L * (1 + random.nextInt(3)) - 1 + random.nextInt(3);
                    case 2 -> random.nextInt(20_000);
                    case 3 -> random.nextInt(1_000_000);
                    default -> random.nextInt(600);
                };
                long time = q.now() + delay;
                q.schedule(time, record, "p" + id, id);
                model.add(new long[] {time, id});
                id++;
            }
            int fire = q.size() == 0 ? 0 : random.nextInt(Math.min(q.size(), 4) + 1);
            for (int i = 0; i < fire; i++) {
                long[] expected = model.poll();
                assertThat(q.peekTime()).isEqualTo(expected[0]);
                assertThat(q.step()).isTrue();
                Fired f = fired.get(fired.size() - 1);
                assertThat(new long[] {f.time(), f.id()}).containsExactly(expected);
            }
            if (random.nextInt(10) == 0) {
                long to = model.isEmpty() ? q.now() + random.nextInt(10_000)
                        : q.now() + random.nextLong(model.peek()[0] - q.now() + 1);
                q.advanceTo(to);
                assertThat(q.now()).isEqualTo(Math.max(to, q.now()));
            }
        }
        while (!model.isEmpty()) {
            long[] expected = model.poll();
            assertThat(q.step()).isTrue();
            Fired f = fired.get(fired.size() - 1);
            assertThat(new long[] {f.time(), f.id()}).containsExactly(expected);
        }
        assertThat(q.step()).isFalse();
        assertThat(q.peekTime()).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void refusesToSkipAPendingEventOrScheduleInThePast() {
        EventQueue q = new EventQueue();
        EventHandler nothing = (now, payload, arg) -> { };
        q.schedule(10_000, nothing, null, 0);
        q.schedule(5, nothing, null, 0);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> q.advanceTo(6))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("at 5");
        q.step();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> q.advanceTo(10_001))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("at 10000");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> q.schedule(4, nothing, null, 0))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("in the past");
    }
}
