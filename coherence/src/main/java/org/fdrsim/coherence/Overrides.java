package org.fdrsim.coherence;

import java.lang.reflect.Method;

/**
 * Whether an observer's class overrides a no-op default method of the interface it
 * implements. The coherence listeners and the caches' frame observers use it once, when an
 * observer is attached, to send each event only to those that do something with it.
 */
public final class Overrides {
    private Overrides() {}

    /**
     * True if {@code observer}'s class (or a superclass) overrides {@code type}'s method
     * {@code name}, of which {@code type} has exactly one.
     *
     * @throws IllegalArgumentException if {@code type} has no public method {@code name}
     */
    public static <T> boolean method(T observer, Class<T> type, String name) {
        for (Method m : type.getMethods()) {
            if (m.getName().equals(name)) {
                try {
                    return observer.getClass().getMethod(name, m.getParameterTypes()).getDeclaringClass() != type;
                } catch (NoSuchMethodException e) {
                    throw new IllegalStateException(e); // a public interface method is always found
                }
            }
        }
        throw new IllegalArgumentException(type.getSimpleName() + " has no method " + name);
    }
}
