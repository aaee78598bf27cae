package org.fdrsim.debugadapter;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.eclipse.lsp4j.debug.BreakpointEventArguments;
import org.eclipse.lsp4j.debug.ConfigurationDoneArguments;
import org.eclipse.lsp4j.debug.ContinueArguments;
import org.eclipse.lsp4j.debug.EvaluateArguments;
import org.eclipse.lsp4j.debug.EvaluateArgumentsContext;
import org.eclipse.lsp4j.debug.EvaluateResponse;
import org.eclipse.lsp4j.debug.InitializeRequestArguments;
import org.eclipse.lsp4j.debug.NextArguments;
import org.eclipse.lsp4j.debug.PauseArguments;
import org.eclipse.lsp4j.debug.SetBreakpointsArguments;
import org.eclipse.lsp4j.debug.Source;
import org.eclipse.lsp4j.debug.SourceBreakpoint;
import org.eclipse.lsp4j.debug.SteppingGranularity;
import org.eclipse.lsp4j.debug.StoppedEventArguments;
import org.eclipse.lsp4j.debug.TerminatedEventArguments;
import org.eclipse.lsp4j.debug.services.IDebugProtocolClient;
import org.fdrsim.replayer.debug.DebugSession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pause} and breakpoints made in the debug console, on the server itself (requests
 * called directly, the connection's "after each message" called by hand), so the order of a
 * pause and the motion it interrupts is fixed.
 */
class PauseAndConsoleBreakpointsTest {
    @TempDir
    static Path dir;
    private static RacyCounter racy;

    private final BlockingQueue<Object> events = new LinkedBlockingQueue<>();
    private ExecutorService worker;
    private DebugSession session;
    private ReplayDebugServer server;

    @BeforeAll
    static void record() throws Exception {
        racy = RacyCounter.record(dir);
    }

    @BeforeEach
    void start() throws Exception {
        worker = Executors.newSingleThreadExecutor();
        session = racy.session();
        server = new ReplayDebugServer(session, worker, () -> { });
        server.connect(new IDebugProtocolClient() {
            @Override
            public void stopped(StoppedEventArguments e) {
                events.add(e);
            }

            @Override
            public void terminated(TerminatedEventArguments e) {
                events.add("terminated");
            }

            @Override
            public void breakpoint(BreakpointEventArguments e) {
                events.add(e);
            }
        });
        server.initialize(new InitializeRequestArguments()).get();
        server.launch(Map.of("sourceRoot", racy.sourceRoot().toString(), "stopOnEntry", true)).get();
        server.configurationDone(new ConfigurationDoneArguments()).get();
        server.afterMessage();
        assertThat(nextStop().getReason()).isEqualTo("entry");
    }

    @AfterEach
    void stop() {
        worker.shutdownNow();
    }

    private Object next() throws InterruptedException {
        Object e = events.poll(60, TimeUnit.SECONDS);
        assertThat(e).as("an event").isNotNull();
        return e;
    }

    private StoppedEventArguments nextStop() throws InterruptedException {
        Object e;
        while (!((e = next()) instanceof StoppedEventArguments)) {
            // skip breakpoint events here
        }
        return (StoppedEventArguments) e;
    }

    /** Sends {@code line} to the debug console; it runs once {@code afterMessage} hands it to the worker. */
    private CompletableFuture<EvaluateResponse> askConsole(String line) {
        EvaluateArguments a = new EvaluateArguments();
        a.setExpression(line);
        a.setContext(EvaluateArgumentsContext.REPL);
        return server.evaluate(a);
    }

    private String console(String line) throws Exception {
        CompletableFuture<EvaluateResponse> result = askConsole(line);
        server.afterMessage(); // a command runs on the worker, after its request
        return result.get(60, TimeUnit.SECONDS).getResult();
    }

    /** Continues with no breakpoint in the way: the replay must reach its end. */
    private void continueToTheEnd(String why) throws Exception {
        server.continue_(new ContinueArguments()).get();
        server.afterMessage();
        assertThat(next()).as(why).isEqualTo("terminated");
    }

    @Test
    void aPauseRightAfterContinueStopsItWhereItIsWithReasonPause() throws Exception {
        SetBreakpointsArguments b = new SetBreakpointsArguments();
        Source s = new Source();
        s.setPath(racy.source().toString());
        b.setSource(s);
        SourceBreakpoint never = new SourceBreakpoint();
        never.setLine(racy.storeLine());
        never.setCondition("r0 == 1");
        b.setBreakpoints(new SourceBreakpoint[] {never});
        server.setBreakpoints(b).get();

        server.continue_(new ContinueArguments()).get();
        server.pause(new PauseArguments()).get(); // before the motion starts: it stops at its first check
        server.afterMessage();
        StoppedEventArguments e = nextStop();
        assertThat(e.getReason()).isEqualTo("pause");
        assertThat(session.ended()).isFalse();

        continueToTheEnd("without a pause it runs to the end");
    }

    @Test
    void aPauseThatAStepIgnoresDoesNotStopTheNextContinue() throws Exception {
        NextArguments step = new NextArguments();
        step.setThreadId(1);
        step.setGranularity(SteppingGranularity.INSTRUCTION);
        server.next(step).get();
        server.pause(new PauseArguments()).get(); // the step runs to its end: it is not interruptible
        server.afterMessage();
        assertThat(nextStop().getReason()).isEqualTo("step");

        continueToTheEnd("the pause ended with the step it was sent to");
    }

    @Test
    void aPauseStopsAConsoleGotoEndWithReasonPause() throws Exception {
        CompletableFuture<EvaluateResponse> result = askConsole("goto end");
        server.pause(new PauseArguments()).get(); // before the command starts: it stops at its first check
        server.afterMessage();

        assertThat(result.get(60, TimeUnit.SECONDS).getResult()).startsWith("interrupted");
        assertThat(nextStop().getReason()).isEqualTo("pause");
        assertThat(session.ended()).isFalse();
        assertThat(console("goto end")).as("without a pause it runs to the end").startsWith("end of the replay");
    }

    @Test
    void aPauseWhileStoppedIsAStoppedEventAtOnce() throws Exception {
        server.pause(new PauseArguments()).get();
        server.afterMessage();
        assertThat(nextStop().getReason()).isEqualTo("pause");
    }

    @Test
    void breakpointsMadeAndDeletedInTheConsoleAreBreakpointEvents() throws Exception {
        assertThat(console("break racy-counter.s:" + racy.storeLine())).startsWith("breakpoint 1 at pc ");
        BreakpointEventArguments made = (BreakpointEventArguments) next();
        assertThat(made.getReason()).isEqualTo("new");
        assertThat(made.getBreakpoint().getId()).isEqualTo(1);
        assertThat(made.getBreakpoint().getLine()).isEqualTo(racy.storeLine());
        assertThat(Path.of(made.getBreakpoint().getSource().getPath())).isEqualTo(racy.source());

        console("print r2"); // no change, no event
        console("delete 1");
        BreakpointEventArguments gone = (BreakpointEventArguments) next();
        assertThat(gone.getReason()).isEqualTo("removed");
        assertThat(gone.getBreakpoint().getId()).isEqualTo(1);
        assertThat(events).isEmpty();
    }
}
