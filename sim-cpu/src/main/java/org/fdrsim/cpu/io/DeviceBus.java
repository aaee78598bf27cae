package org.fdrsim.cpu.io;

import org.fdrsim.cpu.core.IoPort;

/** The device registers fixed by the ISA (console and timers), routed by address. */
public final class DeviceBus implements IoPort {
    private final Console console;
    private final Timers timers;

    public DeviceBus(Console console, Timers timers) {
        this.console = console;
        this.timers = timers;
    }

    @Override
    public boolean isMapped(long address) {
        return console.handles(address) || timers.handles(address);
    }

    @Override
    public long load(int cpu, long address, long cycle) {
        return console.handles(address) ? console.load(address) : timers.load(address);
    }

    @Override
    public void store(int cpu, long address, long value, long cycle) {
        if (console.handles(address)) {
            console.store(address, value);
        } else {
            timers.store(address, value, cycle);
        }
    }

    public Console console() {
        return console;
    }

    public Timers timers() {
        return timers;
    }
}
