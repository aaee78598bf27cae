package org.fdrsim.cpu.asm;

import java.util.List;
import org.fdrsim.cpu.isa.Opcode;
import org.fdrsim.cpu.isa.Registers;

/**
 * Parses one lexed line: any number of {@code label:} prefixes, then optionally one
 * instruction or directive.
 */
final class StatementParser {
    private StatementParser() {}

    /** Appends the statements of one line to {@code out}. */
    static void parseLine(TokenCursor in, List<Statement> out) throws AssemblyException {
        while (in.at(Token.Kind.IDENT) && in.peek(1).is(Token.Kind.COLON)) {
            Token name = in.next();
            in.next();
            if (Registers.parse(name.text()) >= 0) {
                throw in.error(name, "register name " + name.describe() + " used as a label, expected a name that is not a register");
            }
            out.add(new Statement.Label(name.text(), in.locationOf(name)));
        }
        Token head = in.peek();
        if (head.is(Token.Kind.EOL)) {
            return;
        }
        if (!head.is(Token.Kind.IDENT)) {
            throw in.error(head, "unexpected " + head.describe() + ", expected a label, an instruction or a directive");
        }
        in.next();
        if (head.text().startsWith(".")) {
            Directive d = Directive.byName(head.text());
            if (d == null) {
                throw in.error(head, "unknown directive " + head.describe() + ", expected one of " + Directive.allNames());
            }
            out.add(DirectiveParser.parse(d, head, in));
            return;
        }
        Opcode op = Opcode.byMnemonic(head.text());
        if (op == null) {
            throw in.error(head, "unknown instruction " + head.describe() + ", expected a mnemonic such as "
                    + String.join(", ", Suggestions.mnemonicsLike(head.text())));
        }
        out.add(OperandParser.parse(op, head, in));
    }
}
