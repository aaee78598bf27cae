package org.fdrsim.debugadapter;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.eclipse.lsp4j.debug.Breakpoint;
import org.eclipse.lsp4j.debug.BreakpointEventArguments;
import org.eclipse.lsp4j.debug.BreakpointEventArgumentsReason;
import org.eclipse.lsp4j.debug.DataBreakpoint;
import org.eclipse.lsp4j.debug.SetBreakpointsArguments;
import org.eclipse.lsp4j.debug.SetDataBreakpointsArguments;
import org.eclipse.lsp4j.debug.Source;
import org.eclipse.lsp4j.debug.SourceBreakpoint;
import org.fdrsim.replayer.debug.BreakpointInfo;
import org.fdrsim.replayer.debug.DebugException;
import org.fdrsim.replayer.debug.DebugSession;

/**
 * The client's breakpoint list and the engine's breakpoints and watchpoints, kept in step:
 * source breakpoints on {@code .s} lines and data breakpoints become engine breakpoints and
 * watchpoints; breakpoints made or deleted with debugger commands in the debug console become
 * {@code breakpoint} events (reason {@code new} / {@code removed}), so the client lists them.
 */
final class ClientBreakpoints {
    private final DebugSession session;
    /** The engine's breakpoint numbers by source file, as the client knows them. */
    private final Map<Path, List<Integer>> byFile = new TreeMap<>();
    /** The engine's watchpoint numbers of the client's data breakpoints. */
    private final List<Integer> watchpoints = new ArrayList<>();

    ClientBreakpoints(DebugSession session) {
        this.session = session;
    }

    /** {@code setBreakpoints}: the file's breakpoints are replaced by the asked ones. */
    Breakpoint[] setSource(SetBreakpointsArguments args, SourceMap sources) {
        if (args.getSource() == null || args.getSource().getPath() == null) {
            throw new DebugException("missing argument 'source.path': breakpoints are set on the program's .s files by path");
        }
        Path file = ClientPaths.of("source.path", args.getSource().getPath(), "one of the program's .s files")
                .toAbsolutePath().normalize();
        for (int number : byFile.getOrDefault(file, List.of())) {
            session.delete(number);
        }
        SourceBreakpoint[] asked = args.getBreakpoints() == null ? new SourceBreakpoint[0] : args.getBreakpoints();
        Breakpoint[] placed = new Breakpoint[asked.length];
        List<Integer> numbers = new ArrayList<>();
        for (int i = 0; i < asked.length; i++) {
            placed[i] = asked[i] == null ? refused("breakpoint " + i + " is null, expected {\"line\": N}")
                    : place(file, asked[i], numbers, sources);
            placed[i].setSource(args.getSource());
        }
        byFile.put(file, numbers);
        return placed;
    }

    /** One source breakpoint: on the first instruction of its line (or of the next line with code). */
    private Breakpoint place(Path file, SourceBreakpoint asked, List<Integer> numbers, SourceMap sources) {
        Breakpoint b = new Breakpoint();
        SourceMap.Placement p = sources.place(file, asked.getLine());
        b.setLine(p.verified() ? p.line() : asked.getLine());
        if (!p.verified()) {
            b.setVerified(false);
            b.setMessage("no instruction on or after line " + asked.getLine() + " of " + file.getFileName());
            return b;
        }
        try {
            int number = session.addBreakpoint("@" + p.pc(), -1, condition(asked.getCondition()));
            numbers.add(number);
            b.setId(number);
            b.setVerified(true);
        } catch (DebugException e) {
            b.setVerified(false);
            b.setMessage(e.getMessage());
        }
        return b;
    }

    /** {@code setDataBreakpoints}: the watchpoints are replaced by the asked ones. */
    Breakpoint[] setData(SetDataBreakpointsArguments args) {
        for (int number : watchpoints) {
            session.delete(number);
        }
        watchpoints.clear();
        DataBreakpoint[] asked = args.getBreakpoints() == null ? new DataBreakpoint[0] : args.getBreakpoints();
        Breakpoint[] placed = new Breakpoint[asked.length];
        for (int i = 0; i < asked.length; i++) {
            if (asked[i] == null || asked[i].getDataId() == null) {
                placed[i] = refused("data breakpoint " + i + " has no dataId: take one from a dataBreakpointInfo response");
                continue;
            }
            try {
                int number = session.addWatchpoint(asked[i].getDataId(), condition(asked[i].getCondition()));
                watchpoints.add(number);
                placed[i] = new Breakpoint();
                placed[i].setId(number);
                placed[i].setVerified(true);
            } catch (DebugException e) {
                placed[i] = refused(e.getMessage());
            }
        }
        return placed;
    }

    /**
     * After a debugger command: the engine's breakpoints the client does not know yet (made by
     * {@code break}, event {@code new}, listed under their source line) and the ones it knows
     * that are gone ({@code delete}, event {@code removed}). Watchpoints made in the console
     * stay the console's: DAP has no event that lists data breakpoints.
     */
    List<BreakpointEventArguments> changesAfterCommand(SourceMap sources) {
        List<BreakpointEventArguments> events = new ArrayList<>();
        List<Integer> engine = new ArrayList<>();
        for (BreakpointInfo b : session.breakpoints()) {
            engine.add(b.number());
            if (!known(b.number())) {
                Path path = sources.path(b.pc());
                Breakpoint bp = new Breakpoint();
                bp.setId(b.number());
                bp.setVerified(true);
                if (path != null) {
                    Source s = new Source();
                    s.setName(path.getFileName().toString());
                    s.setPath(path.toString());
                    bp.setSource(s);
                    bp.setLine(sources.line(b.pc()));
                    byFile.computeIfAbsent(path.toAbsolutePath().normalize(), k -> new ArrayList<>()).add(b.number());
                } else {
                    bp.setMessage(b.spec() + " (pc " + b.pc() + ", no source line)");
                    byFile.computeIfAbsent(Path.of(""), k -> new ArrayList<>()).add(b.number());
                }
                events.add(event(BreakpointEventArgumentsReason.NEW, bp));
            }
        }
        for (List<Integer> numbers : byFile.values()) {
            for (int i = numbers.size() - 1; i >= 0; i--) {
                if (!engine.contains(numbers.get(i))) {
                    Breakpoint bp = new Breakpoint();
                    bp.setId(numbers.remove(i));
                    bp.setVerified(false);
                    events.add(event(BreakpointEventArgumentsReason.REMOVED, bp));
                }
            }
        }
        return events;
    }

    private boolean known(int number) {
        for (List<Integer> numbers : byFile.values()) {
            if (numbers.contains(number)) {
                return true;
            }
        }
        return watchpoints.contains(number);
    }

    /** A breakpoint the client asked for and did not get, with why. */
    private static Breakpoint refused(String why) {
        Breakpoint b = new Breakpoint();
        b.setVerified(false);
        b.setMessage(why);
        return b;
    }

    private static BreakpointEventArguments event(String reason, Breakpoint b) {
        BreakpointEventArguments e = new BreakpointEventArguments();
        e.setReason(reason);
        e.setBreakpoint(b);
        return e;
    }

    /** A client's breakpoint condition for the engine: null if there is none (clients send "" too). */
    private static String condition(String asked) {
        return asked == null || asked.isBlank() ? null : asked;
    }
}
