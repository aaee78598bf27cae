package org.fdrsim.replayer;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.fdrsim.cpu.core.ProcessorListener;
import org.fdrsim.cpu.program.Symbol;
import org.fdrsim.recorder.dump.ValidationTrace;
import org.fdrsim.replayer.debug.Access;
import org.fdrsim.replayer.debug.DebugCommands;
import org.fdrsim.replayer.debug.DebugException;
import org.fdrsim.replayer.debug.DebugSession;
import org.fdrsim.replayer.debug.StopEvent;
import org.fdrsim.replayer.debug.StopReason;
import org.junit.jupiter.api.Test;

/** The debug engine (issue 13's acceptance) on recorded runs: watch/reverse-continue, forward and back, counts, traces. */
class DebugSessionTest {
    /** The last store that changed {@code word} in a plain replay: {cpu, ic, interval}, or null. */
    private static long[] lastStore(Recording r, long word) {
        ReplaySession s = new ReplaySession(r.input());
        long[][] last = new long[1][];
        long[] value = {s.loadWord(word)};
        s.setListener(new ProcessorListener() {
            @Override
            public void memoryAccess(int cpu, long ic, int pc, long address, boolean write, long v) {
                if (write && (address & ~7L) == word && s.loadWord(word) != value[0]) {
                    value[0] = s.loadWord(word);
                    last[0] = new long[] {cpu, ic, s.interval()};
                }
            }
        });
        s.resume();
        assertThat(s.problem()).isNull();
        return last[0];
    }

    @Test
    void watchGotoEndReverseContinueStopsAtTheLastStoreOnEveryExampleAndTheRandomTester() {
        record Case(String name, Recording r, String label) {}
        List<Case> cases = List.of(
                new Case("racy-counter", Recording.record(Recording.example("racy-counter.s"), Recording.config(4, 3, List.of())), "counter"),
                new Case("spin-lock", Recording.record(Recording.example("spin-lock.s"), Recording.config(3, 1, List.of())), "counter"),
                new Case("message-passing", Recording.record(Recording.example("message-passing.s"), Recording.config(2, 2, List.of())), "flag"),
                new Case("hello", Recording.record(Recording.example("hello.s"), Recording.config(1, 1, List.of())), "msg"),
                new Case("random-tester.s", Recording.record(Recording.example("random-tester.s"), Recording.config(4, 1, List.of())),
                        "shared+8"),
                // private-mix never halts: a cycle limit is its trigger (about 1.5 M instructions)
                new Case("private-mix", Recording.record(Recording.example("private-mix.s"),
                        Recording.config(4, 2, List.of("limits.maxCycles=3000000"))), "shared"),
                new Case("random-tester", Recording.record(Recording.randomTester(400),
                        Recording.config(4, 5, List.of("checkpoint.intervalCycles=15000"))), "shared"));
        for (Case c : cases) {
            // snapshots every tenth of the replay: reverse-continue scans back window by window
            long every = Math.max(1, c.r().input().loggedInstructions() / 10);
            DebugSession d = new DebugSession(c.r().input(), () -> ReplayProbe.NONE, every);
            long word = d.address(c.label());
            d.addWatchpoint(c.label(), null);
            assertThat(d.goToEnd().reason()).as(c.name()).isEqualTo(StopReason.END);
            StopEvent e = d.reverseContinue();
            long fin = c.r().expected().memory().toMemory().loadWord(word);
            long[] last = lastStore(c.r(), word);
            if (last == null) {
                // hello: nothing stores to its message
                assertThat(last).as(c.name()).isNull();
                assertThat(e.reason()).isEqualTo(StopReason.REACHED_START);
            } else {
                assertThat(e.reason()).as(c.name() + ": " + e.describe()).isEqualTo(StopReason.WATCHPOINT);
                assertThat(e.write().agent()).as(c.name()).isEqualTo((int) last[0]);
                assertThat(e.write().ic()).as(c.name()).isEqualTo(last[1]);
                assertThat(d.position().interval()).as(c.name()).isEqualTo((int) last[2]);
                assertThat(d.position().ic((int) last[0])).isEqualTo(last[1]);
                assertThat(e.write().newValue()).isEqualTo(fin);
            }
            assertThat(d.evaluate(c.label().contains("+") ? String.format("*0x%x", word) : c.label())).as(c.name()).isEqualTo(fin);
        }
    }

