package org.fdrsim.recorder.dump;

/** The trigger section (TRIG): what stopped the run, where. Writer and reader side by side. */
final class TriggerSection {
    private TriggerSection() {}

    static DumpOutput write(TriggerInfo t) {
        DumpOutput o = new DumpOutput();
        o.string(t.cause());
        o.u32(t.cpu());
        o.u32(t.pc());
        o.u64(t.ic());
        o.u64(t.code());
        o.string(t.fault());
        o.string(t.description());
        return o;
    }

    static TriggerInfo read(DumpInput in) throws DumpFormatException {
        TriggerInfo trigger = new TriggerInfo(in.string(), (int) in.u32(), (int) in.u32(), in.u64(), in.u64(),
                in.string(), in.string());
        in.expectEnd();
        return trigger;
    }
}
