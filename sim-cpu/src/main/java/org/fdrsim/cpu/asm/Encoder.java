package org.fdrsim.cpu.asm;

import java.util.ArrayList;
import java.util.List;
import org.fdrsim.cpu.isa.Instruction;
import org.fdrsim.cpu.program.DataSegment;
import org.fdrsim.cpu.program.Symbol;

/**
 * Pass 2: evaluates operand expressions now that every label has a value, producing the
 * instructions and the initial data bytes.
 */
final class Encoder {
    private final SymbolScope scope;

    Encoder(SymbolScope scope) {
        this.scope = scope;
    }

    List<Instruction> instructions(List<Statement.Instr> code) throws AssemblyException {
        List<Instruction> out = new ArrayList<>(code.size());
        for (Statement.Instr s : code) {
            long imm = s.imm() == null ? 0 : scope.evaluate(s.imm());
            if (s.codeTarget()) {
                checkTarget(s.imm(), imm, code.size());
            }
            out.add(new Instruction(s.op(), s.rd(), s.rs1(), s.rs2(), s.rs3(), imm));
        }
        return out;
    }

    /** Branch and jump targets are code indices: 0..length (length = just past the end). */
    private void checkTarget(Expr target, long value, int length) throws AssemblyException {
        Expr.Name dataLabel = firstDataLabel(target);
        if (dataLabel != null) {
            throw new AssemblyException(dataLabel.start(), "'" + dataLabel.name()
                    + "' is a data label, expected a code label (a label in .text)");
        }
        if (value < 0 || value > length) {
            throw new AssemblyException(target.start(), "branch target " + value + " is outside the code (0.." + length
                    + "), expected a code label");
        }
    }

    private Expr.Name firstDataLabel(Expr e) {
        if (e instanceof Expr.Name n) {
            Symbol label = scope.label(n.name());
            return label != null && label.kind() == Symbol.Kind.DATA ? n : null;
        }
        if (e instanceof Expr.Negate n) {
            return firstDataLabel(n.operand());
        }
        if (e instanceof Expr.Binary b) {
            Expr.Name left = firstDataLabel(b.left());
            return left != null ? left : firstDataLabel(b.right());
        }
        return null;
    }

    List<DataSegment> data(List<Layout.Placed> placed) throws AssemblyException {
        DataImageBuilder image = new DataImageBuilder();
        for (Layout.Placed p : placed) {
            image.add(p.address(), bytesOf(p), p.item().where());
        }
        return image.build();
    }

    private byte[] bytesOf(Layout.Placed p) throws AssemblyException {
        Statement s = p.item();
        if (s instanceof Statement.Words words) {
            byte[] out = new byte[8 * words.values().size()];
            for (int i = 0; i < words.values().size(); i++) {
                long v = scope.evaluate(words.values().get(i));
                for (int b = 0; b < 8; b++) {
                    out[8 * i + b] = (byte) (v >>> (8 * b)); // little-endian
                }
            }
            return out;
        }
        if (s instanceof Statement.Bytes bytes) {
            byte[] out = new byte[bytes.values().size()];
            for (int i = 0; i < out.length; i++) {
                Expr e = bytes.values().get(i);
                long v = scope.evaluate(e);
                if (v < -128 || v > 255) {
                    throw new AssemblyException(e.start(), ".byte value " + v + " is out of range, expected -128..255");
                }
                out[i] = (byte) v;
            }
            return out;
        }
        if (s instanceof Statement.Ascii ascii) {
            return ascii.text().clone();
        }
        Statement.Space space = (Statement.Space) s;
        return new byte[Math.toIntExact(scope.evaluate(space.size()))];
    }
}