    /** Forward, back and forward again with snapshots every 1/20 of the replay: back moves start at the nearest one. */
    @Test
    void forwardToXBackToYForwardToXReachesTheSameStateHashAtOneHundredRandomPositions() {
        Recording r = Recording.record(Recording.randomTester(300), Recording.config(4, 7, List.of()));
        long total = r.input().loggedInstructions();
        long every = total / 20;
        DebugSession d = new DebugSession(r.input(), () -> ReplayProbe.NONE, every);
        Random rnd = new Random(13);
        int differentY = 0;
        long maxBack = 0;
        long sumBack = 0;
        for (int i = 0; i < 100; i++) {
            int cpu = rnd.nextInt(4);
            long end = d.agents().get(cpu).endIc();
            d.goTo(cpu, rnd.nextInt((int) end + 1)); // forward by stepping, or back by re-execution
            ReplayPosition x = d.position();
            long hx = d.stateHash();
            int back = rnd.nextInt(4);
            long before = d.snapshots().reexecuted();
            if (rnd.nextBoolean()) {
                d.setFocus(back);
                d.reverseStepi(1 + rnd.nextInt(500));
            } else {
                d.goTo(back, rnd.nextInt((int) Math.max(1, d.position().ic(back))));
            }
            long cost = d.snapshots().reexecuted() - before;
            maxBack = Math.max(maxBack, cost);
            sumBack += cost;
            if (!d.position().equals(x)) {
                differentY++;
                assertThat(d.stateHash()).as("another position, another state").isNotEqualTo(hx);
            }
            d.goTo(x);
            assertThat(d.position()).isEqualTo(x);
            assertThat(d.stateHash()).as("round " + i + " at " + x).isEqualTo(hx);
        }
        assertThat(differentY).isGreaterThan(80);
        // Going back re-executes from the nearest snapshot behind the target, not from the start
        // (that would average about total / 2): about one snapshot interval, rarely two.
        assertThat(d.snapshots().taken()).isGreaterThan(20);
        assertThat(maxBack).as("instructions re-executed by one move back").isLessThanOrEqualTo(2 * every);
        assertThat(sumBack / 100).as("on average").isLessThanOrEqualTo(every);
    }

    @Test
    void continueAndReverseContinueToAPlainWatchAtFullSpeedStopWhereSteppingStops() {
        Recording r = Recording.record(Recording.randomTester(300),
                Recording.config(4, 9, List.of("checkpoint.intervalCycles=15000")));
        long total = r.input().loggedInstructions();
        DebugSession fast = new DebugSession(r.input(), () -> ReplayProbe.NONE, total / 7);
        DebugSession stepping = new DebugSession(r.input(), () -> ReplayProbe.NONE, total / 13);
        fast.addWatchpoint("shared+8", null); // no condition: full-speed replay, then re-execution to the hit
        stepping.addWatchpoint("shared+8", "1"); // a condition: instruction by instruction
        int stops = 0;
        while (true) {
            StopEvent a = fast.cont();
            StopEvent b = stepping.cont();
            assertThat(a.reason()).isEqualTo(b.reason());
            if (a.reason() != StopReason.WATCHPOINT) {
                break;
            }
            stops++;
            assertThat(a.write()).isEqualTo(b.write());
            assertThat(a.where()).isEqualTo(b.where());
            assertThat(fast.position().ic(a.write().agent())).isEqualTo(a.write().ic());
            assertThat(fast.memoryWords(fast.address("shared+8"), 1)[0]).isEqualTo(a.write().newValue());
            // the cuts may differ (other agents), the writer's state and the word may not
            assertThat(fast.snapshot(a.write().agent())).isEqualTo(stepping.snapshot(b.write().agent()));
        }
        assertThat(stops).isGreaterThan(5);
        assertThat(fast.watchpoints().get(0).hits()).isEqualTo(stops);
        // and back: reverse-continue at full speed (plain) and instruction by instruction (condition) agree
        for (int i = 0; i < 3; i++) {
            StopEvent a = fast.reverseContinue();
            StopEvent b = stepping.reverseContinue();
            assertThat(a.reason()).isEqualTo(StopReason.WATCHPOINT).isEqualTo(b.reason());
            assertThat(a.write()).isEqualTo(b.write());
            assertThat(a.where()).isEqualTo(b.where());
        }
    }

