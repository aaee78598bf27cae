package org.fdrsim.replayer.debug;

import org.fdrsim.cpu.core.Processor;
import org.fdrsim.replayer.Divergence;
import org.fdrsim.replayer.ReplayProbe;

/** Passes everything to the dump's own probe and shows device stores (which replay does not perform) to the debugger too. */
final class TracingProbe implements ReplayProbe {
    /** Receives device stores. */
    interface DeviceStores {
        void store(int interval, int cpu, long ic, long address, long value);
    }

    private final ReplayProbe inner;
    private final DeviceStores stores;

    TracingProbe(ReplayProbe inner, DeviceStores stores) {
        this.inner = inner;
        this.stores = stores;
    }

    @Override
    public void startInterval(int interval) {
        inner.startInterval(interval);
    }

    @Override
    public long nextStop(int cpu, long ic) {
        return inner.nextStop(cpu, ic);
    }

    @Override
    public Divergence reached(int interval, Processor p) {
        return inner.reached(interval, p);
    }

    @Override
    public void ioStore(int interval, int cpu, long address, long value) {
        inner.ioStore(interval, cpu, address, value);
    }

    @Override
    public void ioStore(int interval, int cpu, long ic, long address, long value) {
        inner.ioStore(interval, cpu, ic, address, value);
        stores.store(interval, cpu, ic, address, value);
    }

    @Override
    public Divergence endInterval(int interval) {
        return inner.endInterval(interval);
    }

    @Override
    public Divergence pending() {
        return inner.pending();
    }

    @Override
    public State save() {
        return inner.save();
    }

    @Override
    public void restore(State state) {
        inner.restore(state);
    }
}
