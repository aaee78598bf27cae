package org.fdrsim.coherence.cache;

/** Two frame observers of one cache behind one: each call goes to the first, then the second. */
record FrameObserverPair(FrameObserver first, FrameObserver second) implements FrameObserver {
    /** {@code observer} after {@code earlier} (which may be null). */
    static FrameObserver after(FrameObserver earlier, FrameObserver observer) {
        return earlier == null ? observer : new FrameObserverPair(earlier, observer);
    }

    @Override
    public void blockAllocated(int frame, long block) {
        first.blockAllocated(frame, block);
        second.blockAllocated(frame, block);
    }

    @Override
    public void accessed(int frame, long ic) {
        first.accessed(frame, ic);
        second.accessed(frame, ic);
    }

    @Override
    public void storing(long now, int frame, long block, long[] data, int offset) {
        first.storing(now, frame, block, data, offset);
        second.storing(now, frame, block, data, offset);
    }
}
