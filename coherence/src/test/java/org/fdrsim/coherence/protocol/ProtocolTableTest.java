package org.fdrsim.coherence.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ProtocolTableTest {
    @Test
    void markdownListsEveryStateEventAndBothTables() {
        String md = ProtocolTable.toMarkdown();
        assertThat(md).contains("## Cache controller (L2)", "## Directory");
        for (CacheState s : CacheState.values()) {
            assertThat(md).contains("| `" + s.label() + "` | " + s.description());
        }
        for (DirectoryState s : DirectoryState.values()) {
            assertThat(md).contains("| `" + s.label() + "` | " + s.description());
        }
        for (CacheEvent e : CacheEvent.values()) {
            assertThat(md).contains(e.label());
        }
        // A primer row to check by eye: I x Load = allocate, send GetS / IS_D.
        assertThat(md).contains("allocate, sendGetS / IS_D");
        assertThat(md).contains("sendData, invalidate / I");
    }

    @Test
    void primerTransitionsAreWhereThePrimerPutsThem() {
        var c = ProtocolTable.CACHE;
        assertThat(c.get(CacheState.S, CacheEvent.STORE).next()).isEqualTo(CacheState.SM_AD);
        assertThat(c.get(CacheState.M, CacheEvent.FWD_GETS).next()).isEqualTo(CacheState.O);
        assertThat(c.get(CacheState.SM_AD, CacheEvent.INV).next()).isEqualTo(CacheState.IM_AD);
        assertThat(c.get(CacheState.MI_A, CacheEvent.FWD_GETM).next()).isEqualTo(CacheState.II_A);
        assertThat(c.get(CacheState.S, CacheEvent.LOAD).isHit()).isTrue();
        assertThat(c.get(CacheState.S, CacheEvent.STORE).isHit()).isFalse();
        assertThat(c.get(CacheState.IS_D, CacheEvent.FWD_GETS).kind()).isEqualTo(Transition.Kind.IMPOSSIBLE);
        assertThat(c.get(CacheState.MI_A, CacheEvent.LOAD).kind()).isEqualTo(Transition.Kind.STALL);
        var d = ProtocolTable.DIRECTORY;
        assertThat(d.get(DirectoryState.BUSY_M, DirectoryEvent.GET_S).kind()).isEqualTo(Transition.Kind.STALL);
        assertThat(d.get(DirectoryState.O, DirectoryEvent.PUT_FROM_OWNER).next()).isEqualTo(DirectoryState.S);
    }

    @Test
    void everyStableStateDecidesEveryProcessorEvent() {
        for (CacheState s : CacheState.values()) {
            for (CacheEvent e : new CacheEvent[] {CacheEvent.LOAD, CacheEvent.STORE}) {
                assertThat(ProtocolTable.CACHE.get(s, e).kind()).as("%s x %s", s, e)
                        .isNotEqualTo(Transition.Kind.IMPOSSIBLE);
            }
        }
        for (DirectoryState s : DirectoryState.values()) {
            assertThat(ProtocolTable.DIRECTORY.get(s, DirectoryEvent.GET_S).kind()).as("%s x GetS", s)
                    .isNotEqualTo(Transition.Kind.IMPOSSIBLE);
        }
    }

    @Test
    void builderRejectsCellsDefinedTwice() {
        var b = TransitionTable.builder("t", CacheState.class, CacheEvent.class, CacheAction.class);
        b.in(CacheState.I).on(CacheEvent.LOAD).stall();
        b.in(CacheState.I).on(CacheEvent.LOAD).stay(CacheAction.HIT);
        assertThatThrownBy(b::build).hasMessageContaining("I/LOAD");
    }
}
