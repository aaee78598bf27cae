package org.fdrsim.recorder.dump;

import org.fdrsim.checkpoint.MemoryRestorer;
import org.fdrsim.cpu.isa.Csr;
import org.fdrsim.cpu.isa.Instruction;
import org.fdrsim.cpu.isa.Registers;
import org.fdrsim.io.log.DmaDataLog;
import org.fdrsim.io.log.InputLog;
import org.fdrsim.io.log.InterruptLog;
import org.fdrsim.recorder.buffer.LogKind;
import org.fdrsim.recorder.buffer.LogSegment;
import org.fdrsim.recorder.race.RaceEntry;

/**
 * What {@link CoreDumpReader} checks beyond the format itself, so that a dump with correct
 * checksums but impossible contents is refused on reading instead of failing in {@code fdr
 * inspect} or in replay: instruction operands, log owners, and every log segment decoded.
 */
final class DumpChecks {
    private DumpChecks() {}

    /**
     * The processor indexes registers, CSRs and code with these fields unchecked (the assembler
     * only writes valid ones), so a dump's are checked here.
     */
    static void operands(DumpInput in, int i, Instruction ins, int codeLength) throws DumpFormatException {
        int worst = Math.max(Math.max(ins.rd(), ins.rs1()), Math.max(ins.rs2(), ins.rs3()));
        if (worst >= Registers.COUNT) {
            throw in.malformed("instruction " + i + " (" + ins.op() + ") names register " + worst + ", expected 0.."
                    + (Registers.COUNT - 1));
        }
        long imm = ins.imm();
        switch (ins.op().format()) {
            case BRANCH, JUMP -> {
                if (imm < 0 || imm > codeLength) {
                    throw in.malformed("instruction " + i + " (" + ins.op() + ") jumps to " + imm + ", expected a code index"
                            + " 0.." + codeLength);
                }
            }
            case RD_CSR, CSR_RS -> {
                if (imm < 0 || imm >= Csr.count()) {
                    throw in.malformed("instruction " + i + " (" + ins.op() + ") names CSR " + imm + ", expected 0.."
                            + (Csr.count() - 1));
                }
            }
            default -> { }
        }
    }

    /** How many owners a log of {@code kind} can have (see docs/dump-format.md, "Owners"). */
    static long owners(LogKind kind, int cpus, int engines) {
        return switch (kind) {
            case DMA_RACE, DMA_DATA -> engines;
            case CACHE_CHECKPOINT -> cpus + engines;
            default -> cpus;
        };
    }

    /**
     * Checks that the segment's chunk stream decompresses to its declared raw size and that
     * the entry count fits in it, so neither {@code fdr inspect} nor replay meets a damaged log.
     */
    static LogSegment logSegment(DumpInput in, int i, LogSegment s, long memoryBytes)
            throws DumpFormatException {
        String which = "log segment " + i + " (" + s.kind().key() + " " + s.owner() + ")";
        byte[] raw;
        try {
            raw = s.decompress();
        } catch (IllegalArgumentException e) {
            throw in.malformed(which + ": " + e.getMessage());
        }
        if (raw.length != s.rawBytes()) {
            throw in.malformed(which + " decompresses to " + raw.length + " bytes, but declares "
                    + Long.toUnsignedString(s.rawBytes()));
        }
        if (s.entries() < 0 || s.entries() > raw.length || s.entries() == 0 && raw.length > 0) {
            throw in.malformed(which + " declares " + Long.toUnsignedString(s.entries()) + " entries in " + raw.length
                    + " bytes");
        }
        String problem;
        try {
            problem = switch (s.kind()) {
                case MEMORY_RACE, DMA_RACE -> raw.length % RaceEntry.BYTES == 0 ? null
                        : "not a whole number of " + RaceEntry.BYTES + "-byte entries (" + raw.length + " bytes)";
                case INPUT -> decoded(InputLog.decode(raw));
                case INTERRUPT -> decoded(InterruptLog.decode(raw));
                case DMA_DATA -> decoded(DmaDataLog.decode(raw));
                case CACHE_CHECKPOINT, MEMORY_CHECKPOINT -> MemoryRestorer.problem(raw, memoryBytes);
            };
        } catch (IllegalArgumentException e) {
            problem = e.getMessage();
        }
        if (problem != null) {
            throw in.malformed(which + ": " + problem);
        }
        return s;
    }

    /** The decoders throw on a malformed log; what they return is not needed here. */
    private static String decoded(Object entries) {
        return null;
    }
}
