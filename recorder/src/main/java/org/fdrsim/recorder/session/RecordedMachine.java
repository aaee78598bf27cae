package org.fdrsim.recorder.session;

import org.fdrsim.coherence.MemorySystem;
import org.fdrsim.cpu.core.Processor;
import org.fdrsim.cpu.core.ProcessorListener;

/**
 * What a recording session sees of the machine it records: the processors and the memory
 * system. The machine implements it; the session never sees how the machine is built or run.
 */
public interface RecordedMachine {
    int cpuCount();

    Processor cpu(int i);

    MemorySystem memorySystem();

    /** Gives every processor {@code listener}, behind the machine's own logs (the access trace uses it). */
    void setListener(ProcessorListener listener);
}
