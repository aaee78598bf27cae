package org.fdrsim.coherence.cache;

import java.lang.reflect.Method;

/** Two frame observers of one cache behind one: each call goes to the first, then the second. */
record FrameObserverPair(FrameObserver first, FrameObserver second) implements FrameObserver {
    /** {@code observer} after {@code earlier} (which may be null). */
    static FrameObserver after(FrameObserver earlier, FrameObserver observer) {
        return earlier == null ? observer : new FrameObserverPair(earlier, observer);
    }

    /** True if {@code observer}'s class overrides {@link FrameObserver}'s method {@code name}. */
    static boolean overrides(FrameObserver observer, String name) {
        for (Method m : FrameObserver.class.getMethods()) {
            if (m.getName().equals(name)) {
                try {
                    return observer.getClass().getMethod(name, m.getParameterTypes()).getDeclaringClass()
                            != FrameObserver.class;
                } catch (NoSuchMethodException e) {
                    throw new IllegalStateException(e); // a public interface method is always found
                }
            }
        }
        throw new IllegalArgumentException("FrameObserver has no method " + name);
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
