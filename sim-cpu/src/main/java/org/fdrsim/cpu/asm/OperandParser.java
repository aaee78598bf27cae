package org.fdrsim.cpu.asm;

import org.fdrsim.cpu.isa.Csr;
import org.fdrsim.cpu.isa.Format;
import org.fdrsim.cpu.isa.Opcode;
import org.fdrsim.cpu.isa.Registers;

/**
 * Parses the operands of one instruction according to its {@link Format} and puts each in
 * the {@link org.fdrsim.cpu.isa.Instruction} field that format assigns it.
 */
final class OperandParser {
    private final TokenCursor in;
    private final Opcode op;
    private final String usage;

    private int rd;
    private int rs1;
    private int rs2;
    private int rs3;
    private Expr imm;
    private boolean codeTarget;

    private OperandParser(TokenCursor in, Opcode op) {
        this.in = in;
        this.op = op;
        this.usage = usage(op);
    }

    /** Parses the operands after the mnemonic {@code mnemonic} (already consumed). */
    static Statement.Instr parse(Opcode op, Token mnemonic, TokenCursor in) throws AssemblyException {
        return new OperandParser(in, op).run(mnemonic);
    }

    /** The operand syntax of an instruction, e.g. "usage: add rd, rs1, rs2". */
    static String usage(Opcode op) {
        String operands = switch (op.format()) {
            case NONE -> "";
            case RD_IMM -> "rd, imm";
            case RD_LABEL -> "rd, label";
            case RD_RS, RD_RS_JUMP -> "rd, rs";
            case RD_RS_RS -> "rd, rs1, rs2";
            case RD_RS_IMM -> "rd, rs1, imm";
            case RD_MEM -> "rd, off(rb)";
            case RS_MEM -> "rs, off(rb)";
            case RD_RS_MEM -> "rd, rs, off(rb)";
            case RD_RS_RS_MEM -> "rd, rexp, rnew, off(rb)";
            case BRANCH -> "rs1, rs2, label";
            case JUMP -> "label";
            case RD_CSR -> "rd, csr";
            case CSR_RS -> "csr, rs";
            case IMM -> "imm";
            case RS_IMM -> "rs, imm";
            case RD -> "rd";
        };
        return operands.isEmpty() ? op.mnemonic() + " takes no operands" : "usage: " + op.mnemonic() + " " + operands;
    }

    private Statement.Instr run(Token mnemonic) throws AssemblyException {
        switch (op.format()) {
            case NONE -> {
                in.expectNoOperands(usage);
                return build(mnemonic);
            }
            case RD_IMM, RD_LABEL -> {
                rd = register();
                comma();
                imm = expression(op.format() == Format.RD_LABEL ? "a label or address" : "an immediate value");
            }
            case RD_RS, RD_RS_JUMP -> {
                rd = register();
                comma();
                rs1 = register();
            }
            case RD_RS_RS -> {
                rd = register();
                comma();
                rs1 = register();
                comma();
                rs2 = register();
            }
            case RD_RS_IMM -> {
                rd = register();
                comma();
                rs1 = register();
                comma();
                imm = expression("an immediate value");
            }
            case RD_MEM -> {
                rd = register();
                comma();
                memory();
            }
            case RS_MEM -> {
                rs2 = register();
                comma();
                memory();
            }
            case RD_RS_MEM -> {
                rd = register();
                comma();
                rs2 = register();
                comma();
                memory();
            }
            case RD_RS_RS_MEM -> {
                rd = register();
                comma();
                rs2 = register();
                comma();
                rs3 = register();
                comma();
                memory();
            }
            case BRANCH -> {
                rs1 = register();
                comma();
                rs2 = register();
                comma();
                target();
            }
            case JUMP -> {
                target();
                if (op == Opcode.JAL) {
                    rd = Registers.RA; // jal links through ra
                }
            }
            case RD_CSR -> {
                rd = register();
                comma();
                imm = csr(false);
            }
            case CSR_RS -> {
                imm = csr(true);
                comma();
                rs1 = register();
            }
            case IMM -> imm = expression("an immediate value");
            case RS_IMM -> {
                rs1 = register();
                comma();
                imm = expression("an immediate value");
            }
            case RD -> rd = register();
        }
        in.expectEnd(usage);
        return build(mnemonic);
    }

    private Statement.Instr build(Token mnemonic) {
        return new Statement.Instr(op, rd, rs1, rs2, rs3, imm, codeTarget, in.locationOf(mnemonic));
    }

    private int register() throws AssemblyException {
        Token t = in.peek();
        if (t.is(Token.Kind.IDENT)) {
            int reg = Registers.parse(t.text());
            if (reg >= 0) {
                in.next();
                return reg;
            }
            if (looksLikeRegister(t.text())) {
                throw in.error(t, "unknown register " + t.describe() + ", expected r0..r31, zero, sp or ra");
            }
        }
        throw in.expected("a register", usage);
    }

    /** "r32", "R99", "r05": meant as a register, so say which names exist. */
    private static boolean looksLikeRegister(String name) {
        if (name.length() < 2 || (name.charAt(0) != 'r' && name.charAt(0) != 'R')) {
            return false;
        }
        for (int i = 1; i < name.length(); i++) {
            if (name.charAt(i) < '0' || name.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    private void comma() throws AssemblyException {
        if (!in.accept(Token.Kind.COMMA)) {
            throw in.expected("','", usage);
        }
    }

    private Expr expression(String what) throws AssemblyException {
        return ExpressionParser.parse(in, what, usage);
    }

    private void target() throws AssemblyException {
        imm = ExpressionParser.parse(in, "a code label", usage);
        codeTarget = true;
    }

    /** {@code off(rb)} with off optional: base into rs1, offset into imm. */
    private void memory() throws AssemblyException {
        Token t = in.peek();
        if (t.is(Token.Kind.IDENT) && Registers.parse(t.text()) >= 0) {
            throw in.error(t, "expected a memory operand off(rb) after " + in.previous().describe()
                    + " but found register " + t.describe() + "; write (" + t.text() + ") for offset 0");
        }
        boolean noOffset = t.is(Token.Kind.LPAREN) && Registers.parse(in.peek(1).text()) >= 0
                && in.peek(1).is(Token.Kind.IDENT);
        imm = noOffset ? null : ExpressionParser.parse(in, "a memory operand off(rb)", usage);
        if (!in.accept(Token.Kind.LPAREN)) {
            throw in.expected("'(' and a base register", usage);
        }
        rs1 = register();
        if (!in.accept(Token.Kind.RPAREN)) {
            throw in.expected("')'", null);
        }
    }

    /** A CSR name; {@code write} rejects read-only CSRs. The CSR number goes in imm. */
    private Expr csr(boolean write) throws AssemblyException {
        Token t = in.peek();
        Csr csr = t.is(Token.Kind.IDENT) ? Csr.byName(t.text()) : null;
        if (csr == null) {
            throw in.expected("a CSR name (" + csrNames(false) + ")", usage);
        }
        if (write && csr.readOnly()) {
            throw in.error(t, "CSR '" + csr.asmName() + "' is read-only, expected a writable CSR (" + csrNames(true) + ")");
        }
        in.next();
        return new Expr.Num(csr.ordinal(), in.locationOf(t));
    }

    private static String csrNames(boolean writableOnly) {
        StringBuilder sb = new StringBuilder();
        for (Csr c : Csr.values()) {
            if (writableOnly && c.readOnly()) {
                continue;
            }
            if (sb.length() > 0) {
                sb.append(", ");
            }
            sb.append(c.asmName());
        }
        return sb.toString();
    }
}