    @Test
    void breakpointHitsEqualCountCallsAndTheLoopCount() {
        Recording r = Recording.record(Recording.example("racy-counter.s"), Recording.config(2, 3, List.of()));
        DebugSession d = new DebugSession(r.input(), () -> ReplayProbe.NONE, 500);
        long calls = d.countCalls("loop");
        int n = d.addBreakpoint("loop", -1, null);
        int stops = 0;
        StopEvent e;
        while ((e = d.cont()).reason() == StopReason.BREAKPOINT) {
            assertThat(e.number()).isEqualTo(n);
            assertThat(e.where().symbol()).isEqualTo("loop");
            stops++;
        }
        assertThat(e.reason()).isEqualTo(StopReason.END);
        assertThat(stops).isEqualTo(2 * 1000).isEqualTo(calls);
        assertThat(d.breakpoints().get(0).hits()).isEqualTo(stops);
        // reverse-continue comes back to the last hit
        StopEvent back = d.reverseContinue();
        assertThat(back.reason()).isEqualTo(StopReason.BREAKPOINT);
        assertThat(back.where().symbol()).isEqualTo("loop");
    }

    /** The kernel's trap entry is reached by syscalls and by interrupts: both are arrivals, for count calls as for a breakpoint. */
    @Test
    void breakpointHitsEqualCountCallsAtTheKernelEntryWhereInterruptsArrive() {
        Recording r = FullSystemReplayTest.record("programs/fullsys/disk-checksum.s", 2, 1, List.of());
        long interrupts = 0;
        for (IntervalLog log : r.input().intervals()) {
            for (int c = 0; c < log.cpus(); c++) {
                interrupts += log.interrupts(c).size();
            }
        }
        assertThat(interrupts).isPositive();
        DebugSession d = new DebugSession(r.input(), () -> ReplayProbe.NONE, 20_000);
        long calls = d.countCalls("k_entry");
        d.addBreakpoint("k_entry", -1, null);
        long stops = 0;
        while (d.cont().reason() == StopReason.BREAKPOINT) {
            stops++;
        }
        assertThat(stops).isEqualTo(calls).isGreaterThan(interrupts);
        assertThat(d.breakpoints().get(0).hits()).isEqualTo(stops);
    }

    @Test
    void reverseStepAndReverseContinueStopWhereTheyStopWithoutSnapshots() {
        Recording r = Recording.record(Recording.example("racy-counter.s"), Recording.config(2, 3, List.of()));
        DebugSession near = new DebugSession(r.input(), () -> ReplayProbe.NONE, 300);
        DebugSession none = new DebugSession(r.input(), () -> ReplayProbe.NONE, Long.MAX_VALUE / 4);
        for (DebugSession d : List.of(near, none)) {
            d.goTo(1, 3000);
            d.goTo(0, 2500);
        }
        // reverse-step: the focus to an earlier line start, the others where they are (as far as the arcs allow)
        for (int i = 0; i < 4; i++) {
            int n = 1 + i * 90;
            near.setFocus(i % 2);
            none.setFocus(i % 2);
            long ic = near.position().ic(i % 2);
            assertThat(near.reverseStep(n)).isEqualTo(none.reverseStep(n));
            assertThat(near.position()).isEqualTo(none.position());
            assertThat(near.stateHash()).isEqualTo(none.stateHash());
            // in the loop every line is one instruction
            assertThat(ic - near.position().ic(i % 2)).isEqualTo(n);
        }
        // reverse-continue: the same hits (the other agents are where each window's replay had them)
        for (DebugSession d : List.of(near, none)) {
            d.addBreakpoint("loop", 1, "r6 > 500");
        }
        for (int i = 0; i < 3; i++) {
            StopEvent a = near.reverseContinue();
            assertThat(a.reason()).isEqualTo(StopReason.BREAKPOINT);
            assertThat(a).isEqualTo(none.reverseContinue());
            assertThat(near.snapshot(1)).isEqualTo(none.snapshot(1));
        }
        assertThat(near.snapshots().snapshots()).isGreaterThan(10);
        assertThat(none.snapshots().snapshots()).isZero();
        assertThat(near.snapshots().reexecuted()).isLessThan(none.snapshots().reexecuted() / 3);
    }

