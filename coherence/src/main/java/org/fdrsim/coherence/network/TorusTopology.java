package org.fdrsim.coherence.network;

/**
 * The geometry of a {@code dimX x dimY} torus: node coordinates, directed links and
 * dimension-order routes. Node {@code n} sits at {@code (n % dimX, n / dimX)}.
 *
 * <p>Each node has four output ports ({@link Port}); directed link {@code node * 4 + port}
 * leaves that node through that port. A ring of one node has no links; a ring of two nodes has
 * one link each way (the {@code +} port; the {@code -} port would join the same pair and is not
 * modelled). Routing is dimension-order: X first, then Y, each the shorter way around its ring;
 * when both ways are equally long (half way round an even ring) it goes the {@code +} way.
 */
public final class TorusTopology {

    /** The output ports of a router. */
    public enum Port {
        X_PLUS("X+"),
        X_MINUS("X-"),
        Y_PLUS("Y+"),
        Y_MINUS("Y-");

        private final String label;

        Port(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    private static final Port[] PORTS = Port.values();
    static final int PORTS_PER_NODE = 4;

    private final int dimX;
    private final int dimY;

    /** A torus with the given ring sizes (both >= 1). */
    public TorusTopology(int dimX, int dimY) {
        if (dimX < 1 || dimY < 1) {
            throw new IllegalArgumentException("torus dimensions must be >= 1, got " + dimX + " x " + dimY);
        }
        this.dimX = dimX;
        this.dimY = dimY;
    }

    /** The torus for {@code nodes} nodes under {@code config}: its explicit dimensions, or automatic ones. */
    public static TorusTopology of(int nodes, TorusConfig config) {
        if (nodes < 1) {
            throw new IllegalArgumentException("nodes must be >= 1, got " + nodes);
        }
        if (config.automaticDimensions()) {
            return automatic(nodes);
        }
        if ((long) config.dimX() * config.dimY() != nodes) {
            throw new IllegalArgumentException("dimX x dimY (" + config.dimX() + " x " + config.dimY() + " = "
                    + (long) config.dimX() * config.dimY() + ") must equal the node count " + nodes);
        }
        return new TorusTopology(config.dimX(), config.dimY());
    }

    /** The most square torus with {@code dimX >= dimY}: 4 -> 2x2, 8 -> 4x2, 16 -> 4x4, 7 -> 7x1. */
    public static TorusTopology automatic(int nodes) {
        if (nodes < 1) {
            throw new IllegalArgumentException("nodes must be >= 1, got " + nodes);
        }
        int y = (int) Math.sqrt(nodes);
        while (nodes % y != 0) {
            y--;
        }
        return new TorusTopology(nodes / y, y);
    }

    public int dimX() {
        return dimX;
    }

    public int dimY() {
        return dimY;
    }

    public int nodes() {
        return dimX * dimY;
    }

    public int x(int node) {
        return node % dimX;
    }

    public int y(int node) {
        return node / dimX;
    }

    public int node(int x, int y) {
        return y * dimX + x;
    }

    /** Number of directed-link slots (some, in rings of one or two nodes, do not exist). */
    public int linkSlots() {
        return nodes() * PORTS_PER_NODE;
    }

    /** Whether link slot {@code link} is a physical link (see the class comment). */
    public boolean linkExists(int link) {
        Port port = linkPort(link);
        int ring = port == Port.X_PLUS || port == Port.X_MINUS ? dimX : dimY;
        return ring >= 3 || (ring == 2 && (port == Port.X_PLUS || port == Port.Y_PLUS));
    }

    public int linkSource(int link) {
        return link / PORTS_PER_NODE;
    }

    public Port linkPort(int link) {
        return PORTS[link % PORTS_PER_NODE];
    }

    /** The node at the far end of {@code link}. */
    public int linkTarget(int link) {
        int from = linkSource(link);
        int x = x(from);
        int y = y(from);
        return switch (linkPort(link)) {
            case X_PLUS -> node((x + 1) % dimX, y);
            case X_MINUS -> node((x - 1 + dimX) % dimX, y);
            case Y_PLUS -> node(x, (y + 1) % dimY);
            case Y_MINUS -> node(x, (y - 1 + dimY) % dimY);
        };
    }

    /** A readable, stable name such as {@code "5->6 X+"}. */
    public String linkName(int link) {
        return linkSource(link) + "->" + linkTarget(link) + " " + linkPort(link).label();
    }

    /** Hops on the dimension-order route from {@code src} to {@code dst}. */
    public int hops(int src, int dst) {
        return ringDistance(x(src), x(dst), dimX) + ringDistance(y(src), y(dst), dimY);
    }

    /** The first link of the dimension-order route from {@code current} to {@code dst} (which differ). */
    public int nextLink(int current, int dst) {
        int cx = x(current);
        int dx = x(dst);
        if (cx != dx) {
            Port p = plusIsShorter(cx, dx, dimX) ? Port.X_PLUS : Port.X_MINUS;
            return current * PORTS_PER_NODE + p.ordinal();
        }
        int cy = y(current);
        int dy = y(dst);
        if (cy == dy) {
            throw new IllegalArgumentException("no link from node " + current + " to itself");
        }
        Port p = plusIsShorter(cy, dy, dimY) ? Port.Y_PLUS : Port.Y_MINUS;
        return current * PORTS_PER_NODE + p.ordinal();
    }

    /** The links of the route from {@code src} to {@code dst}, in order (allocates; for tests and tools). */
    public int[] route(int src, int dst) {
        int[] links = new int[hops(src, dst)];
        int cur = src;
        for (int i = 0; i < links.length; i++) {
            links[i] = nextLink(cur, dst);
            cur = linkTarget(links[i]);
        }
        return links;
    }

    @Override
    public String toString() {
        return dimX + "x" + dimY + " torus";
    }

    private static int ringDistance(int from, int to, int ring) {
        int forward = Math.floorMod(to - from, ring);
        return Math.min(forward, ring - forward);
    }

    /** Ties (exactly half way round) go the + way, so routes are deterministic. */
    private static boolean plusIsShorter(int from, int to, int ring) {
        int forward = Math.floorMod(to - from, ring);
        return forward <= ring - forward;
    }
}
