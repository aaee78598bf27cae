package org.fdrsim.coherence.network;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayDeque;
import java.util.Arrays;
import org.fdrsim.coherence.network.TorusTopology.Port;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TorusTopologyTest {

    @ParameterizedTest
    @CsvSource({"1,1,1", "2,2,1", "3,3,1", "4,2,2", "6,3,2", "7,7,1", "8,4,2", "9,3,3", "12,4,3", "16,4,4",
            "32,8,4", "64,8,8"})
    void automaticDimensionsAreTheMostSquareWithXAtLeastY(int nodes, int x, int y) {
        TorusTopology t = TorusTopology.of(nodes, TorusConfig.fdr1());
        assertThat(t.dimX()).isEqualTo(x);
        assertThat(t.dimY()).isEqualTo(y);
        assertThat(t.nodes()).isEqualTo(nodes);
    }

    @Test
    void explicitDimensionsAreUsedAndMustMatchTheNodeCount() {
        TorusTopology t = TorusTopology.of(8, TorusConfig.fdr1().withDimensions(2, 4));
        assertThat(t.dimX()).isEqualTo(2);
        assertThat(t.dimY()).isEqualTo(4);
        assertThatThrownBy(() -> TorusTopology.of(8, TorusConfig.fdr1().withDimensions(3, 2)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("dimX x dimY (3 x 2 = 6)")
                .hasMessageContaining("node count 8");
        assertThatThrownBy(() -> TorusTopology.of(0, TorusConfig.fdr1()))
                .hasMessageContaining("nodes must be >= 1");
    }

    @Test
    void hopCountsOn2x2() {
        TorusTopology t = new TorusTopology(2, 2);
        assertThat(t.hops(0, 0)).isZero();
        assertThat(t.hops(0, 1)).isEqualTo(1);
        assertThat(t.hops(0, 2)).isEqualTo(1);
        assertThat(t.hops(0, 3)).isEqualTo(2);
        assertThat(t.hops(3, 0)).isEqualTo(2);
    }

    @Test
    void hopCountsOn4x2() {
        TorusTopology t = new TorusTopology(4, 2);
        // row 0: nodes 0..3, row 1: nodes 4..7
        assertThat(t.hops(0, 1)).isEqualTo(1);
        assertThat(t.hops(0, 2)).isEqualTo(2);
        assertThat(t.hops(0, 3)).isEqualTo(1); // wraparound
        assertThat(t.hops(0, 4)).isEqualTo(1);
        assertThat(t.hops(0, 6)).isEqualTo(3);
        assertThat(t.hops(1, 7)).isEqualTo(3);
        assertThat(maxHops(t)).isEqualTo(3);
    }

    @Test
    void hopCountsOn4x4() {
        TorusTopology t = new TorusTopology(4, 4);
        assertThat(t.hops(0, 5)).isEqualTo(2);
        assertThat(t.hops(0, 10)).isEqualTo(4);
        assertThat(t.hops(0, 15)).isEqualTo(2); // both dimensions wrap
        assertThat(maxHops(t)).isEqualTo(4);
        // average distance from a node of a 4x4 torus is 2 hops (1 per dimension)
        int sum = 0;
        for (int d = 0; d < 16; d++) {
            sum += t.hops(0, d);
        }
        assertThat(sum).isEqualTo(32);
    }

    @Test
    void wraparoundTakesTheShortWay() {
        TorusTopology t = new TorusTopology(8, 1);
        assertThat(ports(t, 0, 7)).containsExactly(Port.X_MINUS);
        assertThat(ports(t, 1, 6)).containsExactly(Port.X_MINUS, Port.X_MINUS, Port.X_MINUS);
        assertThat(ports(t, 6, 1)).containsExactly(Port.X_PLUS, Port.X_PLUS, Port.X_PLUS);
        assertThat(t.linkTarget(t.nextLink(0, 7))).isEqualTo(7);
        assertThat(t.linkTarget(t.nextLink(7, 0))).isEqualTo(0);
    }

    @Test
    void halfWayRoundGoesThePlusWay() {
        TorusTopology t = new TorusTopology(4, 4);
        assertThat(ports(t, 0, 2)).containsExactly(Port.X_PLUS, Port.X_PLUS);
        assertThat(ports(t, 2, 0)).containsExactly(Port.X_PLUS, Port.X_PLUS);
        assertThat(ports(t, 0, 8)).containsExactly(Port.Y_PLUS, Port.Y_PLUS);
    }

    @Test
    void routesGoXFirstThenY() {
        TorusTopology t = new TorusTopology(4, 4);
        // (0,0) -> (1,3): one hop X+, then one hop Y- (wraparound)
        int[] route = t.route(0, t.node(1, 3));
        assertThat(ports(t, 0, t.node(1, 3))).containsExactly(Port.X_PLUS, Port.Y_MINUS);
        assertThat(t.linkName(route[0])).isEqualTo("0->1 X+");
        assertThat(t.linkName(route[1])).isEqualTo("1->13 Y-");
    }

    @Test
    void everyRouteIsMinimalDimensionOrderedAndUsesOnlyPhysicalLinks() {
        for (int[] dims : new int[][] {{1, 1}, {2, 1}, {2, 2}, {3, 1}, {4, 2}, {3, 3}, {4, 4}, {5, 3}, {8, 8}}) {
            TorusTopology t = new TorusTopology(dims[0], dims[1]);
            for (int s = 0; s < t.nodes(); s++) {
                int[] bfs = bfsDistances(t, s);
                for (int d = 0; d < t.nodes(); d++) {
                    int[] route = t.route(s, d);
                    assertThat(route.length).as("%s %d->%d", t, s, d).isEqualTo(bfs[d]).isEqualTo(t.hops(s, d));
                    int at = s;
                    boolean inY = false;
                    for (int link : route) {
                        assertThat(t.linkSource(link)).isEqualTo(at);
                        assertThat(t.linkExists(link)).as("%s link %s", t, t.linkName(link)).isTrue();
                        boolean y = t.linkPort(link) == Port.Y_PLUS || t.linkPort(link) == Port.Y_MINUS;
                        assertThat(!inY || y).as("X hop after a Y hop on %d->%d", s, d).isTrue();
                        inY |= y;
                        at = t.linkTarget(link);
                    }
                    assertThat(at).isEqualTo(d);
                }
            }
        }
    }

    @Test
    void physicalLinkCounts() {
        assertThat(physicalLinks(new TorusTopology(1, 1))).isZero();
        assertThat(physicalLinks(new TorusTopology(2, 1))).isEqualTo(2); // one each way
        assertThat(physicalLinks(new TorusTopology(2, 2))).isEqualTo(8);
        assertThat(physicalLinks(new TorusTopology(4, 2))).isEqualTo(8 * 2 + 8);
        assertThat(physicalLinks(new TorusTopology(4, 4))).isEqualTo(64);
    }

    private static int physicalLinks(TorusTopology t) {
        int n = 0;
        for (int l = 0; l < t.linkSlots(); l++) {
            if (t.linkExists(l)) {
                n++;
            }
        }
        return n;
    }

    private static Port[] ports(TorusTopology t, int src, int dst) {
        return Arrays.stream(t.route(src, dst)).mapToObj(t::linkPort).toArray(Port[]::new);
    }

    private static int maxHops(TorusTopology t) {
        int max = 0;
        for (int s = 0; s < t.nodes(); s++) {
            for (int d = 0; d < t.nodes(); d++) {
                max = Math.max(max, t.hops(s, d));
            }
        }
        return max;
    }

    /** Shortest-path distances over the physical links: the reference for minimal routing. */
    private static int[] bfsDistances(TorusTopology t, int src) {
        int[] dist = new int[t.nodes()];
        Arrays.fill(dist, -1);
        dist[src] = 0;
        ArrayDeque<Integer> work = new ArrayDeque<>();
        work.add(src);
        while (!work.isEmpty()) {
            int n = work.poll();
            for (int p = 0; p < 4; p++) {
                int link = n * 4 + p;
                if (!t.linkExists(link)) {
                    continue;
                }
                int m = t.linkTarget(link);
                if (dist[m] < 0) {
                    dist[m] = dist[n] + 1;
                    work.add(m);
                }
            }
        }
        return dist;
    }
}
