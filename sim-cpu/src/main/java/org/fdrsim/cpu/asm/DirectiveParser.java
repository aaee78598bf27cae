package org.fdrsim.cpu.asm;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.fdrsim.cpu.isa.Registers;
import org.fdrsim.cpu.program.SourceLocation;

/** Parses the operands of one directive (the directive name already consumed). */
final class DirectiveParser {
    private DirectiveParser() {}

    static Statement parse(Directive d, Token head, TokenCursor in) throws AssemblyException {
        SourceLocation where = in.locationOf(head);
        String usage = d.usage();
        Statement s = switch (d) {
            case TEXT, DATA -> {
                in.expectNoOperands(usage);
                yield new Statement.Section(d == Directive.DATA, where);
            }
            case ORG -> new Statement.Org(value(in, "an address", usage), where);
            case ALIGN -> new Statement.Align(value(in, "a power of two", usage), where);
            case SPACE -> new Statement.Space(value(in, "a size in bytes", usage), where);
            case WORD -> new Statement.Words(values(in, usage), where);
            case BYTE -> new Statement.Bytes(values(in, usage), where);
            case ASCII -> new Statement.Ascii(strings(in, usage), where);
            case EQU -> equ(in, usage);
            case INCLUDE -> include(in, usage);
        };
        in.expectEnd(usage);
        return s;
    }

    private static Expr value(TokenCursor in, String what, String usage) throws AssemblyException {
        return ExpressionParser.parse(in, what, usage);
    }

    private static List<Expr> values(TokenCursor in, String usage) throws AssemblyException {
        List<Expr> list = new ArrayList<>();
        do {
            list.add(ExpressionParser.parse(in, "a value", usage));
        } while (in.accept(Token.Kind.COMMA));
        return list;
    }

    private static byte[] strings(TokenCursor in, String usage) throws AssemblyException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        do {
            Token t = in.peek();
            if (!t.is(Token.Kind.STRING)) {
                throw in.expected("a string in double quotes", usage);
            }
            in.next();
            out.write(t.bytes(), 0, t.bytes().length);
        } while (in.accept(Token.Kind.COMMA));
        return out.toByteArray();
    }

    private static Statement equ(TokenCursor in, String usage) throws AssemblyException {
        Token name = in.peek();
        if (!name.is(Token.Kind.IDENT)) {
            throw in.expected("a constant name", usage);
        }
        if (Registers.parse(name.text()) >= 0) {
            throw in.error(name, "register name " + name.describe() + " used as a constant name, expected a name that is not a register");
        }
        in.next();
        if (!in.accept(Token.Kind.COMMA)) {
            throw in.expected("','", usage);
        }
        Expr value = ExpressionParser.parse(in, "an expression", usage);
        return new Statement.Equ(name.text(), value, in.locationOf(name));
    }

    /** The include's location is the file name's, where "not found" errors point. */
    private static Statement include(TokenCursor in, String usage) throws AssemblyException {
        Token t = in.peek();
        if (!t.is(Token.Kind.STRING)) {
            throw in.expected("a file name in double quotes", usage);
        }
        in.next();
        // Escapes can put control characters into the name; messages quote it on one line.
        for (byte b : t.bytes()) {
            if ((b & 0xff) < 0x20 || b == 0x7f) {
                throw new AssemblyException(in.locationOf(t), String.format("include file name has the control"
                        + " character 0x%02x, expected a file path", b & 0xff));
            }
        }
        return new Statement.Include(new String(t.bytes(), StandardCharsets.UTF_8), in.locationOf(t));
    }
}
