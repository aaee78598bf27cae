package org.fdrsim.cpu.core;

/**
 * A processor's path to device registers (addresses from {@code AddressMap.IO_BASE}) and to
 * its cycle counter: the values a processor cannot compute itself. Recording wraps a port
 * to log the values it returns; replay substitutes one that returns the logged values.
 */
public interface IoPort {
    /** True if a device register answers at {@code address}. */
    boolean isMapped(long address);

    /** An 8-byte device register load by processor {@code cpu} at its cycle {@code cycle}. */
    long load(int cpu, long address, long cycle);

    /** An 8-byte device register store. */
    void store(int cpu, long address, long value, long cycle);

    /**
     * The same store, told which instruction makes it: {@code ic} is the IC the store
     * instruction commits as (the processor calls this; by default it is {@link #store}).
     * The validation trace records and checks device stores with their ICs this way.
     */
    default void storeAt(int cpu, long ic, long address, long value, long cycle) {
        store(cpu, address, value, cycle);
    }

    /** The value {@code rdcycle} returns on {@code cpu} at {@code cycle}. */
    default long readCycleCounter(int cpu, long cycle) {
        return cycle;
    }

    /**
     * The cycle before which processor {@code cpu} may not go on after its last load or
     * {@code rdcycle} through this port: a recording port whose log buffer is full makes it wait
     * for the drain. 0 (the default) when it never has to wait. A port that wraps another must
     * pass this on, or the wrapped port's waits are lost.
     */
    default long waitUntil(int cpu) {
        return 0;
    }
}
