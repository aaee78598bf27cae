package org.fdrsim.replayer.debug;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import org.fdrsim.cpu.program.SourceLocation;
import org.fdrsim.cpu.text.Blanks;
import org.fdrsim.cpu.text.EditDistance;
import org.fdrsim.cpu.text.OneLine;

/**
 * The debugger's commands with gdb's names, one line at a time, against a {@link DebugSession},
 * printing plain stable text: what the terminal, {@code --batch}, {@code -ex} and a DAP REPL
 * run. A bad command or argument prints one line (the command's usage) and changes nothing.
 */
public final class DebugCommands {
    /** Command went fine. */
    public static final int OK = 0;
    /** Unknown command or bad argument. */
    public static final int BAD_COMMAND = 2;
    /** The replay diverged from its logs. */
    public static final int DIVERGED = 3;

    private static final Map<String, String> USAGE = new LinkedHashMap<>();

    static {
        USAGE.put("cpu", "cpu C");
        USAGE.put("stepi", "stepi [N]");
        USAGE.put("step", "step [N]");
        USAGE.put("continue", "continue");
        USAGE.put("goto", "goto C:IC[@K] | goto start | goto end");
        USAGE.put("break", "break LABEL | FILE:LINE | @PC [cpu C] [if COND]");
        USAGE.put("delete", "delete [N]");
        USAGE.put("watch", "watch ADDR | DATALABEL[+OFF] [if COND]");
        USAGE.put("unwatch", "unwatch N");
        USAGE.put("print", "print EXPR");
        USAGE.put("x", "x/N ADDR");
        USAGE.put("count", "count reads|writes ADDR | count calls LABEL");
        USAGE.put("trace", "trace ADDR [limit N]");
        USAGE.put("backtrace", "backtrace");
        USAGE.put("list", "list");
        USAGE.put("info", "info registers|breakpoints|cpus|arcs|logs|snapshots");
        USAGE.put("reverse-stepi", "reverse-stepi [N]");
        USAGE.put("reverse-step", "reverse-step [N]");
        USAGE.put("reverse-continue", "reverse-continue");
        USAGE.put("help", "help");
    }

    private static final Map<String, String> ALIASES = Map.of("si", "stepi", "s", "step", "c", "continue",
            "b", "break", "p", "print", "bt", "backtrace", "rsi", "reverse-stepi", "rs", "reverse-step",
            "rc", "reverse-continue", "where", "backtrace");

    private final DebugSession session;
    private final PrintStream out;
    private final Function<String, List<String>> sources;

    /** {@code sources}: the text lines of a source file by its name in the line table, or null if not at hand. */
    public DebugCommands(DebugSession session, PrintStream out, Function<String, List<String>> sources) {
        this.session = session;
        this.out = out;
        this.sources = sources;
    }

    /** The command names, for completion. */
    public static List<String> names() {
        return new ArrayList<>(USAGE.keySet());
    }

    /** Runs one command line; returns {@link #OK}, {@link #BAD_COMMAND} or {@link #DIVERGED}. Blank lines and # comments do nothing. */
    public int execute(String line) {
        // A tab separates words as a space does. Any other control character has no meaning in a
        // command, and strip() and the label lookup would take some (U+001C-U+001F) for spaces
        // while the echo of the argument kept them: refused below, for every command at once.
        String spaced = line.replace('\t', ' ');
        String l = Blanks.strip(spaced); // not strip(): a line of U+001C is a command, refused below
        if (l.isEmpty() || l.startsWith("#")) {
            return OK;
        }
        if (!OneLine.isOneLineOrTabs(line)) {
            return refuse("the command holds a control character: '" + line + "'; expected printable text,"
                    + " words separated by spaces or tabs");
        }
        String word = l.split("\\s+", 2)[0];
        String rest = l.substring(word.length()).strip();
        if (word.startsWith("x/") || word.equals("x")) {
            rest = word.length() > 1 ? word.substring(2) + " " + rest : rest;
            word = "x";
        }
        String name = ALIASES.getOrDefault(word, word);
        if (!USAGE.containsKey(name)) {
            String near = EditDistance.meant(word, USAGE.keySet());
            return refuse("unknown command '" + word + "'" + (near == null ? "" : " (did you mean " + near + "?)")
                    + "; commands: " + String.join(", ", USAGE.keySet()));
        }
        try {
            return run(name, rest);
        } catch (DebugException | IllegalArgumentException e) {
            return refuse(e.getMessage() + "; usage: " + USAGE.get(name));
        }
    }

    /** Prints why a command was refused, as one line whatever of the command it quotes. */
    private int refuse(String why) {
        out.println(OneLine.escape(why));
        return BAD_COMMAND;
    }