    @Test
    void pastItsBudgetTheTimelineThinsOutEvenlyAndStillGoesBackToTheSameStates() {
        Recording r = Recording.record(Recording.randomTester(300), Recording.config(4, 7, List.of()));
        long total = r.input().loggedInstructions();
        long spacing = total / 400;
        DebugSession thin = new DebugSession(r.input(), () -> ReplayProbe.NONE, 10); // far more than 400 snapshots
        DebugSession plain = new DebugSession(r.input(), () -> ReplayProbe.NONE, Long.MAX_VALUE / 4);
        thin.goToEnd();
        assertThat(thin.snapshots().taken()).isGreaterThan(total / 10 - 10);
        assertThat(thin.snapshots().snapshots()).isEqualTo(400);
        // thinned over the whole replay, not by dropping the oldest or the newest
        assertThat(thin.snapshots().first()).isLessThan(total / 20);
        assertThat(thin.snapshots().last()).isGreaterThan(total - 3 * spacing);
        long before = thin.snapshots().reexecuted();
        thin.reverseStepi(1);
        assertThat(thin.snapshots().reexecuted() - before).isLessThan(total / 20);
        Random rnd = new Random(5);
        for (int i = 0; i < 20; i++) {
            int cpu = rnd.nextInt(4);
            plain.goTo(cpu, rnd.nextInt((int) plain.agents().get(cpu).endIc() + 1));
            thin.goTo(plain.position());
            assertThat(thin.position()).isEqualTo(plain.position());
            assertThat(thin.stateHash()).isEqualTo(plain.stateHash());
            assertThat(thin.snapshots().snapshots()).isLessThanOrEqualTo(400);
        }
    }

    @Test
    void infoSnapshotsReportsWhatTheTimelineHolds() {
        Recording r = Recording.record(Recording.example("racy-counter.s"), Recording.config(2, 3, List.of()));
        DebugSession d = new DebugSession(r.input(), () -> ReplayProbe.NONE, 500);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DebugCommands cmds = new DebugCommands(d, new PrintStream(bytes, true, UTF_8),
                file -> List.of());
        assertThat(cmds.execute("goto end")).isZero();
        assertThat(cmds.execute("info snapshots")).isZero();
        long n = r.input().loggedInstructions() / 500;
        int kept = d.snapshots().snapshots();
        assertThat((long) kept).isBetween(n - 1, n);
        assertThat(d.snapshots().hostBytes()).isPositive();
        assertThat(bytes.toString(UTF_8)).containsPattern(kept + " snapshots \\(" + kept
                + " taken, one every 500 instructions\\), at instructions \\d+\\.\\.\\d+; " + kept + " memory pages, 0\\.1 MB of host "
                + "memory; \\d+ instructions re-executed from them");
    }

    @Test
    void traceOfADeviceWordListsTheStoresOfTheValidationTrace() {
        Recording r = ValidationTraceTest.diskChecksum(5, List.of());
        ValidationTrace vt = r.dump().validation();
        List<String> expected = new ArrayList<>();
        long address = -1;
        for (ValidationTrace.Interval iv : vt.intervals()) {
            for (int c = 0; c < iv.cpus().size(); c++) {
                for (ValidationTrace.IoStore st : iv.cpus().get(c).stores()) {
                    if (address < 0) {
                        address = st.address();
                    }
                    if (st.address() == address) {
                        expected.add(iv.checkpoint() + " " + c + " " + st.ic() + " " + st.value());
                    }
                }
            }
        }
        assertThat(expected).isNotEmpty();
        DebugSession d = new DebugSession(r.input(), () -> DumpReplay.probe(r.dump()));
        List<String> traced = new ArrayList<>();
        for (Access a : d.trace(address, Integer.MAX_VALUE)) {
            assertThat(a.write()).isTrue();
            traced.add(a.interval() + " " + a.agent() + " " + a.ic() + " " + a.value());
        }
        traced.sort(null);
        expected.sort(null);
        assertThat(traced).isEqualTo(expected);
    }

