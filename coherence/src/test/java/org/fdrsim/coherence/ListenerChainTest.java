package org.fdrsim.coherence;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.fdrsim.coherence.CoherenceListener.Agent;
import org.fdrsim.coherence.CoherenceListener.ReplyKind;
import org.junit.jupiter.api.Test;

class ListenerChainTest {
    /** Records which listener saw which event. */
    private static final List<String> seen = new ArrayList<>();

    /** Observes replies only; piggybacks 7. */
    private static final class Replies implements CoherenceListener {
        @Override
        public long replySending(long now, int sender, Agent agent, int requester, long block, ReplyKind kind) {
            seen.add("replies.sending");
            return 7;
        }

        @Override
        public void replyReceived(long now, int receiver, int sender, Agent agent, long block, ReplyKind kind,
                long piggyback) {
            seen.add("replies.received " + piggyback);
        }
    }

    /** Observes fills, and sends replies that carry nothing (0). */
    private static final class Fills implements CoherenceListener {
        @Override
        public void blockFilled(long now, int cpu, long block, boolean writable) {
            seen.add("fills.filled " + block);
        }

        @Override
        public long replySending(long now, int sender, Agent agent, int requester, long block, ReplyKind kind) {
            seen.add("fills.sending");
            return 0;
        }
    }

    /** A subclass inherits its parent's overrides: it observes what the parent observes. */
    private static class Moves implements CoherenceListener {
        @Override
        public void ownershipMoved(long now, long block, int from, int to) {
            seen.add(getClass().getSimpleName() + ".moved " + from + "->" + to);
        }
    }

    private static final class MovesToo extends Moves {
    }

    @Test
    void eachEventReachesTheListenersThatOverrideItInAttachOrder() {
        seen.clear();
        CoherenceListener chain = ListenerChain.of(new CoherenceListener[] {
            new Fills(), CoherenceListener.NONE, new Replies(), new Moves(), new MovesToo()});

        // the first non-zero value in attach order is carried, though Fills comes first
        assertThat(chain.replySending(1, 0, Agent.CACHE, 1, 0x40, ReplyKind.DATA)).isEqualTo(7);
        chain.replyReceived(2, 1, 0, Agent.CACHE, 0x40, ReplyKind.DATA, 7);
        chain.blockFilled(3, 1, 0x80, true);
        chain.ownershipMoved(4, 0x80, 0, 1);
        chain.blockInvalidated(5, 2, 0x80, 1); // nobody observes it
        chain.writebackReceived(6, 0, 1, 0x80);

        assertThat(seen).containsExactly("fills.sending", "replies.sending", "replies.received 7",
                "fills.filled 128", "Moves.moved 0->1", "MovesToo.moved 0->1");
    }

    @Test
    void theChainStandsForEveryEventAndEachEventHasOneName() {
        Set<String> names = new HashSet<>();
        for (Method m : CoherenceListener.class.getMethods()) {
            if (Modifier.isStatic(m.getModifiers())) {
                continue;
            }
            // observers() finds an event by name: an overload would make it pick one of two
            assertThat(names.add(m.getName())).as("one method named " + m.getName()).isTrue();
            try {
                Method own = ListenerChain.class.getDeclaredMethod(m.getName(), m.getParameterTypes());
                assertThat(own.getDeclaringClass()).isEqualTo(ListenerChain.class);
            } catch (NoSuchMethodException e) {
                throw new AssertionError("ListenerChain does not pass on " + m.getName(), e);
            }
        }
        assertThat(names).hasSizeGreaterThan(10);
    }
}