    private int run(String name, String arg) {
        switch (name) {
            case "cpu" -> {
                session.setFocus(smallNumber(arg));
                out.println(session.where(session.focus()).line());
            }
            case "stepi" -> { return show(session.stepi(count(arg))); }
            case "step" -> { return show(session.step(count(arg))); }
            case "continue" -> { return show(session.cont()); }
            case "reverse-stepi" -> { return show(session.reverseStepi(count(arg))); }
            case "reverse-step" -> { return show(session.reverseStep(count(arg))); }
            case "reverse-continue" -> { return show(session.reverseContinue()); }
            case "goto" -> { return goTo(arg); }
            case "break" -> breakAt(arg);
            case "watch" -> {
                String[] c = splitIf(arg);
                need(!c[0].isEmpty());
                int n = session.addWatchpoint(c[0], c[1]);
                out.printf("watchpoint %d: %s (0x%x)%n", n, c[0], session.address(c[0]) & ~7L);
            }
            case "delete" -> {
                if (arg.isEmpty()) {
                    session.deleteAll();
                    out.println("deleted every breakpoint and watchpoint");
                } else {
                    deleteOne(arg);
                }
            }
            case "unwatch" -> deleteOne(arg);
            case "print" -> {
                need(!arg.isEmpty());
                long v = session.evaluate(arg);
                out.println(arg + " = " + v + " (0x" + Long.toHexString(v) + ")");
            }
            case "x" -> examine(arg);
            case "count" -> countOf(arg);
            case "trace" -> traceOf(arg);
            case "backtrace" -> {
                need(arg.isEmpty());
                for (Frame f : session.backtrace(session.focus())) {
                    out.println("#" + f.level() + "  " + f.point().line() + "  [" + f.kind().name().toLowerCase() + "]");
                }
            }
            case "list" -> list();
            case "info" -> info(arg);
            case "help" -> USAGE.values().forEach(out::println);
            default -> throw new IllegalStateException(name);
        }
        return OK;
    }

    private int show(StopEvent e) {
        out.println(e.describe());
        return e.reason() == StopReason.DIVERGED ? DIVERGED : OK;
    }

    private int goTo(String arg) {
        if (arg.equals("end")) {
            return show(session.goToEnd());
        }
        if (arg.equals("start")) {
            return show(session.goToStart());
        }
        int colon = arg.indexOf(':');
        need(colon > 0);
        int at = arg.indexOf('@', colon);
        int cpu = smallNumber(arg.substring(0, colon));
        if (at < 0) {
            return show(session.goTo(cpu, number(arg.substring(colon + 1))));
        }
        return show(session.goTo(cpu, number(arg.substring(colon + 1, at)), smallNumber(arg.substring(at + 1))));
    }

    private void breakAt(String arg) {
        String[] c = splitIf(arg);
        String[] words = c[0].split("\\s+");
        need(!words[0].isEmpty() && (words.length == 1 || words.length == 3 && words[1].equals("cpu")));
        int cpu = words.length == 3 ? smallNumber(words[2]) : -1;
        int n = session.addBreakpoint(words[0], cpu, c[1]);
        BreakpointInfo b = session.breakpoints().get(session.breakpoints().size() - 1);
        out.println("breakpoint " + n + " at " + session.pointAt(cpu < 0 ? session.focus() : cpu, 0, b.pc()).place());
    }

    private void deleteOne(String arg) {
        int n = smallNumber(arg);
        if (!session.delete(n)) {
            throw new DebugException("no breakpoint or watchpoint " + n);
        }
        out.println("deleted " + n);
    }

    private void examine(String arg) {
        String[] w = arg.split("\\s+", 2);
        need(w.length == 2);
        int n = smallNumber(w[0]);
        if (n < 1 || n > 4096) {
            throw new DebugException("N must be 1..4096 words, got " + n);
        }
        long a = session.address(w[1]) & ~7L;
        long[] words = session.memoryWords(a, n);
        for (int i = 0; i < n; i++) {
            out.printf("0x%x: %d (0x%x)%n", a + 8L * i, words[i], words[i]);
        }
    }

    private void countOf(String arg) {
        String[] w = arg.split("\\s+", 2);
        need(w.length == 2);
        switch (w[0]) {
            case "calls" -> out.println("calls " + w[1] + ": " + session.countCalls(w[1]));
            case "reads", "writes" -> out.println(w[0] + " " + w[1] + ": "
                    + session.countAccesses(session.address(w[1]), w[0].equals("writes")));
            default -> need(false);
        }
    }

    private void traceOf(String arg) {
        String place = arg;
        int limit = 1000;
        int at = arg.indexOf(" limit ");
        if (at > 0) {
            place = arg.substring(0, at).strip();
            limit = smallNumber(arg.substring(at + 7));
        }
        need(!place.isEmpty());
        atLeastOne("limit", limit);
        List<Access> accesses = session.trace(session.address(place), limit);
        for (Access a : accesses) {
            out.println(a.describe());
        }
        out.println(accesses.size() + " accesses");
    }