    @Test
    void badRequestsAreOneLineErrorsAndReverseStopsAtTheStart() {
        Recording r = Recording.record(Recording.example("racy-counter.s"), Recording.config(2, 3, List.of()));
        DebugSession d = new DebugSession(r.input(), () -> ReplayProbe.NONE);
        assertThatThrownBy(() -> d.addBreakpoint("lop", -1, null)).isInstanceOf(DebugException.class)
                .hasMessageContaining("no label 'lop'").hasMessageContaining("nearest labels: loop");
        assertThatThrownBy(() -> d.evaluate("r4 +")).isInstanceOf(DebugException.class);
        assertThatThrownBy(() -> d.setFocus(2)).hasMessage("no cpu 2: the replay has cpus 0..1");
        d.stepi(3);
        StopEvent e = d.reverseStepi(10);
        assertThat(e.reason()).isEqualTo(StopReason.REACHED_START);
        assertThat(d.position().ic(0)).isZero();
        assertThat(d.reverseContinue().reason()).isEqualTo(StopReason.REACHED_START);
        // print: labels, registers, arithmetic
        d.stepi(5);
        Symbol counter = r.input().program().symbols().get("counter");
        assertThat(d.evaluate("counter+8*2-(counter)")).isEqualTo(16);
        assertThat(d.address("counter+8")).isEqualTo(counter.value() + 8);
        assertThat(d.evaluate("*(counter+0)")).isEqualTo(d.evaluate("counter"));
        assertThat(d.evaluate("r2")).isEqualTo(counter.value());
    }

    /** A number past an int once wrapped to another (x/4294967297 printed one word, cpu 4294967297 named cpu 1). */
    @Test
    void numbersPastAnIntAreRefusedNotWrapped() {
        Terminal t = Terminal.onRacyCounter();
        DebugSession d = t.session();
        ByteArrayOutputStream bytes = t.bytes();
        DebugCommands cmds = t.commands();
        String[] asks = {"x/4294967297 counter", "cpu 4294967297", "delete 4294967297", "goto 0:1@4294967296",
            "trace counter limit 4294967297", "break loop cpu 4294967297"};
        for (String ask : asks) {
            bytes.reset();
            assertThat(cmds.execute(ask)).as(ask).isEqualTo(DebugCommands.BAD_COMMAND);
            assertThat(bytes.toString(UTF_8)).as(ask).startsWith("'4294967")
                    .contains("is out of range (expected a number from -2147483648 to 2147483647)");
        }
        assertThat(d.breakpoints()).isEmpty();
        assertThat(d.position().ic(0)).isZero();
    }

    /**
     * A count, a word count or a limit out of its range says which and the range, where it said
     * "bad arguments"; an address outside memory is refused by {@code count} and {@code trace} as
     * by {@code watch}, where {@code count reads 0xffffffffffffffff} counted 0 (stop 52).
     */
    @Test
    void aNumberOutOfItsRangeAndAnAddressOutsideMemorySaySo() {
        Terminal t = Terminal.onRacyCounter();
        String[][] asks = {
            {"stepi 0", "N must be at least 1, got 0; usage: stepi [N]"},
            {"reverse-step -1", "N must be at least 1, got -1; usage: reverse-step [N]"},
            {"x/5000 counter", "N must be 1..4096 words, got 5000; usage: x/N ADDR"},
            {"x/0 counter", "N must be 1..4096 words, got 0; usage: x/N ADDR"},
            {"trace counter limit 0", "limit must be at least 1, got 0; usage: trace ADDR [limit N]"},
            {"count reads 0xffffffffffffffff", "address 0xffffffffffffffff is outside memory; usage: count reads|writes ADDR"},
            {"trace -8", "address 0xfffffffffffffff8 is outside memory; usage: trace ADDR [limit N]"},
        };
        for (String[] ask : asks) {
            t.bytes().reset();
            assertThat(t.commands().execute(ask[0])).as(ask[0]).isEqualTo(DebugCommands.BAD_COMMAND);
            assertThat(t.bytes().toString(UTF_8)).as(ask[0]).startsWith(ask[1]);
        }
        assertThat(t.session().position().ic(0)).isZero();
        t.bytes().reset();
        assertThat(t.commands().execute("count writes counter")).isEqualTo(DebugCommands.OK);
        assertThat(t.bytes().toString(UTF_8)).startsWith("writes counter: ");
    }

