package org.fdrsim.cpu.sim;

/**
 * Something that reacts to a scheduled event. Handlers are long-lived components
 * (processors, controllers, links), so scheduling an event allocates nothing: the
 * payload and argument say what the event is about.
 */
@FunctionalInterface
public interface EventHandler {
    void onEvent(long now, Object payload, long arg);
}