    private void list() {
        int pc = session.where(session.focus()).pc();
        SourceLocation here = session.program().locationOf(pc);
        if (here == null) {
            out.println("no source line for pc " + pc);
            return;
        }
        List<String> text = sources == null ? null : sources.apply(here.file());
        if (text != null) {
            for (int l = Math.max(1, here.line() - 5); l <= Math.min(text.size(), here.line() + 5); l++) {
                out.printf("%s%4d  %s%n", l == here.line() ? "=>" : "  ", l, text.get(l - 1));
            }
            return;
        }
        // Without the file: the instructions written on the lines around, from the line table.
        List<SourceLocation> lines = session.program().sourceLines();
        for (int i = 0; i < lines.size(); i++) {
            SourceLocation s = lines.get(i);
            if (s != null && s.file().equals(here.file()) && Math.abs(s.line() - here.line()) <= 5) {
                out.printf("%s%4d  %s%n", i == pc ? "=>" : "  ", s.line(), session.pointAt(session.focus(), 0, i).disassembly());
            }
        }
    }

    private void info(String what) {
        switch (what) {
            case "registers" -> {
                int c = session.focus();
                for (NamedValue v : session.registers(c)) {
                    out.println(v.describe());
                }
                for (NamedValue v : session.csrs(c)) {
                    out.println(v.describe());
                }
                out.println("pc = " + session.where(c).pc());
            }
            case "breakpoints" -> {
                for (BreakpointInfo b : session.breakpoints()) {
                    out.println(b.number() + "  break " + b.spec() + " (pc " + b.pc() + ")"
                            + (b.cpu() >= 0 ? " cpu " + b.cpu() : "") + (b.condition() != null ? " if " + b.condition() : "")
                            + "  hits " + b.hits());
                }
                for (WatchpointInfo w : session.watchpoints()) {
                    out.printf("%d  watch %s (0x%x)%s  hits %d%n", w.number(), w.spec(), w.address(),
                            w.condition() != null ? " if " + w.condition() : "", w.hits());
                }
                if (session.breakpoints().isEmpty() && session.watchpoints().isEmpty()) {
                    out.println("no breakpoints or watchpoints");
                }
            }
            case "cpus" -> {
                out.println("interval " + session.position().interval());
                for (AgentInfo a : session.agents()) {
                    String where = a.dma() ? "" : "  " + session.where(a.agent()).place();
                    out.println((a.agent() == session.focus() && !a.dma() ? "* " : "  ") + a.name() + " ic " + a.ic() + "/"
                            + a.endIc() + " " + a.state() + (a.waitingOn().isEmpty() ? "" : " waits on " + a.waitingOn())
                            + where);
                }
            }
            case "arcs" -> session.arcs(session.focus(), 20).forEach(out::println);
            case "logs" -> session.nextLogEntries(3).forEach(out::println);
            case "snapshots" -> {
                TimelineInfo t = session.snapshots();
                out.printf(Locale.ROOT, "%d snapshots (%d taken, one every %d instructions), at instructions %d..%d; %d memory pages, "
                        + "%.1f MB of host memory; %d instructions re-executed from them%n", t.snapshots(), t.taken(),
                        t.every(), t.first(), t.last(), t.pages(), t.hostBytes() / 1048576.0, t.reexecuted());
            }
            default -> need(false);
        }
    }

    private static String[] splitIf(String arg) {
        int at = (" " + arg + " ").indexOf(" if ");
        if (at < 0) {
            return new String[] {arg.strip(), null};
        }
        // at indexes the padded string: in arg, "if" starts at at and the place ends at at - 1.
        String cond = arg.substring(Math.min(arg.length(), at + 2)).strip();
        need(!cond.isEmpty());
        return new String[] {arg.substring(0, Math.max(0, at - 1)).strip(), cond};
    }

    private static long count(String arg) {
        if (arg.isEmpty()) {
            return 1;
        }
        long n = number(arg);
        atLeastOne("N", n);
        return n;
    }

    private static void atLeastOne(String what, long n) {
        if (n < 1) {
            throw new DebugException(what + " must be at least 1, got " + n);
        }
    }

    private static long number(String s) {
        try {
            String t = s.strip();
            return t.startsWith("0x") ? Long.parseLong(t.substring(2), 16) : Long.parseLong(t);
        } catch (NumberFormatException e) {
            throw new DebugException("not a number: '" + s.strip() + "'");
        }
    }

    /** A number that must fit an int (a cpu, a breakpoint, a count of words); cut to one it would name another. */
    private static int smallNumber(String s) {
        long n = number(s);
        if (n != (int) n) {
            throw new DebugException("'" + s.strip() + "' is out of range (expected a number from " + Integer.MIN_VALUE + " to "
                    + Integer.MAX_VALUE + ")");
        }
        return (int) n;
    }

    private static void need(boolean ok) {
        if (!ok) {
            throw new DebugException("bad arguments");
        }
    }
}