    /**
     * U+001C-U+001F are whitespace to Java's strip(): {@code count calls <FS>loop} once counted
     * {@code loop} and echoed the separators raw (DebugCommandsFuzzTest's finding). A control
     * character is refused in one escaped line; a tab still separates words.
     */
    @Test
    void controlCharactersInACommandAreRefusedAndTabsSeparateWords() {
        Terminal t = Terminal.onRacyCounter();
        for (String ask : new String[] {"count calls \u001cloop", "print \u001fcounter", "break loop\u001e",
            "watch counter\u001d", "stepi\u00851", "cpu\u0001 1", "\u001c", "\u001f# a comment?", "stepi\u001e"}) {
            t.bytes().reset();
            assertThat(t.commands().execute(ask)).as(ask).isEqualTo(DebugCommands.BAD_COMMAND);
            String said = t.bytes().toString(UTF_8);
            assertThat(said).as(ask).startsWith("the command holds a control character: '").contains("\\u00")
                    .doesNotContainPattern("[\\p{Cc}&&[^\\n\\r]]");
            assertThat(said.lines().count()).as(ask).isEqualTo(1);
        }
        assertThat(t.session().breakpoints()).isEmpty();
        t.bytes().reset();
        assertThat(t.commands().execute("count\tcalls\tloop")).isEqualTo(DebugCommands.OK);
        assertThat(t.bytes().toString(UTF_8)).startsWith("calls loop: ").doesNotContain("\t");
        t.bytes().reset();
        assertThat(t.commands().execute("print\tcounter\t+\t8")).isEqualTo(DebugCommands.OK);
        assertThat(t.bytes().toString(UTF_8)).startsWith("counter + 8 = ");
    }

    /**
     * A number in an expression is a 64-bit word, decimal as hexadecimal already was: the most
     * negative word can be written (it was "not a number: 9223372036854775808"), and a number
     * past 2^64 - 1 is still refused.
     */
    @Test
    void aDecimalNumberIsASixtyFourBitWordAsAHexadecimalOneIs() {
        Terminal t = Terminal.onRacyCounter();
        for (String[] ask : new String[][] {{"print -9223372036854775808", "= -9223372036854775808 (0x8000000000000000)"},
            {"print 18446744073709551615", "= -1 (0xffffffffffffffff)"}, {"print 0xffffffffffffffff", "= -1 (0xffffffffffffffff)"},
            {"print 9223372036854775807 + 1", "= -9223372036854775808 (0x8000000000000000)"}}) {
            t.bytes().reset();
            assertThat(t.commands().execute(ask[0])).as(ask[0]).isEqualTo(DebugCommands.OK);
            assertThat(t.bytes().toString(UTF_8)).as(ask[0]).contains(ask[1]);
        }
        t.bytes().reset();
        assertThat(t.commands().execute("print 18446744073709551616")).isEqualTo(DebugCommands.BAD_COMMAND);
        assertThat(t.bytes().toString(UTF_8)).contains("not a number: 18446744073709551616");
    }

    /** A mistyped command names the closest one within two edits (stop 51); a word far from all does not. */
    @Test
    void aMistypedCommandNamesTheClosest() {
        Terminal t = Terminal.onRacyCounter();
        assertThat(t.commands().execute("stpi 2")).isEqualTo(DebugCommands.BAD_COMMAND);
        assertThat(t.bytes().toString(UTF_8)).startsWith("unknown command 'stpi' (did you mean stepi?); commands: cpu, stepi,");
        t.bytes().reset();
        t.commands().execute("contnue");
        assertThat(t.bytes().toString(UTF_8)).startsWith("unknown command 'contnue' (did you mean continue?); commands:");
        t.bytes().reset();
        t.commands().execute("frobnicate");
        assertThat(t.bytes().toString(UTF_8)).startsWith("unknown command 'frobnicate'; commands:");
        assertThat(t.session().position().toString()).isEqualTo(Terminal.onRacyCounter().session().position().toString());
    }

    /** A debugger session on racy-counter (2 processors) and the command language printing into {@code bytes}. */
    private record Terminal(DebugSession session, ByteArrayOutputStream bytes, DebugCommands commands) {
        static Terminal onRacyCounter() {
            Recording r = Recording.record(Recording.example("racy-counter.s"), Recording.config(2, 3, List.of()));
            DebugSession d = new DebugSession(r.input(), () -> ReplayProbe.NONE);
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            return new Terminal(d, bytes, new DebugCommands(d, new PrintStream(bytes, true, UTF_8), file -> List.of()));
        }
    }
}
