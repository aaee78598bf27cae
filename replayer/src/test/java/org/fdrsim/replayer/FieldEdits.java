package org.fdrsim.replayer;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import java.util.ArrayList;
import java.util.List;
import org.fdrsim.cpu.core.ArchState;
import org.fdrsim.cpu.core.FaultKind;
import org.fdrsim.cpu.core.ProcessorState;
import org.fdrsim.cpu.isa.Instruction;
import org.fdrsim.cpu.isa.Opcode;
import org.fdrsim.cpu.program.Code;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.cpu.run.StopCause;
import org.fdrsim.recorder.dump.DumpSummary;
import org.fdrsim.recorder.dump.TriggerInfo;
import org.fdrsim.recorder.dump.ValidationTrace;

/**
 * {@link DumpEdits}' edits of one field of a dump's records: a processor state, the trigger,
 * the summary, an instruction, a validation interval. Each returns a new record.
 */
final class FieldEdits {
    /** A processor state's fields by number: registers 0-31, then the pc, the CSRs, the IC and these. */
    static final int PC = 32;
    static final int IC = PC + 1 + ArchState.atStart(0, 0).csrs().length;
    static final int CPU = IC + 4;

    private FieldEdits() {}

    /** {@code s} with field {@code field} changed. */
    static ArchState state(ArchState s, int field, FuzzedDataProvider data) {
        long[] r = s.registers();
        long[] csr = s.csrs();
        int pc = s.pc();
        long ic = s.ic();
        long pending = s.pendingInterrupts();
        ProcessorState state = s.state();
        long cycle = s.cycle();
        int cpu = s.cpu();
        if (field < PC) {
            r[field] = EditValues.changed(r[field], data);
        } else if (field == PC) {
            pc = EditValues.changedInt(pc, data);
        } else if (field < IC) {
            csr[field - PC - 1] = EditValues.changed(csr[field - PC - 1], data);
        } else {
            switch (field - IC) {
                case 0 -> ic = EditValues.changed(ic, data);
                case 1 -> pending = EditValues.changed(pending, data);
                case 2 -> state = data.pickValue(ProcessorState.values());
                case 3 -> cycle = EditValues.changed(cycle, data);
                default -> cpu = EditValues.changedInt(cpu, data);
            }
        }
        return new ArchState(cpu, r, csr, pc, pending, ic, state, cycle);
    }

    static TriggerInfo trigger(TriggerInfo t, FuzzedDataProvider data) {
        String cause = t.cause();
        int cpu = t.cpu();
        int pc = t.pc();
        long ic = t.ic();
        long code = t.code();
        String fault = t.fault();
        String description = t.description();
        switch (data.consumeInt(0, 6)) {
            case 0 -> cause = data.consumeBoolean() ? data.pickValue(StopCause.values()).name() : data.consumeString(12);
            case 1 -> cpu = EditValues.changedInt(cpu, data);
            case 2 -> pc = EditValues.changedInt(pc, data);
            case 3 -> ic = EditValues.changed(ic, data);
            case 4 -> code = EditValues.changed(code, data);
            case 5 -> fault = data.consumeBoolean() ? data.pickValue(FaultKind.values()).name() : "";
            default -> description = data.consumeString(40);
        }
        return new TriggerInfo(cause, cpu, pc, ic, code, fault, description);
    }

    static DumpSummary summary(DumpSummary s, FuzzedDataProvider data) {
        long[] f = {s.cycles(), s.instructions(), s.checkpointsTaken(), s.checkpointsDropped(),
            s.checkpointsDroppedEarly(), s.quiesceCycles(), s.reservedCapacityBytes(), s.reservedUsedBytes(),
            s.reservedPeakBytes(), s.replayIntervalTargetCycles()};
        List<Long> stalls = new ArrayList<>(s.logStalls());
        List<Long> stallCycles = new ArrayList<>(s.logStallCycles());
        int i = data.consumeInt(0, f.length);
        if (i < f.length) {
            f[i] = EditValues.changed(f[i], data);
        } else if (!stalls.isEmpty()) {
            int log = data.consumeInt(0, stalls.size() - 1);
            List<Long> which = data.consumeBoolean() ? stalls : stallCycles;
            which.set(log, EditValues.changed(which.get(log), data));
        }
        return new DumpSummary(f[0], f[1], (int) f[2], (int) f[3], (int) f[4], f[5], f[6], f[7], f[8], f[9], stalls,
                stallCycles);
    }

    /** One field of one instruction (registers stay r0-r31: the assembler's output), or the entry. */
    static ProgramImage program(ProgramImage p, FuzzedDataProvider data) {
        Code code = p.code();
        List<Instruction> list = new ArrayList<>();
        for (int i = 0; i < code.length(); i++) {
            list.add(code.get(i));
        }
        int entry = p.entry();
        int field = data.consumeInt(0, 6);
        if (field == 6 || list.isEmpty()) {
            entry = EditValues.changedInt(entry, data);
        } else {
            int i = data.consumeInt(0, list.size() - 1);
            Instruction in = list.get(i);
            int reg = data.consumeInt(0, 31);
            list.set(i, new Instruction(field == 0 ? data.pickValue(Opcode.values()) : in.op(),
                    field == 1 ? reg : in.rd(), field == 2 ? reg : in.rs1(), field == 3 ? reg : in.rs2(),
                    field == 4 ? reg : in.rs3(), field == 5 ? EditValues.changed(in.imm(), data) : in.imm()));
        }
        return new ProgramImage(p.name(), new Code(list), p.data(), p.symbols(), p.sourceLines(), entry);
    }

    /** A validation trace's fields by number: a hash point's IC and hash, a device store's IC, address and value. */
    static final int HASH_IC = 0;
    static final int HASH = 1;
    static final int STORE_IC = 2;
    static final int STORE_ADDRESS = 3;
    static final int STORE_VALUE = 4;

    /** Processor {@code cpu}'s trace in {@code v} with field {@code field} of one hash point or store changed. */
    static ValidationTrace.Interval interval(ValidationTrace.Interval v, int cpu, int field, FuzzedDataProvider data) {
        ValidationTrace.CpuTrace t = v.cpus().get(cpu);
        List<ValidationTrace.HashPoint> hashes = new ArrayList<>(t.hashes());
        List<ValidationTrace.IoStore> stores = new ArrayList<>(t.stores());
        if (field < STORE_IC && !hashes.isEmpty()) {
            int i = data.consumeInt(0, hashes.size() - 1);
            ValidationTrace.HashPoint h = hashes.get(i);
            hashes.set(i, field == HASH_IC ? new ValidationTrace.HashPoint(EditValues.changed(h.ic(), data), h.hash())
                    : new ValidationTrace.HashPoint(h.ic(), EditValues.changed(h.hash(), data)));
        } else if (field >= STORE_IC && !stores.isEmpty()) {
            int i = data.consumeInt(0, stores.size() - 1);
            ValidationTrace.IoStore s = stores.get(i);
            long ic = field == STORE_IC ? EditValues.changed(s.ic(), data) : s.ic();
            long address = field == STORE_ADDRESS ? EditValues.changed(s.address(), data) : s.address();
            long value = field == STORE_VALUE ? EditValues.changed(s.value(), data) : s.value();
            stores.set(i, new ValidationTrace.IoStore(ic, address, value));
        }
        List<ValidationTrace.CpuTrace> cpus = new ArrayList<>(v.cpus());
        cpus.set(cpu, new ValidationTrace.CpuTrace(hashes, stores));
        return new ValidationTrace.Interval(v.checkpoint(), cpus);
    }
}
