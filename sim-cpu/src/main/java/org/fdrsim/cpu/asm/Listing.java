package org.fdrsim.cpu.asm;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.fdrsim.cpu.program.Code;
import org.fdrsim.cpu.program.DataSegment;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.cpu.program.SourceLocation;
import org.fdrsim.cpu.program.Symbol;

/**
 * The text of {@code fdr asm FILE --list}: a summary line, then each instruction with its
 * index, the labels at it and where it was written, then the data segments (address,
 * length, first bytes) and the symbol table. Lines starting with {@code ;} are headings.
 */
final class Listing {
    /** Bytes of each data segment shown in hex. */
    static final int DATA_PREVIEW = 16;
    private static final int TEXT_WIDTH = 36;

    private final ProgramImage image;
    private final StringBuilder out = new StringBuilder();

    private Listing(ProgramImage image) {
        this.image = image;
    }

    static String of(ProgramImage image) {
        Listing l = new Listing(image);
        l.summary();
        l.code();
        l.data();
        l.symbols();
        return l.out.toString();
    }

    private void summary() {
        long dataBytes = 0;
        for (DataSegment s : image.data()) {
            dataBytes += s.bytes().length;
        }
        line("; " + image.name() + ": " + count(image.code().length(), "instruction") + ", " + count(dataBytes, "byte")
                + " of data in " + count(image.data().size(), "segment") + ", " + count(image.symbols().all().size(), "symbol")
                + ", entry " + image.entry() + " (" + ProgramImage.ENTRY_LABEL + ")");
    }

    private void code() {
        Code code = image.code();
        Map<Long, List<String>> labels = textLabels();
        int width = Math.max(4, Integer.toString(code.length()).length());
        String labelIndent = " ".repeat(width + 2);
        line("");
        line("; code");
        for (int i = 0; i <= code.length(); i++) {
            for (String label : labels.getOrDefault((long) i, List.of())) {
                line(labelIndent + label + ":");
            }
            if (i == code.length()) {
                break;
            }
            String text = Disassembler.format(code.get(i), image.symbols());
            StringBuilder row = new StringBuilder();
            row.append(pad(Integer.toString(i), width, true)).append("  ").append(text);
            SourceLocation where = image.locationOf(i);
            if (where != null) {
                row.append(" ".repeat(Math.max(1, TEXT_WIDTH - text.length()))).append("; ").append(where);
            }
            line(row.toString());
        }
    }

    /** Code labels by index, names in symbol-table (sorted) order. */
    private Map<Long, List<String>> textLabels() {
        Map<Long, List<String>> byIndex = new TreeMap<>();
        for (Symbol s : image.symbols().all()) {
            if (s.kind() == Symbol.Kind.TEXT) {
                byIndex.computeIfAbsent(s.value(), k -> new ArrayList<>()).add(s.name());
            }
        }
        return byIndex;
    }

    private void data() {
        line("");
        line("; data");
        for (DataSegment s : image.data()) {
            StringBuilder row = new StringBuilder();
            row.append("  ").append(Layout.hex(s.address())).append("  ").append(s.bytes().length).append(" bytes ");
            int shown = Math.min(DATA_PREVIEW, s.bytes().length);
            for (int i = 0; i < shown; i++) {
                row.append(String.format(Locale.ROOT, " %02x", s.bytes()[i] & 0xFF));
            }
            if (shown < s.bytes().length) {
                row.append(" ...");
            }
            line(row.toString());
        }
    }

    private void symbols() {
        line("");
        line("; symbols");
        int width = 0;
        for (Symbol s : image.symbols().all()) {
            width = Math.max(width, s.name().length());
        }
        for (Symbol s : image.symbols().all()) {
            String kind = s.kind().name().toLowerCase(Locale.ROOT);
            String value = switch (s.kind()) {
                case DATA -> Layout.hex(s.value());
                case TEXT -> Long.toString(s.value());
                // constants are often addresses or masks: show hex too when it is not obvious
                case CONSTANT -> s.value() >= 0 && s.value() < 10 ? Long.toString(s.value())
                        : s.value() + " (" + Layout.hex(s.value()) + ")";
            };
            line("  " + pad(s.name(), width, false) + "  " + pad(kind, 8, false) + "  " + value);
        }
    }

    private static String count(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    private static String pad(String s, int width, boolean right) {
        String fill = " ".repeat(Math.max(0, width - s.length()));
        return right ? fill + s : s + fill;
    }

    private void line(String s) {
        out.append(s.stripTrailing()).append('\n');
    }
}
